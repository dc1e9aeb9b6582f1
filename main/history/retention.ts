import type { Database } from 'better-sqlite3';
import type { PurgeView } from '../../common/history-contract';
import { guarded } from '../../common/guarded';
import { SLICE_MS } from './activity-ingest';
import { createActivityText } from './activity-text';

/**
 * Deleting a request fires `request_text_delete`, which removes its search terms (the FTS table is
 * contentless_delete, so it can). Decisions are deleted explicitly rather than left to ON DELETE CASCADE,
 * which only acts on a connection with foreign_keys on. A session goes once it has no request left; its
 * first_seen is its oldest request's arrival, so the cutoff bounds that scan too.
 */
export function createPurge(db: Database): (cutoff: number) => PurgeView {
  const deleteDecisions = db.prepare(`
    DELETE FROM decisions WHERE request_id IN (SELECT id FROM requests WHERE received_at < @cutoff)`);
  const deleteRequests = db.prepare('DELETE FROM requests WHERE received_at < @cutoff');
  const deleteSessions = db.prepare(`
    DELETE FROM sessions
    WHERE first_seen < @cutoff AND NOT EXISTS (SELECT 1 FROM requests WHERE session_id = sessions.id)`);
  const purge = db.transaction((cutoff: number): PurgeView => {
    deleteDecisions.run({ cutoff });
    const requests = deleteRequests.run({ cutoff }).changes;
    const sessions = deleteSessions.run({ cutoff }).changes;
    return { requests, sessions };
  });
  // IMMEDIATE for the same reason as the writer's transactions: take the write lock before the first read.
  return (cutoff) => purge.immediate(cutoff);
}

/**
 * Activity rows deleted per transaction, with their index entries and search terms (a span of terms no call
 * is left in is dropped whole, activity-text.ts): about a millisecond on a loaded machine (bench/history:
 * 500 took 20 ms, and a decision arriving meanwhile waited for them).
 */
export const ACTIVITY_PURGE_BATCH = 64;

export interface ActivityPurge {
  /**
   * Deletes the agents' calls of every session last active before `cutoff`, and then the session, from the
   * next turn of the event loop on, batches for at most `SLICE_MS` a turn: millions of rows must not hold
   * the console, nor a decision wait behind them.
   */
  start(cutoff: number): void;
  /** At most `limit` rows now, in one transaction; the number deleted, less than `limit` once done. */
  step(cutoff: number, limit: number): number;
  /** Resolves once no purge is under way. */
  idle(): Promise<void>;
  /** What is left goes with the next purge (the retention schedule runs one at every start). */
  stop(): void;
}

export function createActivityPurge(
  db: Database,
  batch: number = ACTIVITY_PURGE_BATCH,
  sliceMs: number = SLICE_MS,
): ActivityPurge {
  // The oldest first: a purge cut short has then taken what was furthest past the cutoff.
  const oldest = db
    .prepare<{ cutoff: number }, number>(
      'SELECT id FROM activity_sessions WHERE last_seen < @cutoff ORDER BY last_seen LIMIT 1',
    )
    .pluck();
  const deleteCalls = db.prepare<{ session: number; limit: number }, { id: number; searched: 0 | 1 }>(
    `DELETE FROM activity WHERE id IN (SELECT id FROM activity WHERE session = @session LIMIT @limit)
       RETURNING id, summary IS NOT NULL AS searched`,
  );
  const lowestCall = db.prepare<[], number | null>('SELECT min(id) FROM activity').pluck();
  const text = createActivityText(db);
  const deleteSession = db.prepare<{ session: number }>('DELETE FROM activity_sessions WHERE id = @session');
  // A call written next may reuse a freed id below the search mark (activity-indexer.ts), which must not
  // pass for indexed: the mark comes down to the last call left.
  const lowerMark = db.prepare(
    'UPDATE activity_text_mark SET through = min(through, (SELECT coalesce(max(id), 0) FROM activity))',
  );
  const purgeSome = db.transaction((cutoff: number, limit: number): number => {
    let deleted = 0;
    while (deleted < limit) {
      const session = oldest.get({ cutoff });
      if (session === undefined) break;
      const calls = deleteCalls.all({ session, limit: limit - deleted });
      text.remove(calls.filter((call) => call.searched).map((call) => call.id));
      deleted += calls.length;
      if (deleted < limit) deleteSession.run({ session });
    }
    if (deleted > 0) {
      lowerMark.run();
      text.dropBelow(lowestCall.get() ?? undefined);
    }
    return deleted;
  });
  // DEFERRED, as every transaction on the activity file's connection (activity-database.ts).
  const step = (cutoff: number, limit: number) => purgeSome(cutoff, limit);

  let cutoff: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waiting: (() => void)[] = [];
  const finish = () => {
    cutoff = undefined;
    timer = undefined;
    const done = waiting;
    waiting = [];
    done.forEach((resolve) => resolve());
  };
  const next = () => {
    // Never what keeps a process alive: a purge cut short is taken up by the next one.
    timer = setTimeout(() => guarded('purging the agents’ activity', run), 0);
    timer.unref();
  };
  function run() {
    if (cutoff === undefined) return finish();
    let more = false;
    try {
      const end = performance.now() + sliceMs;
      do more = step(cutoff, batch) === batch;
      while (more && performance.now() < end);
    } finally {
      if (more) next();
      else finish();
    }
  }
  return {
    start(at) {
      cutoff = Math.max(cutoff ?? at, at);
      if (timer === undefined) next();
    },
    step,
    idle: () => (timer === undefined ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve))),
    stop() {
      clearTimeout(timer);
      finish();
    },
  };
}
