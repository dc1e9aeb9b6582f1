/**
 * The web console's channel on a real loopback socket, with a service that records what reached it: the
 * authentication deadline, and that nothing reaches a handler or a subscription before authentication.
 */
import { createHash, createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { ConsoleHandlers } from '../../common/console-contract';
import { guardConsoleUpgrade } from '../server/console-guard';
import { listenLoopback } from '../server/loopback-server';
import type { LoopbackServer } from '../server/loopback-server';
import type { ConsoleService } from '../console/console-service';
import { LINK_CODE_TTL_MS, resumeProofMessage } from '../../common/console-contract';
import { serveConsoleChannel } from './console-channel';
import { createConsolePasses } from './console-passes';
const servers: LoopbackServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function serve(authDeadlineMs: number) {
  const reached: string[] = [];
  const clock = { at: 1_000_000 };
  const passes = createConsolePasses(() => clock.at);
  const service = {
    handlers: new Proxy({} as ConsoleHandlers, {
      get: (_target, channel) => () => {
        reached.push(`invoke:${String(channel)}`);
        return { ok: true, value: [] };
      },
    }),
    subscribe: () => {
      reached.push('subscribe');
      return () => undefined;
    },
    disconnect: () => reached.push('disconnect'),
  } satisfies ConsoleService;
  const server = await listenLoopback({
    port: 0,
    routes: [
      {
        path: '/console',
        maxPayload: 64 * 1024,
        guard: (request, port) => guardConsoleUpgrade(request, { port, path: '/console' }),
        onConnection: (socket, request) =>
          serveConsoleChannel(socket, {
            service,
            passes,
            port: request.socket.localPort ?? 0,
            authDeadlineMs,
          }),
      },
    ],
    onRequest: (_request, response) => response.writeHead(404).end(),
  });
  servers.push(server);
  return { server, reached, passes, clock };
}

function open(port: number) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/console`, { origin: `http://127.0.0.1:${port}` });
  const frames: unknown[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, frames, closed, opened };
}

describe('the console channel', () => {
  it('closes a socket that never authenticates once the deadline passes, having sent it nothing', async () => {
    const { server, reached } = await serve(150);
    const client = open(server.port);
    await client.opened;
    expect(await client.closed).toEqual({ code: 4401, reason: 'Authenticate first.' });
    expect(client.frames).toEqual([]);
    expect(reached.filter((entry) => entry !== 'disconnect')).toEqual([]);
  });

  it('does not close an authenticated socket at the deadline', async () => {
    // A deadline a loaded machine still authenticates within; the wait then runs well past it.
    const deadlineMs = 1_000;
    const { server, reached, passes } = await serve(deadlineMs);
    const client = open(server.port);
    await client.opened;
    const openedAt = Date.now();
    client.socket.send(JSON.stringify({ type: 'auth', code: passes.issueCode() }));
    while (client.frames.length === 0) await new Promise((resolve) => setTimeout(resolve, 2));
    await new Promise((resolve) => setTimeout(resolve, deadlineMs + 300 - (Date.now() - openedAt)));
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    expect(client.frames).toEqual([{ type: 'ready', secret: expect.any(String) }]);
    expect(reached).toEqual(['subscribe']);
    client.socket.close();
  });

  it('closes an invoke sent before authentication without running its handler', async () => {
    const { server, reached, passes } = await serve(60_000);
    const client = open(server.port);
    await client.opened;
    client.socket.send(JSON.stringify({ type: 'invoke', seq: 1, channel: 'queue:list', args: {} }));
    client.socket.send(JSON.stringify({ type: 'auth', code: passes.issueCode() }));
    expect(await client.closed).toEqual({ code: 4401, reason: 'Authenticate first.' });
    expect(client.frames).toEqual([]);
    expect(reached.filter((entry) => entry !== 'disconnect')).toEqual([]);
  });

  it.each([
    ['text that is not JSON', '{not json', 'Frames must be JSON.'],
    ['binary garbage', Buffer.from([0xff, 0x00, 0x7b]), 'Frames must be JSON.'],
    ['an unknown frame type', JSON.stringify({ type: 'subscribe' }), 'Unknown frame.'],
    [
      'an invoke with a negative seq',
      JSON.stringify({ type: 'invoke', seq: -1, channel: 'x' }),
      'Unknown frame.',
    ],
    [
      'an auth with an oversized code',
      JSON.stringify({ type: 'auth', code: 'x'.repeat(201) }),
      'Unknown frame.',
    ],
    [
      'an auth that carries the old token field',
      JSON.stringify({ type: 'auth', token: 'x'.repeat(43) }),
      'Unknown frame.',
    ],
  ])('closes with 4400 on %s, before or after authentication', async (_name, frame, reason) => {
    const { server, reached, passes } = await serve(60_000);
    const before = open(server.port);
    await before.opened;
    before.socket.send(frame);
    expect(await before.closed).toEqual({ code: 4400, reason });
    expect(before.frames).toEqual([]);

    const after = open(server.port);
    await after.opened;
    after.socket.send(JSON.stringify({ type: 'auth', code: passes.issueCode() }));
    after.socket.send(frame);
    expect(await after.closed).toEqual({ code: 4400, reason });
    expect(after.frames).toEqual([{ type: 'ready', secret: expect.any(String) }]);
    expect(reached.filter((entry) => entry.startsWith('invoke'))).toEqual([]);
  });

  it('refuses a link opened a second time, saying it was used, and lets the first tab resume once', async () => {
    const { server, reached, passes } = await serve(60_000);
    const code = passes.issueCode();
    const first = open(server.port);
    await first.opened;
    first.socket.send(JSON.stringify({ type: 'auth', code }));
    while (first.frames.length === 0) await new Promise((resolve) => setTimeout(resolve, 2));
    const { secret } = first.frames[0] as { secret: string };

    const replay = open(server.port);
    await replay.opened;
    replay.socket.send(JSON.stringify({ type: 'auth', code }));
    expect(await replay.closed).toEqual({
      code: 4409,
      reason: 'This link was already used; each link opens the console once.',
    });
    expect(replay.frames).toEqual([]);

    first.socket.close();
    await first.closed;
    const reload = open(server.port);
    await reload.opened;
    reload.socket.send(JSON.stringify({ type: 'auth', secret }));
    while (reload.frames.length === 0) await new Promise((resolve) => setTimeout(resolve, 2));
    expect(reload.frames).toEqual([{ type: 'ready', secret: expect.not.stringMatching(secret) }]);

    const copied = open(server.port);
    await copied.opened;
    copied.socket.send(JSON.stringify({ type: 'auth', secret }));
    expect((await copied.closed).code).toBe(4409);
    expect(reached.filter((entry) => entry === 'subscribe')).toHaveLength(2);
    reload.socket.close();
  });

  it('refuses a link opened after its time, saying it expired', async () => {
    const { server, reached, passes, clock } = await serve(60_000);
    const code = passes.issueCode();
    clock.at += LINK_CODE_TTL_MS;
    const late = open(server.port);
    await late.opened;
    late.socket.send(JSON.stringify({ type: 'auth', code }));
    expect(await late.closed).toEqual({ code: 4410, reason: 'This link has expired.' });
    expect(late.frames).toEqual([]);
    expect(reached.filter((entry) => entry !== 'disconnect')).toEqual([]);
  });
});

describe('a tab coming back with its secret', () => {
  const sha = (text: string) => createHash('sha256').update(text).digest('base64url');
  const expectedProof = (secret: string, port: number, nonce: string) =>
    createHmac('sha256', sha(secret))
      .update(resumeProofMessage(String(port), nonce))
      .digest('base64url');

  it('hears a proof bound to this console’s port before it shows the secret, which then opens the console', async () => {
    const { server, passes } = await serve(5_000);
    const opened = passes.redeem({ code: passes.issueCode() });
    if (!opened.ok) throw new Error('the code did not open the console');
    opened.release();
    const client = open(server.port);
    await client.opened;
    client.socket.send(JSON.stringify({ type: 'challenge', for: sha(sha(opened.secret)), nonce: 'n-1' }));
    await vi.waitFor(() => expect(client.frames).toHaveLength(1));
    expect(client.frames[0]).toEqual({
      type: 'proof',
      proof: expectedProof(opened.secret, server.port, 'n-1'),
    });
    client.socket.send(JSON.stringify({ type: 'auth', secret: opened.secret }));
    await vi.waitFor(() => expect(client.frames).toHaveLength(2));
    expect(client.frames[1]).toMatchObject({ type: 'ready' });
    client.socket.close();
  });

  it('is refused, with nothing proved, when this console never handed that secret out', async () => {
    const { server } = await serve(5_000);
    const client = open(server.port);
    await client.opened;
    client.socket.send(JSON.stringify({ type: 'challenge', for: sha(sha('x'.repeat(43))), nonce: 'n-1' }));
    expect((await client.closed).code).toBe(4401);
    expect(client.frames).toEqual([]);
  });
});
