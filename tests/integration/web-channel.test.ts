/**
 * The web console's channel against the real console core, from the side of a hostile page or local
 * process: nothing decides before authentication, and thousands of malformed frames after it close only
 * the socket that sent them while the agent's request waits for the person's real answer.
 */
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { connectBridge } from '../../client/sdk/bridge-client';
import { bridgePeer, until } from '../support/bridge-peer';
import { startTestCore } from '../support/test-core';
import type { ConsoleCore } from '../../main/core/console-core';
import { makeTempDir } from '../support/temp-dir';
import { linkCode } from '../support/web-console-url';

let home: Awaited<ReturnType<typeof makeTempDir>>;
let core: ConsoleCore;

beforeEach(async () => {
  home = await makeTempDir();
  core = await startTestCore({
    home: join(home.path, 'gh'),
    userHome: join(home.path, 'user'),
    port: 0,
    timeoutMs: 120_000,
    timeoutAction: 'passthrough',
  });
});
afterEach(async () => {
  await core.close();
  await home.remove();
});

async function pendingAgentRequest(id: string) {
  const token = JSON.parse(await readFile(core.discoveryPath, 'utf8')).token as string;
  const agent = await connectBridge(
    { url: `ws://127.0.0.1:${core.port}/bridge`, token, source: 'environment' },
    { agent: { name: 'web-channel-test' } },
  );
  let settled = false;
  const decision = agent
    .requestPermission({
      id,
      sessionId: 's1',
      cwd: '/p',
      tool: 'Bash',
      input: { command: 'ls' },
      mode: 'default',
    })
    .finally(() => (settled = true));
  while (!core.registry.has(id)) await new Promise((r) => setTimeout(r, 5));
  return { agent, decision, settled: () => settled };
}

interface Client {
  socket: WebSocket;
  frames: Array<Record<string, unknown>>;
  closed: Promise<number>;
}

async function openConsole(authenticate: boolean): Promise<Client> {
  const socket = new WebSocket(`ws://127.0.0.1:${core.port}/console`, {
    origin: `http://127.0.0.1:${core.port}`,
  });
  const frames: Array<Record<string, unknown>> = [];
  socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise((resolve) => socket.once('open', resolve));
  if (authenticate) {
    socket.send(JSON.stringify({ type: 'auth', code: linkCode(core.webLink()) }));
    while (!frames.some((f) => f.type === 'ready')) await new Promise((r) => setTimeout(r, 2));
  }
  return { socket, frames, closed };
}

const decide = (seq: number, id: string) =>
  JSON.stringify({ type: 'invoke', seq, channel: 'queue:decide', args: { id, behavior: 'allow' } });

describe('the web console channel', () => {
  it('closes an invoke that comes before authentication and leaves the request undecided', async () => {
    const { agent, decision, settled } = await pendingAgentRequest('req-early');
    const client = await openConsole(false);
    client.socket.send(decide(1, 'req-early'));
    client.socket.send(JSON.stringify({ type: 'auth', code: linkCode(core.webLink()) }));
    expect(await client.closed).toBe(4401);
    expect(client.frames).toEqual([]);
    expect(core.registry.has('req-early')).toBe(true);
    expect(settled()).toBe(false);
    await core.service.handlers['queue:decide'](
      { id: 'req-early', behavior: 'deny' },
      { id: 'test', channel: 'web' },
    );
    await expect(decision).resolves.toMatchObject({ id: 'req-early', behavior: 'deny' });
    await agent.close();
  });

  const hostileArgs = fc.oneof(
    fc.constant({ id: 'req-fuzz', behavior: 'maybe' }),
    fc.record({ id: fc.string({ maxLength: 10 }), behavior: fc.constantFrom('allow', 'deny', 'maybe') }),
    fc.anything({ maxDepth: 2 }),
  );
  const hostileChannel = fc.oneof(
    fc.constantFrom('queue:decide', 'queue:list', 'grants:revoke', 'rules:save', 'constructor', 'toString'),
    fc.string({ maxLength: 120 }),
  );
  const hostileFrame = fc.oneof(
    fc
      .record({ seq: fc.nat(), channel: hostileChannel, args: hostileArgs })
      .map((frame) => JSON.stringify({ type: 'invoke', ...frame })),
    fc.string({ maxLength: 200 }),
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
    fc
      .record(
        {
          type: fc.constantFrom('invoke', 'auth', 'event', 'result', '__proto__'),
          seq: fc.oneof(fc.integer(), fc.double(), fc.string({ maxLength: 5 })),
          channel: hostileChannel,
          args: hostileArgs,
          code: fc.oneof(fc.string({ maxLength: 250 }), fc.integer()),
          secret: fc.oneof(fc.string({ maxLength: 250 }), fc.integer()),
        },
        { requiredKeys: ['type'] },
      )
      .map((frame) => JSON.stringify(frame)),
  );

  it('survives 500 malformed frames, closing only the sockets that sent them, and still decides the request', async () => {
    const { agent, decision, settled } = await pendingAgentRequest('req-fuzz');
    const frames = fc.sample(hostileFrame, { numRuns: 500, seed: 20261203 });
    const codes = new Map<number, number>();
    let results = 0;
    let client = await openConsole(true);
    for (const [seq, frame] of frames.entries()) {
      const before = client.frames.length;
      client.socket.send(frame);
      // A probe after each frame: either it is answered (the frame was a well-formed invoke) or the socket closed.
      client.socket.send(
        JSON.stringify({ type: 'invoke', seq: 1_000_000 + seq, channel: 'console:status', args: {} }),
      );
      const outcome = await Promise.race([
        client.closed.then((code) => ({ code })),
        (async () => {
          while (!client.frames.slice(before).some((f) => f.seq === 1_000_000 + seq))
            await new Promise((r) => setTimeout(r, 1));
          return { code: undefined };
        })(),
      ]);
      if (outcome.code === undefined) {
        results += client.frames
          .slice(before)
          .filter((f) => f.type === 'result' && f.seq !== 1_000_000 + seq).length;
        continue;
      }
      codes.set(outcome.code, (codes.get(outcome.code) ?? 0) + 1);
      client = await openConsole(true);
    }
    // Both paths really ran: frames that closed their socket, and well-formed invokes that were answered.
    expect([...codes.keys()]).toEqual([4400]);
    expect(codes.get(4400)).toBeGreaterThan(100);
    expect(results).toBeGreaterThan(50);
    expect(core.registry.has('req-fuzz')).toBe(true);
    expect(settled()).toBe(false);

    client.socket.send(
      JSON.stringify({
        type: 'invoke',
        seq: 1,
        channel: 'queue:decide',
        args: { id: 'req-fuzz', behavior: 'deny' },
      }),
    );
    await expect(decision).resolves.toMatchObject({ id: 'req-fuzz', behavior: 'deny', by: 'console' });
    client.socket.close();
    await agent.close();
  }, 60_000);
});

describe('a __proto__ key in a tool input', () => {
  it('is on the card, and the input the person edits reaches the agent with it', async () => {
    const token = JSON.parse(await readFile(core.discoveryPath, 'utf8')).token as string;
    const agent = await bridgePeer(core.port, token);
    // Raw text: JSON.parse makes "__proto__" an own key, which is how it arrives from any agent.
    agent.send(
      '{"type":"permission.request","id":"proto","sessionId":"s1","cwd":"/p","tool":"mcp__db__query",' +
        '"input":{"__proto__":{"table":"users"},"sql":"select 1"}}',
    );
    await until(() => core.registry.has('proto'));
    const client = await openConsole(true);
    client.socket.send(JSON.stringify({ type: 'invoke', seq: 1, channel: 'queue:list', args: {} }));
    await until(() => client.frames.some((f) => f.type === 'result' && f.seq === 1));
    const listed = JSON.stringify(client.frames.find((f) => f.type === 'result' && f.seq === 1));
    expect(listed).toContain('"input":{"__proto__":{"table":"users"},"sql":"select 1"}');

    client.socket.send(
      '{"type":"invoke","seq":2,"channel":"queue:decide","args":{"id":"proto","behavior":"allow",' +
        '"updatedInput":{"__proto__":{"table":"orders"},"sql":"select 2"}}}',
    );
    const decision = await agent.next();
    expect(decision).toMatchObject({ type: 'permission.decision', id: 'proto', behavior: 'allow' });
    expect(JSON.stringify(decision.updatedInput)).toBe('{"__proto__":{"table":"orders"},"sql":"select 2"}');
    client.socket.close();
    agent.close();
  });
});
