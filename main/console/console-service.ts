/**
 * The console's handlers, written once over the registry and served by both transports (Electron IPC in
 * main/app/, the web console in main/web/). A person answering here is the `console` racer.
 */
import type { Caller, ConsoleHandlers, EventPayloads, QueueEvent } from '../../common/console-contract';
import { createSignal } from '../../common/signal';
import type { RaceRegistry } from '../registry/race-registry';

export interface ConsoleService {
  readonly handlers: ConsoleHandlers;
  subscribe(
    listener: <E extends keyof EventPayloads>(channel: E, payload: EventPayloads[E]) => void,
  ): () => void;
  /** A window or web client went away: whatever it held open is released. */
  disconnect(caller: Caller): void;
}

export function createConsoleService(registry: RaceRegistry): ConsoleService {
  const queueChanged = createSignal<QueueEvent>();
  registry.added.subscribe((request) => queueChanged.emit({ kind: 'added', request }));
  registry.updated.subscribe((request) => queueChanged.emit({ kind: 'updated', request }));
  registry.resolved.subscribe(({ id, behavior, by }) =>
    queueChanged.emit({ kind: 'resolved', id, behavior, by }),
  );

  return {
    handlers: {
      'queue:list': () => ({ ok: true, value: registry.pending() }),
      'queue:decide': ({ id, behavior, message }, caller) => {
        const result = registry.decide(
          id,
          'console',
          { behavior, ...(message ? { message } : {}) },
          caller.channel,
        );
        if ('unknown' in result) {
          return {
            ok: false,
            error: { code: 'unknown-request', message: `No request with id "${id}" is waiting.` },
          };
        }
        return { ok: true, value: result };
      },
      'queue:viewing': ({ id, viewing }, caller) => {
        if (!viewing) {
          registry.release(id, caller.id);
          return { ok: true, value: { held: false } };
        }
        return { ok: true, value: { held: registry.hold(id, caller.id) } };
      },
    },
    subscribe: (listener) => queueChanged.subscribe((event) => listener('queue:changed', event)),
    disconnect: (caller) => registry.releaseHolder(caller.id),
  };
}
