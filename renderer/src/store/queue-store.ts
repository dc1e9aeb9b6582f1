/**
 * The queue's state: what is waiting, oldest first, and what was just decided (so a card decided elsewhere
 * can say who won before it leaves). Built over a `ConsoleApi`, so tests drive it with a fake one.
 */
import { createStore } from 'zustand/vanilla';
import type { ConsoleApi, PendingRequestView, QueueEvent } from '../../../common/console-contract';
import type { DecisionBehavior, RacerKind } from '../../../common/protocol';

export interface Resolution {
  readonly behavior: DecisionBehavior;
  readonly by: RacerKind;
  /** True when this window's own click won. */
  readonly mine: boolean;
}

export interface QueueState {
  readonly requests: readonly PendingRequestView[];
  readonly resolutions: Readonly<Record<string, Resolution>>;
  readonly inFlight: Readonly<Record<string, true>>;
  readonly error: string | undefined;
  load(): Promise<void>;
  apply(event: QueueEvent): void;
  decide(id: string, behavior: 'allow' | 'deny', message?: string): Promise<void>;
  dismiss(id: string): void;
  /** This window has the request open (or no longer): the console holds its timeout meanwhile. */
  viewing(id: string, viewing: boolean): void;
}

/** How long a decided card stays to say who decided it. */
export const RESOLVED_LINGER_MS = 1_500;

export function createQueueStore(api: ConsoleApi) {
  const store = createStore<QueueState>()((set, get) => {
    const resolve = (id: string, resolution: Resolution) => {
      if (!get().requests.some((r) => r.id === id)) return;
      set((state) => ({ resolutions: { ...state.resolutions, [id]: resolution } }));
      setTimeout(() => get().dismiss(id), RESOLVED_LINGER_MS);
    };
    return {
      requests: [],
      resolutions: {},
      inFlight: {},
      error: undefined,
      async load() {
        const result = await api.invoke('queue:list', {});
        if (!result.ok) return set({ error: result.error.message });
        set({ requests: [...result.value].sort((a, b) => a.receivedAt - b.receivedAt), error: undefined });
      },
      apply(event) {
        if (event.kind === 'added') {
          if (get().requests.some((r) => r.id === event.request.id)) return;
          set((state) => ({ requests: [...state.requests, event.request] }));
        } else if (event.kind === 'updated') {
          set((state) => ({
            requests: state.requests.map((r) => (r.id === event.request.id ? event.request : r)),
          }));
        } else if (!get().resolutions[event.id]) {
          resolve(event.id, {
            behavior: event.behavior,
            by: event.by,
            mine: Boolean(get().inFlight[event.id]),
          });
        }
      },
      async decide(id, behavior, message) {
        if (get().inFlight[id] || get().resolutions[id]) return;
        set((state) => ({ inFlight: { ...state.inFlight, [id]: true } }));
        // Win or lose, the registry's `resolved` event says who decided and how; only a failure is ours to show.
        const result = await api.invoke('queue:decide', { id, behavior, ...(message ? { message } : {}) });
        if (!result.ok) {
          set((state) => {
            const { [id]: _failed, ...inFlight } = state.inFlight;
            return { error: result.error.message, inFlight };
          });
        }
      },
      viewing(id, viewing) {
        void api.invoke('queue:viewing', { id, viewing });
      },
      dismiss(id) {
        set((state) => {
          const { [id]: _gone, ...resolutions } = state.resolutions;
          const { [id]: _done, ...inFlight } = state.inFlight;
          return { requests: state.requests.filter((r) => r.id !== id), resolutions, inFlight };
        });
      },
    };
  });
  api.on('queue:changed', (event) => store.getState().apply(event));
  return store;
}

export type QueueStore = ReturnType<typeof createQueueStore>;
