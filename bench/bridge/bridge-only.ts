/**
 * The bridge and the race registry alone, composed from the same parts as the console core but without
 * its per-request screening (the engine explaining each request from the agent's settings files) and with
 * no store: decisions are neither recorded nor replayed. The bench runs it beside the full console to show
 * how much of a round trip is the SDK and the bridge, and how much is the console's own work per request.
 * Not the in-memory store, which keeps every decision by design (the soak measures it): its heap would grow
 * through the whole run, and the collections of that heap would count as the bridge's latency.
 */
import { mkdir } from 'node:fs/promises';
import { PROTOCOL_VERSION } from '../../common/protocol';
import { writeDiscoveryFile } from '../../main/bridge/discovery-file';
import { DEFAULT_LIMITS, type BridgeLimits } from '../../main/bridge/limits';
import { bridgeRoute } from '../../main/core/routes';
import { listenLoopback } from '../../main/server/loopback-server';
import type { DecisionStore } from '../../main/history/decision-store';
import { RaceRegistry } from '../../main/registry/race-registry';
import { generateToken } from '../../main/secrets/token';

const NO_STORE: DecisionStore = {
  record: () => undefined,
  batch: (work) => work(),
  find: () => undefined,
};

export async function startBridgeOnly(home: string, lifted: Partial<BridgeLimits>) {
  await mkdir(home, { recursive: true, mode: 0o700 });
  const token = generateToken();
  const limits = { ...DEFAULT_LIMITS, ...lifted };
  const registry = new RaceRegistry({
    store: NO_STORE,
    defaultTimeoutMs: 60_000,
    timeoutAction: 'passthrough',
    disconnectGraceMs: 10_000,
    resumeGraceMs: 5_000,
  });
  const server = await listenLoopback({
    port: 0,
    routes: [
      bridgeRoute({ registry, limits, consoleVersion: 'bench', token: () => token, allowedOrigins: [] }),
    ],
    onRequest: (_request, response) => void response.writeHead(404).end(),
  });
  await writeDiscoveryFile(home, { protocol: PROTOCOL_VERSION, port: server.port, pid: process.pid, token });
  return {
    registry,
    port: server.port,
    async close() {
      registry.close();
      await server.close();
    },
  };
}
