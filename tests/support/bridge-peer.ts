/** A raw agent on a real bridge socket, and a keychain of the test's own, for tests that attack the bridge. */
import WebSocket from 'ws';
import type { KeychainLike } from '../../main/secrets/keychain';

/** Nothing reaches the developer's real keychain. */
export function memoryKeychain(): KeychainLike {
  const entries = new Map<string, string>();
  return {
    getPassword: (service, account) => Promise.resolve(entries.get(`${service}/${account}`) ?? null),
    setPassword: (service, account, password) => {
      entries.set(`${service}/${account}`, password);
      return Promise.resolve();
    },
  };
}

export interface BridgePeer {
  /** Every reply so far, in order. */
  readonly replies: Array<Record<string, unknown>>;
  send(frame: string | object): void;
  /** The next reply not yet taken by `next`. */
  next(): Promise<Record<string, unknown>>;
  close(): void;
}

export function bridgePeer(port: number, token: string): Promise<BridgePeer> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/bridge`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const replies: Array<Record<string, unknown>> = [];
  let taken = 0;
  const waiting: Array<() => void> = [];
  socket.on('message', (data) => {
    replies.push(JSON.parse(data.toString()) as Record<string, unknown>);
    waiting.shift()?.();
  });
  socket.on('error', () => undefined);
  const next = async (): Promise<Record<string, unknown>> => {
    while (replies.length <= taken) await new Promise<void>((wake) => waiting.push(wake));
    return replies[taken++]!;
  };
  return new Promise((ready, refused) => {
    socket.once('open', () =>
      ready({
        replies,
        send: (frame) => socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
        next,
        close: () => socket.close(),
      }),
    );
    socket.once('unexpected-response', () => refused(new Error('The bridge refused the connection.')));
  });
}

export async function until(probe: () => boolean): Promise<void> {
  while (!probe()) await new Promise((r) => setTimeout(r, 5));
}
