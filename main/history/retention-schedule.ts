/**
 * Keeping history to its retention: a purge when the console starts, and then every hour, of everything
 * older than the setting. Without a setting nothing is purged.
 */
import type { ConsoleWarning } from '../../common/console-contract';
import type { PurgeView } from '../../common/history-contract';
import type { History } from './types';

export const DAY_MS = 86_400_000;
export const RETENTION_INTERVAL_MS = 3_600_000;

/** Requests that arrived before this instant are older than `days`. */
export const retentionCutoff = (days: number, now: number) => now - days * DAY_MS;

export interface RetentionKeeper {
  days(): number | undefined;
  /** Takes a new setting and applies it at once; what that purge removed, when there is a setting. */
  set(days: number | undefined): PurgeView | undefined;
  close(): void;
}

export interface RetentionOptions {
  readonly history: Pick<History, 'purgeOlderThan'>;
  readonly days: number | undefined;
  readonly now: () => number;
  readonly intervalMs?: number;
  /** A purge removed something. */
  readonly onPurged: (result: PurgeView) => void;
  /** A scheduled purge failed: one of the console's warnings. */
  readonly onError: (warning: ConsoleWarning) => void;
}

export function startRetention(options: RetentionOptions): RetentionKeeper {
  let days = options.days;
  const purge = (): PurgeView | undefined => {
    if (days === undefined) return undefined;
    const result = options.history.purgeOlderThan(retentionCutoff(days, options.now()));
    if (result.requests > 0 || result.sessions > 0) options.onPurged(result);
    return result;
  };
  const scheduled = () => {
    try {
      purge();
    } catch (error) {
      const detail = (error as Error).message;
      options.onError({
        code: 'history-purge-failed',
        days: String(days),
        detail,
        fallback: `History older than ${days} days could not be purged (${detail}); it is tried again within the hour.`,
      });
    }
  };
  scheduled();
  // The hourly purge must never be what keeps the process alive.
  const timer = setInterval(scheduled, options.intervalMs ?? RETENTION_INTERVAL_MS);
  timer.unref();
  return {
    days: () => days,
    set(next) {
      days = next;
      return purge();
    },
    close: () => clearInterval(timer),
  };
}
