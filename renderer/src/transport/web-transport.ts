/**
 * The web console's transport: the same contract as the Electron preload, carried over the console's own
 * WebSocket. A link's one-time code comes from the URL fragment (never sent in a request line); the tab
 * trades it for a secret that only this tab's session storage holds, for a reload, and each use of it
 * hands out the next one.
 */
import { CONSOLE_PATH, REFUSED_CLOSE } from '../../../common/console-contract';
import type {
  ConsoleApi,
  ConsoleServerFrame,
  EventChannel,
  EventPayloads,
  Result,
} from '../../../common/console-contract';

export type ConnectionState = 'connecting' | 'ready' | 'closed' | 'unauthorized' | 'used' | 'expired';

/** What proves this tab: the code of the link in its address, the secret its last connection got, or both. */
export interface TabCredential {
  readonly code?: string;
  readonly secret?: string;
}

/** Where the tab secret rests: session storage, which belongs to this tab alone. */
export interface SecretStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}
const SECRET_KEY = 'gatehouse.tab-secret';

export function codeFromFragment(hash: string): string | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return params.get('code') ?? undefined;
}

/** Both go: an old link in a tab that holds a secret still opens it, and a new link is spent either way. */
export function tabCredential(hash: string, store: SecretStore): TabCredential | undefined {
  const code = codeFromFragment(hash);
  const secret = store.getItem(SECRET_KEY) ?? undefined;
  if (code === undefined && secret === undefined) return undefined;
  return { ...(code === undefined ? {} : { code }), ...(secret === undefined ? {} : { secret }) };
}

const REFUSED_STATE = new Map<number, ConnectionState>([
  [REFUSED_CLOSE.unknown, 'unauthorized'],
  [REFUSED_CLOSE.used, 'used'],
  [REFUSED_CLOSE.expired, 'expired'],
]);

export function createWebTransport(options: {
  readonly url: string;
  readonly credential: TabCredential | undefined;
  readonly secrets: SecretStore;
  readonly onState: (state: ConnectionState) => void;
}): ConsoleApi {
  const listeners = new Map<EventChannel, Set<(payload: never) => void>>();
  const waiting = new Map<number, (result: Result<unknown>) => void>();
  const queued: string[] = [];
  let seq = 0;
  let ready = false;

  const { credential } = options;
  const socket = new WebSocket(options.url);
  options.onState('connecting');
  socket.addEventListener('open', () => {
    // Once sent, the credential is spent whatever happens next: the console hands a new secret with `ready`.
    options.secrets.removeItem(SECRET_KEY);
    if (credential === undefined) socket.close();
    else socket.send(JSON.stringify({ type: 'auth', ...credential }));
  });
  socket.addEventListener('close', (event) => {
    ready = false;
    options.onState(credential === undefined ? 'unauthorized' : (REFUSED_STATE.get(event.code) ?? 'closed'));
    for (const resolve of waiting.values()) {
      resolve({ ok: false, error: { code: 'disconnected', message: 'The console connection closed.' } });
    }
    waiting.clear();
  });
  socket.addEventListener('message', (event) => {
    const frame = JSON.parse(String(event.data)) as ConsoleServerFrame;
    if (frame.type === 'ready') {
      options.secrets.setItem(SECRET_KEY, frame.secret);
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
