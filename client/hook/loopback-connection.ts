/**
 * The hook's TCP connection to the console, on libuv's TCP handle itself where Node lets us reach it.
 *
 * Why not node:net: loading it brings node:stream and some thirty modules with it, and the first connect,
 * write and read then compile their code paths; together about 5 ms of a prompt that Claude Code waits for
 * (bench/hook), more than the console takes to answer. node:net is itself a stream around the handle that
 * `process.binding('tcp_wrap')` gives out, which Node still allows for exactly this kind of low-level use
 * (DEP0111 is a documentation-only deprecation). Where that handle is not to be had — a Node that no longer
 * gives it, a permission model that refuses it, or `--pending-deprecation`, under which asking for it would
 * print a warning — the same interface runs over node:net, so the hook works everywhere and is only faster
 * where it can be.
 */
import { getSystemErrorName } from 'node:util';

export interface LoopbackConnection {
  /** Queues bytes; they go out in order. Does nothing once the connection is over. */
  write(bytes: Uint8Array): void;
  /** Who gets the bytes from now on (one listener: the handshake's, then the frame reader's). */
  receive(listener: (chunk: Buffer) => void): void;
  /** Sends what is queued, then the end of the stream; the connection is over once the peer closes too. */
  end(): void;
  /** Over at once: nothing more is sent or received. */
  destroy(): void;
  /** Settles once, when the connection is over, whoever ended it and however. */
  readonly closed: Promise<void>;
  readonly isOpen: boolean;
  /** What it runs over: the handle where Node gave it out, else node:net. */
  readonly transport: Transport;
}

export type Transport = 'tcp-handle' | 'node:net';

/** Connects to a loopback address; rejects with an Error whose message says why it could not. */
export function connectLoopback(
  host: string,
  port: number,
  transport: Transport = preferredTransport(),
): Promise<LoopbackConnection> {
  const bindings = transport === 'tcp-handle' ? tcpBindings() : undefined;
  return bindings ? connectHandle(bindings, host, port) : connectNet(host, port);
}

/** The handle where Node gives it out without a word; node:net otherwise. */
export function preferredTransport(
  env: Readonly<Record<string, string | undefined>> = process.env,
  execArgv: readonly string[] = process.execArgv,
): Transport {
  const pending =
    execArgv.includes('--pending-deprecation') ||
    /(^|\s)--pending-deprecation(\s|$)/.test(env.NODE_OPTIONS ?? '') ||
    env.NODE_PENDING_DEPRECATION === '1';
  return pending ? 'node:net' : 'tcp-handle';
}

// The shapes below are what node:net itself uses (lib/net.js and lib/internal/stream_base_commons.js, Node
// 18 to 24); tcpBindings checks each before trusting it.
interface Request {
  oncomplete: (status: number) => void;
}
interface WriteRequest extends Request {
  handle: TcpHandle;
  /** Kept here until an asynchronous write completes, so the bytes outlive the call. */
  buffer?: Uint8Array;
}
interface TcpHandle {
  connect(request: Request, address: string, port: number): number;
  connect6(request: Request, address: string, port: number): number;
  setNoDelay(enable: boolean): number;
  readStart(): number;
  onread: (buffer: ArrayBuffer | undefined) => void;
  writeBuffer(request: WriteRequest, bytes: Uint8Array): number;
  shutdown(request: Request): number;
  close(callback?: () => void): void;
}
interface TcpBindings {
  readonly newHandle: () => TcpHandle;
  readonly newConnect: () => Request;
  readonly newWrite: () => WriteRequest;
  readonly newShutdown: () => Request;
  /** libuv's report of the last read or write, shared with the handle. */
  readonly state: Int32Array;
  readonly readBytesOrError: number;
  readonly arrayBufferOffset: number;
  readonly lastWriteWasAsync: number;
}

let cached: TcpBindings | null | undefined;

function tcpBindings(): TcpBindings | undefined {
  if (cached === undefined) cached = loadTcpBindings() ?? null;
  return cached ?? undefined;
}

function loadTcpBindings(): TcpBindings | undefined {
  const binding = (process as unknown as { binding?: (name: string) => Record<string, unknown> }).binding;
  if (typeof binding !== 'function') return undefined;
  try {
    const tcp = binding('tcp_wrap');
    const stream = binding('stream_wrap');
    const { TCP, TCPConnectWrap, constants } = tcp as {
      TCP?: new (type: number) => TcpHandle;
      TCPConnectWrap?: new () => Request;
      constants?: { SOCKET?: number };
    };
    const {
      WriteWrap,
      ShutdownWrap,
      streamBaseState,
      kReadBytesOrError,
      kArrayBufferOffset,
      kLastWriteWasAsync,
    } = stream as {
      WriteWrap?: new () => WriteRequest;
      ShutdownWrap?: new () => Request;
      streamBaseState?: Int32Array;
      kReadBytesOrError?: number;
      kArrayBufferOffset?: number;
      kLastWriteWasAsync?: number;
    };
    const socketType = constants?.SOCKET;
    if (
      typeof TCP !== 'function' ||
      typeof TCPConnectWrap !== 'function' ||
      typeof WriteWrap !== 'function' ||
      typeof ShutdownWrap !== 'function' ||
      !(streamBaseState instanceof Int32Array) ||
      typeof socketType !== 'number' ||
      typeof kReadBytesOrError !== 'number' ||
      typeof kArrayBufferOffset !== 'number' ||
      typeof kLastWriteWasAsync !== 'number'
    )
      return undefined;
    const methods = ['connect', 'connect6', 'setNoDelay', 'readStart', 'writeBuffer', 'shutdown', 'close'];
    if (!methods.every((name) => typeof (TCP.prototype as Record<string, unknown>)[name] === 'function'))
      return undefined;
    return {
      newHandle: () => new TCP(socketType),
      newConnect: () => new TCPConnectWrap(),
      newWrite: () => new WriteWrap(),
      newShutdown: () => new ShutdownWrap(),
      state: streamBaseState,
      readBytesOrError: kReadBytesOrError,
      arrayBufferOffset: kArrayBufferOffset,
      lastWriteWasAsync: kLastWriteWasAsync,
    };
  } catch {
    // Refused (a permission model) or gone (a later Node): node:net it is.
    return undefined;
  }
}

function errorName(status: number): string {
  try {
    return getSystemErrorName(status);
  } catch {
    return `error ${status}`;
  }
}

function connectHandle(bindings: TcpBindings, host: string, port: number): Promise<LoopbackConnection> {
  return new Promise((resolve, reject) => {
    const handle = bindings.newHandle();
    let open = true;
    let listener: (chunk: Buffer) => void = () => undefined;
    let settle!: () => void;
    const closed = new Promise<void>((done) => (settle = done));
    const destroy = () => {
      if (!open) return;
      open = false;
      handle.close(settle);
    };
    const connection: LoopbackConnection = {
      write(bytes) {
        if (!open) return;
        const request = bindings.newWrite();
        request.handle = handle;
        request.oncomplete = (status) => {
          request.buffer = undefined;
          if (status < 0) destroy();
        };
        const status = handle.writeBuffer(request, bytes);
        if (status < 0) destroy();
        else if (bindings.state[bindings.lastWriteWasAsync]) request.buffer = bytes;
      },
      receive(next) {
        listener = next;
      },
      end() {
        if (!open) return;
        const request = bindings.newShutdown();
        request.oncomplete = () => undefined;
        if (handle.shutdown(request) < 0) destroy();
      },
      destroy,
      closed,
      get isOpen() {
        return open;
      },
      transport: 'tcp-handle',
    };
    handle.onread = (buffer) => {
      const read = bindings.state[bindings.readBytesOrError]!;
      // Negative: the end of the stream or an error; either way the connection is over.
      if (read < 0) return destroy();
      if (read > 0 && buffer !== undefined)
        listener(Buffer.from(buffer, bindings.state[bindings.arrayBufferOffset], read));
    };
    const request = bindings.newConnect();
    request.oncomplete = (status) => {
      if (status < 0) {
        destroy();
        return reject(new Error(`${errorName(status)} connecting to ${host}:${port}`));
      }
      // Each frame goes out at once: Nagle's algorithm would hold the request behind the upgrade's ACK.
      handle.setNoDelay(true);
      const reading = handle.readStart();
      if (reading < 0) {
        destroy();
        return reject(new Error(`${errorName(reading)} reading from ${host}:${port}`));
      }
      resolve(connection);
    };
    const status = host.includes(':')
      ? handle.connect6(request, host, port)
      : handle.connect(request, host, port);
    if (status < 0) {
      destroy();
      reject(new Error(`${errorName(status)} connecting to ${host}:${port}`));
    }
  });
}

async function connectNet(host: string, port: number): Promise<LoopbackConnection> {
  // Loaded only here: on the handle's path the hook never pays for it.
  const { connect } = await import('node:net');
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    let listener: (chunk: Buffer) => void = () => undefined;
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.on('error', (error) => reject(new Error(error.message)));
    socket.on('data', (chunk: Buffer) => listener(chunk));
    socket.once('connect', () => {
      socket.setNoDelay(true);
      resolve({
        write: (bytes) => {
          if (socket.writable) socket.write(bytes);
        },
        receive(next) {
          listener = next;
        },
        end: () => socket.end(),
        destroy: () => socket.destroy(),
        closed,
        get isOpen() {
          return !socket.destroyed;
        },
        transport: 'node:net',
      });
    });
  });
}
