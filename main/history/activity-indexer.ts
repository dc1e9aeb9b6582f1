/**
 * The agents' calls' search terms (activity-text.ts), written just after their rows in batches, and all
 * before any search (migration 014): per call, the FTS5 insert was half of what an event cost, and one
 * insert per row made a segment per body for FTS5 to merge later. `activity_text_mark` says how far the
 * terms go, in the same transaction as the terms, so a crash leaves nothing half indexed and the next open
 * takes up the rest.
 */
import type { Database } from 'better-sqlite3';
import { guarded } from '../../common/guarded';
import { createActivityText } from './activity-text';
import type { ActivityText } from './activity-text';

/** Calls per transaction: a couple of milliseconds of work, so a decision arriving meanwhile waits little. */
const BATCH = 256;
/** Long enough for a burst of bodies to finish arriving, so their calls are indexed together. */
const DELAY_MS = 50;

export interface ActivityIndexer {
  /** Some calls were written: index them soon. */
  schedule(): void;
  /** Indexes every call written so far, now. */
  catchUp(): void;
  stop(): void;
}

export function createActivityIndexer(
  db: Database,
  text: ActivityText = createActivityText(db),
): ActivityIndexer {
  const mark = db.prepare<[], number>('SELECT through FROM activity_text_mark').pluck();
  const setMark = db.prepare<{ through: number }>('UPDATE activity_text_mark SET through = @through');
  const lastCall = db.prepare<[], number | null>('SELECT max(id) FROM activity').pluck();

  /** Indexes at most `limit` more calls in one DEFERRED transaction (activity-database.ts); true if more wait. */
  const indexSome = db.transaction((limit: number): boolean => {
    text.indexLate();
    const after = mark.get()!;
    const latest = lastCall.get() ?? 0;
    if (latest <= after) return false;
    const through = Math.min(latest, after + limit);
    text.index(after, through);
    setMark.run({ through });
    return through < latest;
  });

  let timer: ReturnType<typeof setTimeout> | undefined;
  // Never what keeps a process alive: whatever is left is indexed on the next search or open.
  const runIn = (ms: number) => {
    timer = setTimeout(() => guarded('indexing the agents’ calls for search', step), ms);
    timer.unref();
  };
  function step() {
    timer = undefined;
    if (indexSome(BATCH)) runIn(0);
  }

  const indexer: ActivityIndexer = {
    schedule() {
      if (timer === undefined) runIn(DELAY_MS);
    },
    catchUp() {
      indexSome(Number.POSITIVE_INFINITY);
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
  indexer.catchUp();
  return indexer;
}
