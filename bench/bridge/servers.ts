/**
 * The server side of the bench, in a process of its own: the real console core (its default SQLite
 * history, or the in-memory store), the bridge and registry alone with no store, a server that only answers
 * decisions, a raw `ws` echo server as the floor to compare with, or that echo committing one decision's rows
 * before it answers (the floor for the console). The first two get a console-side racer
 * that allows every request the instant it is shown. All listen on 127.0.0.1 only.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocketServer } from 'ws';
import type { RawData } from 'ws';
import {
  bridgeProof,
  CHALLENGE_HEADER,
  NONCE_BYTES,
  NONCE_HEADER,
  PROOF_HEADER,
} from '../../common/bridge-proof';
import { PROTOCOL_VERSION } from '../../common/protocol';
import { writeDiscoveryFile } from '../../main/bridge/discovery-file';
import { startConsoleCore } from '../../main/core/console-core';
import { createSqliteHistory, HISTORY_FILE } from '../../main/history';
import { createMemoryDecisionStore } from '../../main/history/decision-store';
import type { RaceRegistry } from '../../main/registry/race-registry';
import { heapUsedBytes } from '../support/heap';
import { serveRpc } from '../support/rpc';
import { startBridgeOnly } from './bridge-only';
import { decisionRows } from './commit-floor';

export type StoreKind = 'history' | 'memory';

export type ServerSpec =
  | { readonly kind: 'console'; readonly store: StoreKind }
  | { readonly kind: 'bridge' }
  /** Answers every request with an allow and does nothing else: what is left is the SDK's own cost. */
  | { readonly kind: 'decision-echo' }
  | { readonly kind: 'echo' }
  /** The echo, after one commit of one decision's rows to the console's SQLite history: nothing else. */
  | { readonly kind: 'commit-echo' };

export interface ServerInfo {
  /** GATEHOUSE_HOME of the console (agents discover it through bridge.json). */
  readonly home?: string;
  readonly port: number;
}

export interface HeapReport {
  readonly heapBytes: number;
  /** Decisions the in-memory store holds (0 for the history, which keeps them on disk). */
  readonly keptInMemory: number;
}

/**
 * The bridge's sustained rate limit is 500 messages a second per connection; one closed-loop agent sends
 * far more than that, so the bench lifts it to measure the round trip rather than the limiter.
 */
export const BENCH_RATE_LIMIT = 10_000_000;
/**
 * The pending caps lifted too: when the console falls behind the open loop's 2,000 requests a second (a
 * loaded machine), its p99 should say so, not a refusal end the run.
 */
export const BENCH_LIMITS = {
  maxMessagesPerSecond: BENCH_RATE_LIMIT,
  maxPendingPerSession: 1_000_000,
  maxPendingPerConnection: 1_000_000,
  maxPendingPerToken: 1_000_000,
  maxPendingTotal: 1_000_000,
};

/** The console-side racer: a person who allows every request the instant its card is shown. */
function allowAtOnce(registry: RaceRegistry): void {
  registry.added.subscribe((view) => registry.decide(view.id, 'console', { behavior: 'allow' }));
}

export async function serve(spec: ServerSpec): Promise<void> {
  if (spec.kind === 'echo' || spec.kind === 'decision-echo' || spec.kind === 'commit-echo') {
    const root = await mkdtemp(join(tmpdir(), 'gatehouse-bench-'));
    const history = spec.kind === 'commit-echo' ? createSqliteHistory(join(root, HISTORY_FILE)) : undefined;
    let committed = 0;
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
    const answer =
      spec.kind === 'decision-echo'
        ? (data: RawData) => {
            const { type, id } = JSON.parse(data.toString()) as { type: string; id: string };
            return type === 'permission.request'
              ? JSON.stringify({ type: 'permission.decision', id, behavior: 'allow', by: 'console' })
              : undefined;
          }
        : (data: RawData) => {
            history?.record(decisionRows(`e-${(committed += 1)}`));
            return data;
          };
    wss.on('connection', (socket) =>
      socket.on('message', (data) => {
        const reply = answer(data);
        if (reply !== undefined) socket.send(reply);
      }),
    );
    await new Promise((resolve) => wss.once('listening', resolve));
    const port = (wss.address() as { port: number }).port;
    const token = 'bench-'.repeat(4);
    // SDK agents connect only to a server that proves the token (common/bridge-proof.ts), as the console does.
    if (spec.kind === 'decision-echo')
      wss.on('headers', (headers, request) => {
        const nonce = String(request.headers[NONCE_HEADER]);
        headers.push(`${PROOF_HEADER}: ${bridgeProof(token, nonce, 'gatehouse-server', port)}`);
        headers.push(`${CHALLENGE_HEADER}: ${randomBytes(NONCE_BYTES).toString('base64url')}`);
      });
    // Announced like a console, so SDK agents find it the way they find the real one.
    await writeDiscoveryFile(root, {
      protocol: PROTOCOL_VERSION,
      port,
      pid: process.pid,
      token,
    });
    serveRpc({
      info: (): ServerInfo => ({ home: root, port }),
      heap: (): HeapReport => ({ heapBytes: heapUsedBytes(), keptInMemory: 0 }),
      stop: async () => {
        await new Promise((resolve) => wss.close(resolve));
        history?.close();
        await rm(root, { recursive: true, force: true });
      },
    });
    return;
  }

  const root = await mkdtemp(join(tmpdir(), 'gatehouse-bench-'));
  const home = join(root, 'gatehouse');
  if (spec.kind === 'bridge') {
    const bridge = await startBridgeOnly(home, BENCH_LIMITS);
    allowAtOnce(bridge.registry);
    serveRpc({
      info: (): ServerInfo => ({ home, port: bridge.port }),
      heap: (): HeapReport => ({ heapBytes: heapUsedBytes(), keptInMemory: 0 }),
      stop: async () => {
        await bridge.close();
        await rm(root, { recursive: true, force: true });
      },
    });
    return;
  }

  // The console explains every request from the agent's settings files: an empty home, not the user's.
  const userHome = join(root, 'user');
  await mkdir(userHome);
  const memory = spec.store === 'memory' ? createMemoryDecisionStore() : undefined;
  const core = await startConsoleCore({
    home,
    port: 0,
    timeoutMs: 60_000,
    timeoutAction: 'passthrough',
    limits: BENCH_LIMITS,
    userHome,
    ...(memory ? { store: memory } : {}),
  });
  allowAtOnce(core.registry);
  const info: ServerInfo = { home, port: core.port };
  serveRpc({
    info: () => info,
    heap: (): HeapReport => ({ heapBytes: heapUsedBytes(), keptInMemory: memory?.records.length ?? 0 }),
    stop: async () => {
      await core.close();
      await rm(root, { recursive: true, force: true });
    },
  });
}
