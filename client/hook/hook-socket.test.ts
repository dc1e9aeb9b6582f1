/** The hook's own WebSocket client against `ws`, the server the console runs. */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import { ConnectError, openHookSocket } from './hook-socket';

const TOKEN = 'k'.repeat(43);
let server: WebSocketServer | undefined;

afterEach(async () => {
  for (const client of server?.clients ?? []) client.terminate();
  await new Promise((done) => (server ? server.close(done) : done(undefined)));
  server = undefined;
});

async function listen(onConnection: (socket: WebSocket) => void = () => undefined): Promise<string> {
  server = new WebSocketServer({
    port: 0,
    host: '127.0.0.1',
    verifyClient: ({ req }, done) => done(req.headers.authorization === `Bearer ${TOKEN}`, 401),
  });
  server.on('connection', onConnection);
  await new Promise((done) => server!.once('listening', done));
  return `ws://127.0.0.1:${(server.address() as AddressInfo).port}/bridge`;
}

function firstMessage(socket: WebSocket): Promise<string> {
  return new Promise((done) => socket.once('message', (data) => done(data.toString())));
}

describe('the hook socket', () => {
  it('authenticates with the bearer token and exchanges JSON both ways', async () => {
    let peer!: WebSocket;
    const url = await listen((socket) => (peer = socket));
    const socket = await openHookSocket({ url, token: TOKEN, source: 'environment' }, { timeoutMs: 2_000 });
    const heard = firstMessage(peer);
    socket.send({ type: 'hello' }, { type: 'permission.request', id: 'r1' });
    expect(JSON.parse(await heard)).toEqual({ type: 'hello' });
    const received = new Promise((done) => socket.onMessage(done));
    peer.send(JSON.stringify({ type: 'welcome', big: 'x'.repeat(100_000) }));
    expect(await received).toMatchObject({ type: 'welcome' });
    await socket.close();
  });

  it('rejects with a ConnectError, never throws out of the process, when its early messages cannot be encoded', async () => {
    const url = await listen();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    await expect(
      openHookSocket({ url, token: TOKEN, source: 'environment' }, { timeoutMs: 2_000, early: [cyclic] }),
    ).rejects.toThrow(/could not send its request/);
  });

  it('answers the console’s heartbeat pings', async () => {
    let peer!: WebSocket;
    const url = await listen((socket) => (peer = socket));
    const socket = await openHookSocket({ url, token: TOKEN, source: 'environment' }, { timeoutMs: 2_000 });
    const pong = new Promise<string>((done) => peer.once('pong', (data) => done(data.toString())));
    peer.ping('beat');
    expect(await pong).toBe('beat');
    await socket.close();
  });

  it('joins a fragmented message', async () => {
    const url = await listen((socket) => {
      socket.send('{"type":', { fin: false });
      socket.send('"welcome"}', { fin: true });
    });
    const socket = await openHookSocket({ url, token: TOKEN, source: 'environment' }, { timeoutMs: 2_000 });
    expect(await new Promise((done) => socket.onMessage(done))).toEqual({ type: 'welcome' });
    await socket.close();
  });

  it('closes with 1000, and settles `closed` when the console goes away', async () => {
    let closeCode: Promise<number> | undefined;
    const url = await listen((peer) => (closeCode = new Promise((done) => peer.once('close', done))));
    const socket = await openHookSocket({ url, token: TOKEN, source: 'environment' }, { timeoutMs: 2_000 });
    await socket.close();
    await socket.closed;
    expect(await closeCode).toBe(1000);
  });

  it('fails with the HTTP status when the console refuses the token', async () => {
    const url = await listen();
    await expect(
      openHookSocket({ url, token: 'wrong'.repeat(9), source: 'environment' }, { timeoutMs: 2_000 }),
    ).rejects.toThrow(new ConnectError('The console refused the connection (HTTP 401).'));
  });

  it('sends its early messages with the upgrade, read once the console accepts it', async () => {
    let peer!: WebSocket;
    let heard!: Promise<string>;
    const url = await listen((socket) => {
      peer = socket;
      // Listening in the connection handler: the early frames arrived with the upgrade itself.
      heard = firstMessage(socket);
    });
    const early = Promise.resolve([{ type: 'hello' }]);
    const socket = await openHookSocket(
      { url, token: TOKEN, source: 'environment' },
      { timeoutMs: 2_000, early },
    );
    expect(JSON.parse(await heard)).toEqual({ type: 'hello' });
    expect(peer).toBeDefined();
    await socket.close();
  });

  it('loses its early messages with a refused upgrade: nothing reaches a console that refused the token', async () => {
    let connections = 0;
    const url = await listen(() => (connections += 1));
    await expect(
      openHookSocket(
        { url, token: 'wrong'.repeat(9), source: 'environment' },
        { timeoutMs: 2_000, early: [{ type: 'permission.request', id: 'secret' }] },
      ),
    ).rejects.toThrow(new ConnectError('The console refused the connection (HTTP 401).'));
    expect(connections).toBe(0);
  });

  it('drops the connection when it turns out to have nothing to send', async () => {
    let connections = 0;
    const url = await listen(() => (connections += 1));
    await expect(
      openHookSocket(
        { url, token: TOKEN, source: 'environment' },
        { timeoutMs: 2_000, early: Promise.resolve(undefined) },
      ),
    ).rejects.toThrow(/nothing to send/);
    expect(connections).toBe(0);
  });

  it('fails at once when nothing listens', async () => {
    const url = await listen();
    server!.close();
    await expect(
      openHookSocket({ url, token: TOKEN, source: 'environment' }, { timeoutMs: 2_000 }),
    ).rejects.toThrow(/Cannot reach the console/);
  });

  it('refuses a server that does not prove it speaks WebSocket', async () => {
    const liar = createServer((socket) =>
      socket.once('data', () =>
        socket.write(
          'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nSec-WebSocket-Accept: nope\r\n\r\n',
        ),
      ),
    );
    await new Promise<void>((done) => liar.listen(0, '127.0.0.1', done));
    const url = `ws://127.0.0.1:${(liar.address() as AddressInfo).port}/bridge`;
    await expect(
      openHookSocket({ url, token: TOKEN, source: 'environment' }, { timeoutMs: 2_000 }),
    ).rejects.toThrow(/wrong accept key/);
    liar.close();
  });

  it('gives up when the signal aborts during the handshake', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    const url = `ws://127.0.0.1:${(silent.address() as AddressInfo).port}/bridge`;
    const stop = new AbortController();
    const opening = openHookSocket(
      { url, token: TOKEN, source: 'environment' },
      { timeoutMs: 60_000, signal: stop.signal },
    );
    stop.abort();
    await expect(opening).rejects.toThrow(/stopped waiting/);
    silent.close();
  });
});
