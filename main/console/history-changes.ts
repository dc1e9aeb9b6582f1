/**
 * `history:changed`, throttled: the first change is said at once, and changes during the next
 * `intervalMs` are said once when it ends, so a burst of decisions costs an open history view one reload.
 */
import type { HistoryChanged } from '../../common/history-contract';
import { createSignal } from '../../common/signal';
import type { Signal } from '../../common/signal';

export const HISTORY_CHANGED_INTERVAL_MS = 1_000;

export interface HistoryChanges {
  readonly changed: Pick<Signal<HistoryChanged>, 'subscribe'>;
  /** History gained or lost entries. */
  notify(): void;
  close(): void;
}

export function createHistoryChanges(
  now: () => number,
  intervalMs: number = HISTORY_CHANGED_INTERVAL_MS,
): HistoryChanges {
  const changed = createSignal<HistoryChanged>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let owed = false;
  const quiet = () => {
    timer = setTimeout(() => {
      timer = undefined;
      if (!owed) return;
      owed = false;
      changed.emit({ at: now() });
      quiet();
    }, intervalMs);
    timer.unref?.();
  };
  return {
    changed,
    notify() {
      if (timer) {
        owed = true;
        return;
      }
      changed.emit({ at: now() });
      quiet();
    },
    close() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      owed = false;
    },
  };
}
