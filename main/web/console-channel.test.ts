/**
 * The web console's channel on a real loopback socket, with a service that records what reached it: the
 * authentication deadline, and that nothing reaches a handler or a subscription before authentication.
 */
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ConsoleHandlers } from '../../common/console-contract';
import { guardConsoleUpgrade } from '../server/console-guard';
import { listenLoopback } from '../server/loopback-server';
import type { LoopbackServer } from '../server/loopback-server';
import type { ConsoleService } from '../console/console-service';
import { serveConsoleChannel } from './console-channel';

const TOKEN = 'console-token-for-the-test';
const servers: LoopbackServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function serve(authDeadlineMs: number) {
  const reached: string[] = [];
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
        onConnection: (socket) => serveConsoleChannel(socket, { service, token: TOKEN, authDeadlineMs }),
      },
    ],
    onRequest: (_request, response) => response.writeHead(404).end(),
  });
  servers.push(server);
  return { server, reached };
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
    const { server, reached } = await serve(150);
    const client = open(server.port);
    await client.opened;
    client.socket.send(JSON.stringify({ type: 'auth', token: TOKEN }));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    expect(client.frames).toEqual([{ type: 'ready' }]);
    expect(reached).toEqual(['subscribe']);
    client.socket.close();
  });

  it('closes an invoke sent before authentication without running its handler', async () => {
    const { server, reached } = await serve(60_000);
    const client = open(server.port);
    await client.opened;
    client.socket.send(JSON.stringify({ type: 'invoke', seq: 1, channel: 'queue:list', args: {} }));
    client.socket.send(JSON.stringify({ type: 'auth', token: TOKEN }));
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
      'an auth with an oversized token',
      JSON.stringify({ type: 'auth', token: 'x'.repeat(201) }),
      'Unknown frame.',
    ],
  ])('closes with 4400 on %s, before or after authentication', async (_name, frame, reason) => {
    const { server, reached } = await serve(60_000);
    const before = open(server.port);
    await before.opened;
    before.socket.send(frame);
    expect(await before.closed).toEqual({ code: 4400, reason });
    expect(before.frames).toEqual([]);

    const after = open(server.port);
    await after.opened;
    after.socket.send(JSON.stringify({ type: 'auth', token: TOKEN }));
    after.socket.send(frame);
    expect(await after.closed).toEqual({ code: 4400, reason });
    expect(after.frames).toEqual([{ type: 'ready' }]);
    expect(reached.filter((entry) => entry.startsWith('invoke'))).toEqual([]);
  });
});
