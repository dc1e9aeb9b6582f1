/**
 * The web console's transport: the same contract as the Electron preload, carried over the console's own
 * WebSocket. The token comes from the URL fragment (never sent in a request line) and is removed from the
 * address bar once read, so it does not linger in history or screenshots.
 */
import { CONSOLE_PATH } from '../../../common/console-contract';
import type {
  ConsoleApi,
  ConsoleServerFrame,
  EventChannel,
  EventPayloads,
  Result,
} from '../../../common/console-contract';

export type ConnectionState = 'connecting' | 'ready' | 'closed' | 'unauthorized';

export function tokenFromFragment(hash: string): string | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return params.get('token') ?? undefined;
}

export function createWebTransport(options: {
  readonly url: string;
  readonly token: string;
  readonly onState: (state: ConnectionState) => void;
}): ConsoleApi {
  const listeners = new Map<EventChannel, Set<(payload: never) => void>>();
  const waiting = new Map<number, (result: Result<unknown>) => void>();
  const queued: string[] = [];
  let seq = 0;
  let ready = false;

  const socket = new WebSocket(options.url);
  options.onState('connecting');
  socket.addEventListener('open', () => socket.send(JSON.stringify({ type: 'auth', token: options.token })));
  socket.addEventListener('close', (event) => {
    ready = false;
    options.onState(event.code === 4401 ? 'unauthorized' : 'closed');
    for (const resolve of waiting.values()) {
      resolve({ ok: false, error: { code: 'disconnected', message: 'The console connection closed.' } });
    }
    waiting.clear();
  });
  socket.addEventListener('message', (event) => {
    const frame = JSON.parse(String(event.data)) as ConsoleServerFrame;
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
