/** The hook's connection against a real TCP server on loopback. */
import { createServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { connectLoopback } from './loopback-connection';

let server: Server | undefined;
const peers: Socket[] = [];

afterEach(async () => {
  for (const peer of peers.splice(0)) peer.destroy();
  await new Promise((done) => (server ? server.close(done) : done(undefined)));
  server = undefined;
});

async function listen(onPeer: (peer: Socket) => void): Promise<number> {
  server = createServer((peer) => {
    peers.push(peer);
    onPeer(peer);
  });
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  return (server.address() as AddressInfo).port;
}

function collect(peer: Socket): Promise<Buffer> {
  const chunks: Buffer[] = [];
  peer.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((done) => peer.once('end', () => done(Buffer.concat(chunks))));
}

describe('the loopback connection', () => {
  it('sends bytes in order, receives what the peer sends, and half-closes with end()', async () => {
    let received!: Promise<Buffer>;
    const port = await listen((peer) => {
      received = collect(peer);
      peer.write('welcome');
    });
    const connection = await connectLoopback('127.0.0.1', port);
    const heard = new Promise<string>((done) => connection.receive((chunk) => done(chunk.toString())));
    expect(await heard).toBe('welcome');
    connection.write(Buffer.from('one,'));
    connection.write(Buffer.from('two'));
    connection.end();
    expect((await received).toString()).toBe('one,two');
    expect(connection.isOpen).toBe(true);
    peers[0]!.end();
    await connection.closed;
    expect(connection.isOpen).toBe(false);
  });

  it('delivers a write of several megabytes whole, however the kernel splits it', async () => {
    let received!: Promise<Buffer>;
    const port = await listen((peer) => (received = collect(peer)));
    const connection = await connectLoopback('127.0.0.1', port);
    const big = Buffer.alloc(8 * 1024 * 1024, 'abcdefgh');
    connection.write(big);
    connection.end();
    expect((await received).equals(big)).toBe(true);
  });

  it('is over once the peer goes away, and writes after that do nothing', async () => {
    const port = await listen((peer) => peer.destroy());
    const connection = await connectLoopback('127.0.0.1', port);
    await connection.closed;
    expect(connection.isOpen).toBe(false);
    expect(() => connection.write(Buffer.from('late'))).not.toThrow();
  });

  it('destroy() ends it at once on both sides', async () => {
    let peerClosed!: Promise<void>;
    const port = await listen((peer) => {
      peer.on('error', () => undefined);
      peerClosed = new Promise((done) => peer.once('close', () => done()));
    });
    const connection = await connectLoopback('127.0.0.1', port);
    connection.destroy();
    await connection.closed;
    await peerClosed;
  });

  it('rejects with the reason when nothing listens', async () => {
    const port = await listen(() => undefined);
    await new Promise((done) => server!.close(done));
    server = undefined;
    await expect(connectLoopback('127.0.0.1', port)).rejects.toThrow(/ECONNREFUSED/);
  });
});
