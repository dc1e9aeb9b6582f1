/**
 * The web console's transport: the same contract as the Electron preload, carried over the console's own
 * WebSocket. A link's one-time code comes from the URL fragment (never sent in a request line). The tab
 * keeps nothing that would let it in again: Chromium writes session storage, local storage, IndexedDB and
 * cookies to the profile on disk within seconds, where any process of the same user could read and replay
 * it. So a reload, like any address without a live code, needs a new link (docs/security.md, section 7).
 */
import { CONSOLE_PATH, REFUSED_CLOSE } from '../../../common/console-contract';
import type {
  ConsoleApi,
  ConsoleServerFrame,
  EventChannel,
  EventPayloads,
  Result,
} from '../../../common/console-contract';

/** `unlinked`: the address carries no code, as after a reload. */
export type ConnectionState =
  'connecting' | 'ready' | 'closed' | 'unlinked' | 'unauthorized' | 'used' | 'expired';

/** The code of the link in the tab's address, if any. */
export function codeFromFragment(hash: string): string | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return params.get('code') ?? undefined;
}

const REFUSED_STATE = new Map<number, ConnectionState>([
  [REFUSED_CLOSE.unknown, 'unauthorized'],
  [REFUSED_CLOSE.used, 'used'],
  [REFUSED_CLOSE.expired, 'expired'],
]);

export function createWebTransport(options: {
  readonly url: string;
  readonly code: string | undefined;
  readonly onState: (state: ConnectionState) => void;
}): ConsoleApi {
  const listeners = new Map<EventChannel, Set<(payload: never) => void>>();
  const waiting = new Map<number, (result: Result<unknown>) => void>();
  const queued: string[] = [];
  let seq = 0;
  let ready = false;

  const { code } = options;
  const socket = new WebSocket(options.url);
  options.onState('connecting');
  socket.addEventListener('open', () => {
    if (code === undefined) socket.close();
    else socket.send(JSON.stringify({ type: 'auth', code }));
  });
  socket.addEventListener('close', (event) => {
    ready = false;
    options.onState(code === undefined ? 'unlinked' : (REFUSED_STATE.get(event.code) ?? 'closed'));
    for (const resolve of waiting.values()) {
      resolve({ ok: false, error: { code: 'disconnected', message: 'The console connection closed.' } });
    }
    waiting.clear();
  });
  socket.addEventListener('message', (event) => {
    const frame = JSON.parse(String(event.data)) as ConsoleServerFrame;
    // `ready` also hands out a tab secret for a reload; the tab does not keep it (see the top of this file).
    if (frame.type === 'ready') {
      ready = true;
      for (const text of queued.splice(0)) socket.send(text);
      options.onState('ready');
    } else if (frame.type === 'result') {
      waiting.get(frame.seq)?.(frame.result);
      waiting.delete(frame.seq);
    } else {
      for (const listener of listeners.get(frame.channel) ?? []) listener(frame.payload as never);
    }
  });

  return {
    invoke(channel, args) {
      const id = seq++;
      const text = JSON.stringify({ type: 'invoke', seq: id, channel, args });
      return new Promise((resolve) => {
        waiting.set(id, resolve as (result: Result<unknown>) => void);
        if (ready) socket.send(text);
        else queued.push(text);
      });
    },
    on<E extends EventChannel>(channel: E, listener: (payload: EventPayloads[E]) => void) {
      const set = listeners.get(channel) ?? new Set();
      set.add(listener as (payload: never) => void);
      listeners.set(channel, set);
      return () => set.delete(listener as (payload: never) => void);
    },
  };
}

export function consoleSocketUrl(location: Pick<Location, 'host' | 'protocol'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${CONSOLE_PATH}`;
}
