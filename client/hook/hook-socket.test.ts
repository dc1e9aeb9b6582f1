/** The hook's own WebSocket client against `ws`, the server the console runs. */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import { bridgeProof, CHALLENGE_HEADER, NONCE_HEADER, PROOF_HEADER } from '../../common/bridge-proof';
import { ConnectError, NotTheConsoleError, openHookSocket } from './hook-socket';

const TOKEN = 'k'.repeat(43);
const AGENT = { name: 'test' };
let server: WebSocketServer | undefined;

afterEach(async () => {
  for (const client of server?.clients ?? []) client.terminate();
  await new Promise((done) => (server ? server.close(done) : done(undefined)));
  server = undefined;
});

/**
 * A console's half of the handshake with `token`: it answers the hook's nonce and checks the hello's
 * proof, passing only the messages after that hello to `onConnection`'s socket listeners.
 */
async function listen(
  onConnection: (socket: WebSocket, request: IncomingMessage) => void = () => undefined,
  token = TOKEN,
): Promise<string> {
  server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  const challenges = new WeakMap<IncomingMessage, string>();
  server.on('headers', (headers, request) => {
    const port = (server!.address() as AddressInfo).port;
    const nonce = String(request.headers[NONCE_HEADER]);
    const challenge = randomBytes(32).toString('base64url');
    challenges.set(request, challenge);
    headers.push(`${PROOF_HEADER}: ${bridgeProof(token, nonce, 'gatehouse-server', port)}`);
    headers.push(`${CHALLENGE_HEADER}: ${challenge}`);
  });
  server.on('connection', (socket, request) => {
    const port = (server!.address() as AddressInfo).port;
    socket.once('message', (data) => {
      const hello = JSON.parse(data.toString()) as { type: string; proof: string };
      const expected = bridgeProof(token, challenges.get(request)!, 'gatehouse-client', port);
      if (hello.type !== 'hello' || hello.proof !== expected) socket.close(4401);
    });
    onConnection(socket, request);
  });
  await new Promise((done) => server!.once('listening', done));
  return `ws://127.0.0.1:${(server.address() as AddressInfo).port}/bridge`;
}

/** The first message after the hello. */
function firstMessage(socket: WebSocket): Promise<string> {
  return new Promise((done) => {
    let seen = 0;
    socket.on('message', (data) => {
      seen += 1;
      if (seen === 2) done(data.toString());
    });
  });
}

describe('the hook socket', () => {
  it('proves the token without sending it, and exchanges JSON both ways', async () => {
    let peer!: WebSocket;
    let heard!: Promise<string>;
    let upgrade!: IncomingMessage;
    const url = await listen((socket, request) => {
      peer = socket;
      upgrade = request;
      heard = firstMessage(socket);
    });
    const socket = await openHookSocket(
      { url, token: TOKEN, source: 'environment' },
      { timeoutMs: 2_000, agent: AGENT },
    );
    socket.send({ type: 'permission.request', id: 'r1' }, { type: 'x' });
    expect(JSON.parse(await heard)).toEqual({ type: 'permission.request', id: 'r1' });
    expect(upgrade.headers.authorization).toBeUndefined();
    expect(JSON.stringify(upgrade.headers)).not.toContain(TOKEN);
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
      openHookSocket(
        { url, token: TOKEN, source: 'environment' },
        { timeoutMs: 2_000, agent: AGENT, early: [cyclic] },
      ),
    ).rejects.toThrow(/could not send its request/);
  });

  it('answers the console’s heartbeat pings', async () => {
    let peer!: WebSocket;
    const url = await listen((socket) => (peer = socket));
    const socket = await openHookSocket(
      { url, token: TOKEN, source: 'environment' },
      { timeoutMs: 2_000, agent: AGENT },
    );
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
    const socket = await openHookSocket(
      { url, token: TOKEN, source: 'environment' },
      { timeoutMs: 2_000, agent: AGENT },
    );
    expect(await new Promise((done) => socket.onMessage(done))).toEqual({ type: 'welcome' });
    await socket.close();
  });

  it('closes with 1000, and settles `closed` when the console goes away', async () => {
    let closeCode: Promise<number> | undefined;
    const url = await listen((peer) => (closeCode = new Promise((done) => peer.once('close', done))));
    const socket = await openHookSocket(
      { url, token: TOKEN, source: 'environment' },
      { timeoutMs: 2_000, agent: AGENT },
    );
    await socket.close();
    await socket.closed;
    expect(await closeCode).toBe(1000);
  });

  it('fails with the HTTP status when the console refuses the upgrade', async () => {
    server = new WebSocketServer({
      port: 0,
      host: '127.0.0.1',
      verifyClient: (_info, done) => done(false, 401),
    });
    await new Promise((done) => server!.once('listening', done));
    const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/bridge`;
    await expect(
      openHookSocket({ url, token: TOKEN, source: 'environment' }, { timeoutMs: 2_000, agent: AGENT }),
    ).rejects.toThrow(new ConnectError('The console refused the connection (HTTP 401).'));
  });

  it('sends its hello and early messages once the console has proved the token, in one write', async () => {
    let heard!: Promise<string>;
    const url = await listen((socket) => (heard = firstMessage(socket)));
    const early = Promise.resolve([{ type: 'permission.request', id: 'r1' }]);
    const socket = await openHookSocket(
      { url, token: TOKEN, source: 'environment' },
      { timeoutMs: 2_000, agent: AGENT, early },
    );
    expect(JSON.parse(await heard)).toEqual({ type: 'permission.request', id: 'r1' });
    await socket.close();
  });

  it('keeps a console that has proved itself while its request takes longer than the connect timeout', async () => {
    // A large tool input read from stdin on a loaded machine: the console answered at once; the hook is slow.
    let heard!: Promise<string>;
    let connected!: () => void;
    const proved = new Promise<void>((done) => (connected = done));
    const url = await listen((socket) => {
      heard = firstMessage(socket);
      connected();
    });
    // Armed after the hook's own timer, so it fires after it, however late the machine runs timers.
    const early = proved
      .then(() => new Promise((later) => setTimeout(later, 150)))
      .then(() => [{ type: 'permission.request', id: 'slow' }]);
    const socket = await openHookSocket(
      { url, token: TOKEN, source: 'environment' },
      { timeoutMs: 50, agent: AGENT, early },
    );
    expect(JSON.parse(await heard)).toEqual({ type: 'permission.request', id: 'slow' });
    await socket.close();
  });

  it('keeps a console that answered while the hook itself was busy past the connect timeout', async () => {
    // The console's answer is in the socket when the hook's loop comes back with its timer long due: the
    // hook was busy (a large request parsed on a loaded machine), not the console slow.
    const url = await listen(() => {
      const until = performance.now() + 200;
      while (performance.now() < until);
    });
    const socket = await openHookSocket(
      { url, token: TOKEN, source: 'environment' },
      { timeoutMs: 50, agent: AGENT },
    );
    await socket.close();
  });

  it('gives up on a console that takes the connection and never answers', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    const url = `ws://127.0.0.1:${(silent.address() as AddressInfo).port}/bridge`;
    await expect(
      openHookSocket({ url, token: TOKEN, source: 'environment' }, { timeoutMs: 50, agent: AGENT }),
    ).rejects.toThrow(/did not answer within 50 ms/);
    silent.close();
  });

  it('sends nothing to a WebSocket server that does not know the token, however well it speaks WebSocket', async () => {
    const messages: string[] = [];
    let gone!: Promise<unknown>;
    const url = await listen((socket) => {
      socket.on('message', (data) => messages.push(data.toString()));
      gone = new Promise((done) => socket.once('close', done));
    }, 'squatter'.repeat(6));
    await expect(
      openHookSocket(
        { url, token: TOKEN, source: 'environment' },
        { timeoutMs: 2_000, agent: AGENT, early: [{ type: 'permission.request', id: 'secret' }] },
      ),
    ).rejects.toThrow(NotTheConsoleError);
    await gone;
    expect(messages).toEqual([]);
  });

  it('drops the connection, having said nothing, when it turns out to have nothing to send', async () => {
    const messages: string[] = [];
    let gone!: Promise<unknown>;
    const url = await listen((socket) => {
      socket.on('message', (data) => messages.push(data.toString()));
      gone = new Promise((done) => socket.once('close', done));
    });
    await expect(
      openHookSocket(
        { url, token: TOKEN, source: 'environment' },
        { timeoutMs: 2_000, agent: AGENT, early: Promise.resolve(undefined) },
      ),
    ).rejects.toThrow(/nothing to send/);
    await gone;
    expect(messages).toEqual([]);
  });

  it('fails at once when nothing listens', async () => {
    const url = await listen();
    server!.close();
    await expect(
      openHookSocket({ url, token: TOKEN, source: 'environment' }, { timeoutMs: 2_000, agent: AGENT }),
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
      openHookSocket({ url, token: TOKEN, source: 'environment' }, { timeoutMs: 2_000, agent: AGENT }),
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
      { timeoutMs: 60_000, agent: AGENT, signal: stop.signal },
    );
    stop.abort();
    await expect(opening).rejects.toThrow(/stopped waiting/);
    silent.close();
  });
});
