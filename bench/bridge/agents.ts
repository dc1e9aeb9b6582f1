/**
 * The agent side of the bench, on the main thread: N SDK clients (each its own connection, found through
 * bridge.json like a real agent) or N raw `ws` clients sending the same request frame to the echo server.
 */
import WebSocket from 'ws';
import { connect } from '../../client/sdk/index';
import type { PermissionCall } from '../../client/sdk/index';

export interface Agents {
  request(agent: number): Promise<void>;
  close(): Promise<void>;
}

/** A realistic call: a Bash command from a project folder. */
export function benchCall(id: string, agent: number): PermissionCall {
  return {
    id,
    sessionId: `bench-session-${agent}`,
    cwd: '/home/dev/projects/gatehouse',
    tool: 'Bash',
    input: { command: 'npm test -- --run src/registry/race-registry.test.ts' },
  };
}

export function requestFrame(id: string, agent: number): string {
  return JSON.stringify({ type: 'permission.request', ...benchCall(id, agent) });
}

let runs = 0;

export async function gatehouseAgents(count: number, home: string): Promise<Agents> {
  // Ids must never repeat on one console, or it would replay a recorded decision instead of racing.
  const run = (runs += 1);
  const clients = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      connect({ agent: { name: `bench-${i}` }, env: { GATEHOUSE_HOME: home }, reconnect: false }),
    ),
  );
  const sent = clients.map(() => 0);
  return {
    async request(agent) {
      const seq = (sent[agent] = (sent[agent] ?? 0) + 1);
      const decision = await clients[agent]!.requestPermission(benchCall(`r${run}-a${agent}-${seq}`, agent));
      if (decision.behavior !== 'allow') throw new Error(`Unexpected decision ${decision.behavior}.`);
    },
    async close() {
      await Promise.all(clients.map((client) => client.close()));
    },
  };
}

export async function echoAgents(count: number, port: number): Promise<Agents> {
  const sockets = await Promise.all(
    Array.from({ length: count }, async (_, agent) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate: false });
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      let answered: (() => void) | undefined;
      socket.on('message', () => answered?.());
      // Same size as the SDK's frames for this agent: the id has the same shape.
      const frame = requestFrame(`r0-a${agent}-000000`, agent);
      return {
        socket,
        send: () =>
          new Promise<void>((resolve) => {
            answered = resolve;
            socket.send(frame);
          }),
      };
    }),
  );
  return {
    request: (agent) => sockets[agent]!.send(),
    async close() {
      await Promise.all(
        sockets.map(({ socket }) => new Promise((resolve) => socket.once('close', resolve).close())),
      );
    },
  };
}
