/**
 * One authenticated WebSocket to the console over loopback-connection.ts (websocket-frames.ts says why not
 * `ws`): the opening handshake, the token proved both ways without sending it (common/bridge-proof.ts),
 * JSON text messages both ways, pongs for the console's heartbeat pings, and a polite close. No reconnect:
 * an absent console means "no decision" at once.
 *
 * Nothing goes out but the upgrade until the `101` has proved that whoever answers holds the token: after
 * a crash, whatever listens on the port bridge.json names may be anyone's. Then the hello, with the hook's
 * own proof, and the first messages go out in one write.
 */
import { sha1 } from '@noble/hashes/legacy';
import {
  bridgeProof,
  CHALLENGE_HEADER,
  isProofText,
  NONCE_BYTES,
  NONCE_HEADER,
  PROOF_HEADER,
} from '../../common/bridge-proof';
import type { ConsoleEndpoint } from '../../common/discovery';
import { loadRandomBytes, type RandomBytes } from './entropy';
import { PROTOCOL_VERSION } from './lean-protocol';
import { connectLoopback, type LoopbackConnection } from './loopback-connection';
import { encodeFrame, FrameReader, OPCODE } from './websocket-frames';
import type { Frame } from './websocket-frames';

const ACCEPT_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
/** Above the console's 16 MiB frame limit, so a decision echoing a large edited input still fits. */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
const CLOSE_GRACE_MS = 500;

export interface HookSocket {
  /** Several messages go out in one write, so one TCP segment carries them all. */
  send(...messages: object[]): void;
  /** Every JSON message the console sends; frames that are not JSON are dropped. */
  onMessage(listener: (message: unknown) => void): void;
  /** Settles when the connection is gone, whoever ended it. */
  readonly closed: Promise<void>;
  /** Sends a close frame and waits (briefly) for the console to end the connection. */
  close(): Promise<void>;
}

export class ConnectError extends Error {}

/** Whatever answered did not prove it holds the token: not the console that wrote bridge.json. */
export class NotTheConsoleError extends ConnectError {}

export interface HookSocketOptions {
  /** How long the console has to answer the upgrade with its proof; `signal` bounds the rest. */
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  /** Who the hello says is calling. */
  readonly agent: { readonly name: string };
  /**
   * Sent right behind the hello, in the same write. A promise lets the connection open while they are
   * made; if it settles with undefined, there is nothing to send and the connection is dropped.
   */
  readonly early?: readonly object[] | Promise<readonly object[] | undefined>;
}

export async function openHookSocket(
  endpoint: ConsoleEndpoint,
  options: HookSocketOptions,
): Promise<HookSocket> {
  const url = new URL(endpoint.url);
  if (url.protocol !== 'ws:')
    throw new ConnectError(`The console address ${endpoint.url} is not a ws:// URL.`);
  const randomBytes = await loadRandomBytes();
  const key = randomBytes(16).toString('base64');
  const nonce = randomBytes(NONCE_BYTES).toString('base64url');
  const port = Number(url.port || 80);

  return new Promise<HookSocket>((resolve, reject) => {
    let connection: LoopbackConnection | undefined;
    let settled = false;
    let response = Buffer.alloc(0);
    let expected: { accept: string; proof: string } | undefined;
    const fail = (message: string, kind = ConnectError) => {
      if (settled) return;
      settled = true;
      cleanup();
      connection?.destroy();
      reject(new kind(message));
    };
    const onAbort = () => fail('The hook stopped waiting for the console.');
    /** When the upgrade went out: from then on the console's time is running, not the hook's own. */
    let askedAt: number | undefined;
    let answered = false;
    // The deadline is the console's: a hook busy past it with its own work (parsing a multi-megabyte
    // request on a loaded machine) comes back to its loop with the timer due ahead of an answer already
    // waiting in the socket. So the verdict waits for that I/O to be read (setImmediate runs after the
    // poll phase), and a console asked late gets its whole allowance from the moment it was asked.
    const expire = () =>
      setImmediate(() => {
        if (answered || settled) return;
        const left = askedAt === undefined ? 0 : askedAt + options.timeoutMs - performance.now();
        if (left > 0) timer = setTimeout(expire, left);
        else fail(`The console did not answer within ${options.timeoutMs} ms.`);
      });
    let timer = setTimeout(expire, options.timeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    };
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });

    const onHandshake = (chunk: Buffer) => {
      response = Buffer.concat([response, chunk]);
      const end = response.indexOf('\r\n\r\n');
      if (end === -1) {
        if (response.length > 16_384) fail('The console sent an oversized handshake response.');
        return;
      }
      const [status = '', ...headers] = response.subarray(0, end).toString('latin1').split('\r\n');
      const code = /^HTTP\/1\.1 (\d{3})/.exec(status)?.[1];
      if (code !== '101') return fail(`The console refused the connection (HTTP ${code ?? '?'}).`);
      const header = (name: string) =>
        headers
          .find((line) => line.slice(0, name.length + 1).toLowerCase() === `${name}:`)
          ?.slice(name.length + 1)
          .trim();
      if (header('sec-websocket-accept') !== expected?.accept)
        return fail('The console answered the handshake with a wrong accept key.');
      const challenge = header(CHALLENGE_HEADER);
      if (header(PROOF_HEADER) !== expected?.proof || !isProofText(challenge))
        return fail(
          `Whatever listens on ${url.host} did not prove it holds the token: bridge.json is stale, or names another user's process.`,
          NotTheConsoleError,
        );
      // The console has answered: the timeout was for it, not for the hook's own reading of a large request.
      answered = true;
      clearTimeout(timer);
      const hello = {
        type: 'hello',
        protocol: PROTOCOL_VERSION,
        agent: options.agent,
        proof: bridgeProof(endpoint.token, challenge, 'gatehouse-client', port),
        // A hook never reconnects: once its process is gone (Codex kills it on Esc) nothing can take an answer.
        oneShot: true,
      };
      const opened = connection!;
      // Kept for the frame reader: the console may ping before the early messages are ready.
      const later: Buffer[] = [response.subarray(end + 4)];
      opened.receive((chunk) => later.push(chunk));
      Promise.resolve(options.early ?? [])
        .then((early) => {
          if (settled) return;
          if (early === undefined) return fail('The hook had nothing to send the console.');
          opened.write(Buffer.concat(textFrames([hello, ...early], randomBytes)));
          settled = true;
          cleanup();
          resolve(adopt(opened, Buffer.concat(later), randomBytes));
        })
        .catch((error: Error) => fail(`The hook could not send its request: ${error.message}`));
    };

    connectLoopback(url.hostname.replace(/^\[|\]$/g, ''), port).then(
      (opened) => {
        if (settled) return opened.destroy();
        connection = opened;
        void opened.closed.then(() => fail('The console closed the connection during the handshake.'));
        opened.receive(onHandshake);
        opened.write(
          Buffer.from(
            `GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nUpgrade: websocket\r\n` +
              `Connection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n` +
              `${NONCE_HEADER}: ${nonce}\r\n\r\n`,
            'latin1',
          ),
        );
        askedAt = performance.now();
        // Computed while the console reads the upgrade: the hook has nothing else to do until it answers.
        expected = {
          accept: acceptKey(key),
          proof: bridgeProof(endpoint.token, nonce, 'gatehouse-server', port),
        };
      },
      (error: Error) => fail(`Cannot reach the console: ${error.message}`),
    );
  });
}

function adopt(connection: LoopbackConnection, afterHandshake: Buffer, randomBytes: RandomBytes): HookSocket {
  const reader = new FrameReader(MAX_MESSAGE_BYTES);
  const listeners: ((message: unknown) => void)[] = [];
  /** Messages that arrive before anyone listens (with the handshake response) wait here. */
  let unheard: unknown[] | undefined = [];
  let fragments: Buffer[] = [];
  let closing = false;
  const { closed } = connection;

  const write = (opcode: number, payload: Buffer) =>
    connection.write(encodeFrame(opcode, payload, randomBytes(4)));
  const deliver = (text: string) => {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (unheard) unheard.push(message);
    else for (const listener of listeners) listener(message);
  };
  const onFrame = (frame: Frame) => {
    if (frame.opcode === OPCODE.ping) write(OPCODE.pong, frame.payload);
    else if (frame.opcode === OPCODE.close) {
      if (!closing) write(OPCODE.close, frame.payload.subarray(0, 2));
      closing = true;
      connection.end();
    } else if (frame.opcode === OPCODE.text || frame.opcode === OPCODE.continuation) {
      fragments.push(frame.payload);
      if (!frame.fin) return;
      const text = Buffer.concat(fragments).toString('utf8');
      fragments = [];
      deliver(text);
    }
  };
  const onData = (chunk: Buffer) => {
    try {
      for (const frame of reader.push(chunk)) onFrame(frame);
    } catch {
      // A stream we cannot read further is a console we cannot trust with this request.
      connection.destroy();
    }
  };
  connection.receive(onData);
  if (afterHandshake.length) onData(afterHandshake);

  return {
    send(...messages) {
      const frames = textFrames(messages, randomBytes);
      connection.write(frames.length === 1 ? frames[0]! : Buffer.concat(frames));
    },
    onMessage(listener) {
      listeners.push(listener);
      const waiting = unheard ?? [];
      unheard = undefined;
      for (const message of waiting) listener(message);
    },
    closed,
    close() {
      if (!closing) {
        closing = true;
        const normal = Buffer.alloc(2);
        normal.writeUInt16BE(1000);
        // No end() of our own: the console closes the TCP connection once it has answered the close frame
        // (RFC 6455 §7.1.1), and a hook that exits meanwhile closes it anyway. Half-closing first cost the
        // hook over a millisecond on every prompt (bench/hook).
        write(OPCODE.close, normal);
      }
      const grace = setTimeout(() => connection.destroy(), CLOSE_GRACE_MS);
      grace.unref();
      return closed.finally(() => clearTimeout(grace));
    },
  };
}

/** noble's SHA-1 rather than node:crypto's, which would load OpenSSL for this one hash (entropy.ts). */
function acceptKey(key: string): string {
  return Buffer.from(sha1(Buffer.from(key + ACCEPT_GUID, 'latin1'))).toString('base64');
}

function textFrames(messages: readonly object[], randomBytes: RandomBytes): Buffer[] {
  return messages.map((message) =>
    encodeFrame(OPCODE.text, Buffer.from(JSON.stringify(message)), randomBytes(4)),
  );
}
