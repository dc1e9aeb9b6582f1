/**
 * The web console's transport: the same contract as the Electron preload, carried over the console's own
 * WebSocket. A link's one-time code comes from the URL fragment (never sent in a request line). The tab
 * keeps nothing that would let it in again where the browser saves: Chromium writes session storage, local
 * storage, IndexedDB and cookies to the profile on disk within seconds, where any process of the same user
 * could read and replay it. So a reload, like any address without a live code, needs a new link; only the
 * open page, in memory, can come back to a console that restarted (docs/security.md, section 7).
 */
import { CONSOLE_PATH, REFUSED_CLOSE } from '../../../common/console-contract';
import { prepareResumeChallenge } from './resume-proof';
import type {
  ConsoleApi,
  ConsoleServerFrame,
  EventChannel,
  EventPayloads,
  Result,
} from '../../../common/console-contract';

/**
 * `unlinked`: the address carries no code, as after a reload. `lost`: the console went away; the tab tries
 * again every second with its secret. `forgotten`: a console answered there again but did not know that
 * secret (another home, or it came back too late).
 */
export type ConnectionState =
  'connecting' | 'ready' | 'lost' | 'forgotten' | 'unlinked' | 'unauthorized' | 'used' | 'expired';

/** The code of the link in the tab's address, if any. */
export function codeFromFragment(hash: string): string | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return params.get('code') ?? undefined;
}

/** How long a tab that lost its console waits before it knocks again; well inside the console's grace. */
export const RETRY_MS = 1_000;

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
  let socket: WebSocket | undefined;
  // The tab secret of the last `ready`, in this page's memory alone: it is what lets the tab back in after
  // its console restarts, and the console keeps only its digest. The link's code is spent by then.
  let secret: string | undefined;
  let code = options.code;

  const port = new URL(options.url).port;

  const connect = () => {
    const presented = secret === undefined ? (code === undefined ? undefined : { code }) : { secret };
    const current = new WebSocket(options.url);
    /** The proof a console that came back must answer before the tab shows it the secret. */
    let expected: string | undefined;
    current.addEventListener('open', () => {
      if (presented === undefined) return current.close();
      if (presented.secret === undefined) return current.send(JSON.stringify({ type: 'auth', ...presented }));
      void prepareResumeChallenge(presented.secret, port).then((challenge) => {
        expected = challenge.proof;
        if (current.readyState === WebSocket.OPEN) current.send(JSON.stringify(challenge.frame));
      });
    });
    current.addEventListener('close', (event) => {
      socket = undefined;
      queued.length = 0;
      for (const resolve of waiting.values()) {
        resolve({ ok: false, error: { code: 'disconnected', message: 'The console connection closed.' } });
      }
      waiting.clear();
      const refused = presented === undefined ? 'unlinked' : REFUSED_STATE.get(event.code);
      // Refused: neither connected nor trying again; only a new link, which reloads the page, brings it back.
      if (refused !== undefined)
        return options.onState(presented?.secret === undefined ? refused : 'forgotten');
      // A console that never answered the code cannot have handed anything back: that is still connecting.
      options.onState(secret === undefined ? 'connecting' : 'lost');
      setTimeout(connect, RETRY_MS);
    });
    current.addEventListener('message', (event) => {
      const frame = JSON.parse(String(event.data)) as ConsoleServerFrame;
      if (frame.type === 'proof') {
        // Whatever answers wrongly is not the console that handed the secret out: it never sees it, and
        // the tab knocks again, for the console may yet come back.
        if (frame.proof === expected && presented?.secret !== undefined) {
          current.send(JSON.stringify({ type: 'auth', secret: presented.secret }));
        } else current.close();
      } else if (frame.type === 'ready') {
        secret = frame.secret;
        code = undefined;
        socket = current;
        for (const text of queued.splice(0)) current.send(text);
        options.onState('ready');
      } else if (frame.type === 'result') {
        waiting.get(frame.seq)?.(frame.result);
        waiting.delete(frame.seq);
      } else {
        for (const listener of listeners.get(frame.channel) ?? []) listener(frame.payload as never);
      }
    });
  };
  options.onState('connecting');
  connect();

  return {
    invoke(channel, args) {
      const id = seq++;
      const text = JSON.stringify({ type: 'invoke', seq: id, channel, args });
      return new Promise((resolve) => {
        waiting.set(id, resolve as (result: Result<unknown>) => void);
        if (socket) socket.send(text);
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
