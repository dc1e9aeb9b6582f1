/**
 * The bridge under hostile and concurrent use, on real sockets: malformed and oversized frames, racers
 * colliding, a flooding peer, a dead peer. Whatever one connection does, every legitimate request on the
 * others is still decided exactly once.
 */
import { readFile } from 'node:fs/promises';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { PermissionDecision, RacerKind } from '../../common/protocol';
import { startTestCore } from '../support/test-core';
import type { ConsoleCore, ConsoleCoreOptions } from '../../main/core/console-core';
import { createMemoryDecisionStore } from '../../main/history/decision-store';
import { helloFor, openAgentSocket } from '../support/bridge-agent';
import { makeTempDir } from '../support/temp-dir';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(overrides: Partial<ConsoleCoreOptions> = {}) {
  const home = await makeTempDir();
  const store = createMemoryDecisionStore();
  const core = await startTestCore({
    home: join(home.path, 'gh'),
    port: 0,
    timeoutMs: 120_000,
    timeoutAction: 'passthrough',
    store,
    ...overrides,
  });
  cleanups.push(async () => {
    await core.close();
    await home.remove();
  });
  const token = JSON.parse(await readFile(core.discoveryPath, 'utf8')).token as string;
  return { core, store, token };
}

interface Peer {
  socket: WebSocket;
  replies: Array<Record<string, unknown>>;
  closed: Promise<number>;
  /** What this connection's hellos must carry. */
  proof: string;
  send(frame: unknown): void;
}

/** A connected agent whose hello has been welcomed; `replies` holds what came after the welcome. */
async function peer(core: ConsoleCore, token: string, options: WebSocket.ClientOptions = {}): Promise<Peer> {
  const { socket, proof } = await openAgentSocket(`ws://127.0.0.1:${core.port}/bridge`, token, options);
  const replies: Array<Record<string, unknown>> = [];
  const welcomed = new Promise((resolve) => socket.once('message', resolve));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  socket.send(JSON.stringify(helloFor(proof)));
  await welcomed;
  socket.on('message', (data) => replies.push(JSON.parse(data.toString())));
  return {
    socket,
    replies,
    closed,
    proof,
    send: (frame) => socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
  };
}

const request = (id: string, sessionId = 's') => ({
  type: 'permission.request',
  id,
  sessionId,
  cwd: '/project',
  tool: 'Bash',
  input: { command: `echo ${id}` },
});

async function until(probe: () => boolean): Promise<void> {
  while (!probe()) await new Promise((r) => setTimeout(r, 5));
}

const decisions = (p: Peer) =>
  p.replies.filter((r) => r.type === 'permission.decision') as unknown as PermissionDecision[];

/** Frames no legitimate agent sends: broken JSON, wrong shapes, wrong order, wrong types, binary. */
const hostileFrame = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.json({ maxDepth: 3 }),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc
    .record(
      {
        type: fc.constantFrom(
          'hello',
          'permission.request',
          'permission.cancel',
          'session.event',
          'permission.decision',
          'welcome',
          'error',
          '__proto__',
        ),
      },
      { requiredKeys: [] },
    )
    .chain((base) =>
      fc
        .dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 })
        .map((extra) => JSON.stringify({ ...extra, ...base })),
    ),
  fc
    .record({
      type: fc.constant('permission.request'),
      id: fc.oneof(fc.string({ maxLength: 300 }), fc.integer(), fc.constant(null)),
      sessionId: fc.oneof(fc.string({ maxLength: 20 }), fc.constant(undefined)),
      cwd: fc.oneof(fc.string({ maxLength: 20 }), fc.integer()),
      tool: fc.oneof(fc.string({ maxLength: 20 }), fc.constant('')),
      input: fc.oneof(fc.object({ maxDepth: 2 }), fc.string(), fc.constant(null)),
      mode: fc.oneof(fc.constantFrom('default', 'yolo', 'bypassPermissions'), fc.integer()),
    })
    .map((r) => JSON.stringify(r)),
  fc
    .record({
      type: fc.constant('permission.cancel'),
      id: fc.string({ maxLength: 10 }),
      reason: fc.constantFrom('aborted', 'answered-in-terminal', 'bored'),
    })
    .map((r) => JSON.stringify(r)),
  fc
    .record({
      type: fc.constant('hello'),
      protocol: fc.integer({ min: -5, max: 5 }),
      agent: fc.anything({ maxDepth: 1 }),
    })
    .map((r) => JSON.stringify(r)),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
  fc.constant('x'.repeat(70 * 1024)),
);

describe('the bridge under hostile input', () => {
  it('survives 10,000 malformed, oversized and out-of-order frames while every legitimate request is decided', async () => {
    const { core, token } = await start({
      limits: { maxFrameBytes: 64 * 1024, maxMessagesPerSecond: 1_000_000 },
    });
    core.registry.added.subscribe((view) => {
      if (view.sessionId === 'legit')
        setImmediate(() => core.registry.decide(view.id, 'console', { behavior: 'allow' }));
    });
    const honest = await peer(core, token);
    const frames = fc.sample(hostileFrame, { numRuns: 10_000, seed: 20261201 });
    let attacker = await peer(core, token);
    let sent = 0;
    let legit = 0;
    for (const frame of frames) {
      if (attacker.socket.readyState !== WebSocket.OPEN) attacker = await peer(core, token);
      attacker.send(frame);
      sent += 1;
      if (sent % 100 === 0) honest.send(request(`legit-${legit++}`, 'legit'));
      if (sent % 500 === 0) await new Promise((r) => setImmediate(r));
    }
    await until(() => decisions(honest).length === legit);
    expect(new Set(decisions(honest).map((d) => d.id)).size).toBe(legit);
    expect(honest.replies.filter((r) => r.type === 'error')).toEqual([]);
    // The console still serves a brand-new peer.
    const late = await peer(core, token);
    late.send(request('after-the-storm', 'legit'));
    await until(() => decisions(late).length === 1);
  });

  it('closes a connection that sends a frame over the size limit, leaving the others alone', async () => {
    const { core, token } = await start({ limits: { maxFrameBytes: 1024 } });
    const big = await peer(core, token);
    const other = await peer(core, token);
    other.send(request('kept'));
    await until(() => core.registry.has('kept'));
    big.send({ ...request('huge'), input: { content: 'x'.repeat(4096) } });
    expect(await big.closed).toBe(1009);
    core.registry.decide('kept', 'console', { behavior: 'deny' });
    await until(() => decisions(other).length === 1);
  });

  it('refuses a session more undecided requests than the limit, with an error naming it', async () => {
    const { core, token } = await start({ limits: { maxPendingPerSession: 3 } });
    const agent = await peer(core, token);
    for (let i = 0; i < 4; i++) agent.send(request(`p${i}`));
    await until(() => agent.replies.length === 1);
    expect(agent.replies[0]).toMatchObject({ type: 'error', code: 'too-many-pending', id: 'p3' });
    agent.send(request('other-session', 's2'));
    await until(() => core.registry.has('other-session'));
  });

  it('queues nothing from a right hello sent behind a wrong one in the same write', async () => {
    const { core, token } = await start();
    const { socket, proof } = await openAgentSocket(`ws://127.0.0.1:${core.port}/bridge`, token);
    socket.on('error', () => undefined);
    const replies: Array<Record<string, unknown>> = [];
    socket.on('message', (data) => replies.push(JSON.parse(data.toString())));
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    // ws writes each frame as it is sent; corked, the three leave in one write and are read in one chunk.
    const wire = (socket as unknown as { _socket: Socket })._socket;
    wire.cork();
    socket.send(JSON.stringify(helloFor('x'.repeat(proof.length))));
    socket.send(JSON.stringify(helloFor(proof)));
    socket.send(JSON.stringify(request('smuggled')));
    wire.uncork();
    // Every frame of that one read was handled before the close was seen here.
    expect(await closed).toBe(4401);
    expect(core.registry.has('smuggled')).toBe(false);
    expect(replies.map((reply) => reply.type)).toEqual(['error']);
  });

  it('answers another protocol version with unsupported-protocol', async () => {
    const { core, token } = await start();
    const agent = await peer(core, token);
    agent.send(helloFor(agent.proof, { name: 'future' }, 3));
    agent.send(helloFor(agent.proof, { name: 'present' }));
    await until(() => agent.replies.length === 2);
    expect(agent.replies[0]).toMatchObject({ type: 'error', code: 'unsupported-protocol' });
    expect(agent.replies[1]).toMatchObject({ type: 'welcome', protocol: 2, limits: expect.any(Object) });
  });
});

describe('racers', () => {
  it('N racers claiming M requests at once give exactly one decision per request, recorded once and delivered once', async () => {
    const { core, store, token } = await start();
    const agents = await Promise.all([0, 1, 2, 3].map(() => peer(core, token)));
    const M = 250;
    for (let i = 0; i < M; i++) agents[i % agents.length]!.send(request(`race-${i}`, `session-${i % 7}`));
    await until(() => core.registry.pending().length === M);

    const racers: RacerKind[] = ['console', 'notification', 'tray', 'grant', 'timeout', 'agent'];
    const outcomes = await Promise.all(
      core.registry.pending().flatMap((view) =>
        fc
          .sample(fc.shuffledSubarray(racers, { minLength: racers.length }), {
            numRuns: 1,
            seed: view.id.length,
          })[0]!
          .map(
            (racer, order) =>
              new Promise<{ id: string; racer: RacerKind; won: boolean; winner?: string }>((resolve) => {
                const run = () => {
                  const result = core.registry.decide(view.id, racer, {
                    behavior: racer === 'console' ? 'allow' : 'deny',
                  });
                  resolve({
                    id: view.id,
                    racer,
                    won: result.won,
                    ...('winner' in result ? { winner: result.winner } : {}),
                  });
                };
                if (order % 3 === 0) queueMicrotask(run);
                else if (order % 3 === 1) setImmediate(run);
                else run();
              }),
          ),
      ),
    );

    const winners = new Map<string, RacerKind>();
    for (const outcome of outcomes.filter((o) => o.won)) {
      expect(winners.has(outcome.id)).toBe(false);
      winners.set(outcome.id, outcome.racer);
    }
    expect(winners.size).toBe(M);
    for (const loser of outcomes.filter((o) => !o.won)) expect(loser.winner).toBe(winners.get(loser.id));

    await until(() => agents.reduce((n, a) => n + decisions(a).length, 0) === M);
    const delivered = agents.flatMap(decisions);
    expect(new Set(delivered.map((d) => d.id)).size).toBe(M);
    for (const decision of delivered) expect(decision.by).toBe(winners.get(decision.id));
    expect(store.records).toHaveLength(M);
    expect(new Set(store.records.map((r) => r.request.id)).size).toBe(M);
  });
});

describe('fairness and liveness', () => {
  it('rate-limits a flooding connection without refusing anything from the others', async () => {
    const { core, token } = await start({ limits: { maxMessagesPerSecond: 200 } });
    core.registry.added.subscribe((view) =>
      setImmediate(() => core.registry.decide(view.id, 'console', { behavior: 'allow' })),
    );
    const flooder = await peer(core, token);
    const polite = await peer(core, token);
    for (let i = 0; i < 3_000; i++)
      flooder.send({ type: 'session.event', sessionId: 'noise', event: 'stopped' });
    for (let i = 0; i < 100; i++) polite.send(request(`polite-${i}`, 'polite'));
    await until(() => decisions(polite).length === 100);
    expect(polite.replies.filter((r) => r.type === 'error')).toEqual([]);
    await until(() => flooder.replies.some((r) => r.code === 'rate-limited'));
    expect(flooder.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('drops a peer that stops answering pings, and keeps one that answers', async () => {
    const { core, token } = await start({ limits: { heartbeatMs: 100 } });
    const silent = await peer(core, token, { autoPong: false });
    const alive = await peer(core, token);
    silent.send(request('orphan'));
    await until(() => core.registry.has('orphan'));
    expect(await silent.closed).toBe(1006);
    expect(alive.socket.readyState).toBe(WebSocket.OPEN);
  });
});
