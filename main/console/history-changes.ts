/**
 * `history:changed`, throttled: the first change is said at once, and changes during the next
 * `intervalMs` are said once when it ends, so a burst of decisions costs an open history view one reload.
 * Each says which part changed: the agents' telemetry changes the activity record every second while they
 * work, and that alone must not tell the history browser its list is out of date, nor send rule proposals
 * to be worked out again.
 */
import type { HistoryChanged } from '../../common/history-contract';
import { createSignal } from '../../common/signal';
import type { Signal } from '../../common/signal';

export const HISTORY_CHANGED_INTERVAL_MS = 1_000;

export type HistoryPart = 'requests' | 'activity';

export interface HistoryChanges {
  readonly changed: Pick<Signal<HistoryChanged>, 'subscribe'>;
  /** These parts of history gained or lost entries. */
  notify(...parts: readonly [HistoryPart, ...HistoryPart[]]): void;
  close(): void;
}

export function createHistoryChanges(
  now: () => number,
  intervalMs: number = HISTORY_CHANGED_INTERVAL_MS,
): HistoryChanges {
  const changed = createSignal<HistoryChanged>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const owed = new Set<HistoryPart>();
  const say = (parts: ReadonlySet<HistoryPart>) =>
    changed.emit({ at: now(), requests: parts.has('requests'), activity: parts.has('activity') });
  const quiet = () => {
    timer = setTimeout(() => {
      timer = undefined;
      if (owed.size === 0) return;
      say(owed);
      owed.clear();
      quiet();
    }, intervalMs);
    timer.unref?.();
  };
  return {
    changed,
    notify(...parts) {
      if (timer) {
        for (const part of parts) owed.add(part);
        return;
      }
      say(new Set(parts));
      quiet();
    },
    close() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      owed.clear();
    },
  };
}
