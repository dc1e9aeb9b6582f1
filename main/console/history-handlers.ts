/**
 * The history browser's handlers: pages of sessions and of requests (a session's timeline is its requests
 * by `sessionId`), the export in pages, retention and purge, and the agents' own record of their calls. Arguments arrive validated by `history-contract.ts`.
 */
import { refusal } from '../../common/refusals';
import type { ConsoleHandlers, Result } from '../../common/console-contract';
import type { HistoryFilter, historyInvokeSchemas } from '../../common/history-contract';
import type { History } from '../history';
import type { ActivityAccess } from '../history/activity-access';
import { DAY_MS } from '../history/retention-schedule';
import type { RetentionKeeper } from '../history/retention-schedule';

export type HistoryChannel = keyof typeof historyInvokeSchemas;
export type HistoryHandlers = Pick<ConsoleHandlers, HistoryChannel>;

/**
 * Text per export page: the web console's frames are capped at 1 MiB, and JSON-escaping a page in its frame
 * can double it, so a quarter of that leaves room.
 */
export const EXPORT_PAGE_BYTES = 256 * 1024;

export interface HistoryHandlerDeps {
  readonly history: History;
  /** The agents' own record, kept apart from the history file (main/history/activity-database.ts). */
  readonly activity: ActivityAccess;
  readonly retention: RetentionKeeper;
  /** Makes the setting durable; rejects with one sentence when the settings file cannot be written. */
  readonly saveRetention: (days: number | undefined) => Promise<void>;
  readonly now: () => number;
  /** History lost entries through a purge. */
  readonly purged: () => void;
}

/** A blank search is no search; the rest of the filter passes as it is. */
function withoutBlankText(filter: HistoryFilter): HistoryFilter {
  const { text, ...rest } = filter;
  return text !== undefined && text.trim() !== '' ? { ...rest, text } : rest;
}

const failed = (code: 'settings-not-saved' | 'no-history', message: string) =>
  ({ ok: false, error: refusal(code, message) }) as const;

/** A read of the agents' record, or one sentence saying it could not be read (its worker stopped). */
async function activityRead<T>(read: () => Promise<T>): Promise<Result<T>> {
  try {
    return { ok: true, value: await read() };
  } catch (error) {
    return failed(
      'no-history',
      `The agents' activity could not be read (${(error as Error).message}); restart the console to read it again.`,
    );
  }
}

export function createHistoryHandlers(deps: HistoryHandlerDeps): HistoryHandlers {
  const { history, activity, retention } = deps;
  return {
    'history:sessions': ({ limit, before }) => {
      // One summary beyond the page says whether another follows.
      const found = history.listSessions({ limit: limit + 1, ...(before ? { before } : {}) });
      const sessions = found.slice(0, limit);
      const last = sessions.at(-1);
      return {
        ok: true,
        value:
          found.length > limit && last
            ? { sessions, next: { firstSeen: last.firstSeen, id: last.id } }
            : { sessions },
      };
    },
    'history:requests': ({ filter, limit, before }) => ({
      ok: true,
      value: history.queryRequests(withoutBlankText(filter), { limit, ...(before ? { before } : {}) }),
    }),
    'history:export': ({ filter, format, before }) => ({
      ok: true,
      value: history.exportPage(withoutBlankText(filter), format, {
        maxBytes: EXPORT_PAGE_BYTES,
        ...(before ? { before } : {}),
      }),
    }),
    'history:retention': () => {
      const days = retention.days();
      return { ok: true, value: days === undefined ? {} : { days } };
    },
    'history:set-retention': async ({ days }) => {
      const next = days ?? undefined;
      try {
        await deps.saveRetention(next);
      } catch (error) {
        return failed('settings-not-saved', (error as Error).message);
      }
      const purged = retention.set(next);
      return {
        ok: true,
        value: { ...(next === undefined ? {} : { days: next }), ...(purged ? { purged } : {}) },
      };
    },
    'history:activity-sessions': ({ limit }) =>
      activityRead(async () => ({ sessions: await activity.sessions(limit) })),
    'history:activity': ({ sessionId, limit, after = 0 }) =>
      activityRead(async () => {
        // One call beyond the page says whether another follows.
        const found = await activity.sessionCalls(sessionId, { limit: limit + 1, after });
        const calls = found.slice(0, limit);
        return found.length > limit ? { calls, next: after + limit } : { calls };
      }),
    'history:activity-export': ({ sessionId, format, after }) =>
      activityRead(() =>
        activity.exportPage(sessionId, format, {
          maxBytes: EXPORT_PAGE_BYTES,
          ...(after === undefined ? {} : { after }),
        }),
      ),
    'history:activity-search': ({ text, limit }) =>
      activityRead(async () => ({ calls: await activity.search(text, { limit }) })),
    'history:purge': ({ olderThanDays }): Result<{ requests: number; sessions: number }> => {
      const result = history.purgeOlderThan(deps.now() - olderThanDays * DAY_MS);
      if (result.requests > 0 || result.sessions > 0) deps.purged();
      return { ok: true, value: result };
    },
  };
}

/** For a console started over a decision store that keeps no history (some tests): each channel says so. */
export function unavailableHistoryHandlers(): HistoryHandlers {
  const none = () =>
    failed(
      'no-history',
      'This console keeps no history; start it without a custom decision store to browse it.',
    );
  return {
    'history:sessions': none,
    'history:requests': none,
    'history:export': none,
    'history:retention': none,
    'history:set-retention': none,
    'history:purge': none,
    'history:activity-sessions': none,
    'history:activity': none,
    'history:activity-export': none,
    'history:activity-search': none,
  };
}
