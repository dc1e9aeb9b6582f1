/**
 * The activity file: the agents' own record of their tool calls (migrations 012 to 014), beside the history
 * file and apart from it. A decision's commit takes the history file's write lock; with the calls in the
 * same file, every batch of the agents' telemetry written would hold that lock, and a decision arriving
 * meanwhile would wait for it. Apart, the two are written side by side, each under its own lock.
 *
 * The history file is attached as `history`, read only by what this connection does: a call is joined to
 * the question Gatehouse asked about it, and a call a retry grant let through names its refusal. SQLite
 * resolves the unqualified `requests` and `decisions` there, since the activity file has no such tables.
 * Every transaction on this connection is DEFERRED: an IMMEDIATE one takes the write lock of every attached
 * file, the history file's included, and a decision would wait for it after all.
 */
import type { Database } from 'better-sqlite3';
import { ACTIVITY_MIGRATIONS } from './migrations';
import { openHistoryDatabase } from './open-database';

/** The activity file's name in the console's home, beside the history file. */
export const ACTIVITY_FILE = 'activity.sqlite3';

/** Calls copied per transaction when the record moves out of an older history file. */
const MOVE_BATCH = 10_000;

/**
 * Opens (creating if needed) the activity file at `path`, migrated, with the history file at `historyPath`
 * attached; calls an older Gatehouse kept in the history file are moved here first.
 */
export function openActivityDatabase(path: string, historyPath: string): Database {
  const db = openHistoryDatabase(path, ACTIVITY_MIGRATIONS);
  try {
    db.prepare('ATTACH DATABASE ? AS history').run(historyPath);
    moveOutOfHistory(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Migrations 012 to 014 kept the calls in the history file. They are copied here a batch per transaction,
 * each idempotent (a copy cut short is taken up at the next open), and the history file's tables are
 * dropped last, in one transaction. The copied calls' search terms follow from the mark, which starts at
 * nothing in a new activity file (migration 014 set it to the last call there was, none).
 */
function moveOutOfHistory(db: Database): void {
  const legacy = db
    .prepare<[], number>("SELECT 1 FROM history.sqlite_master WHERE type = 'table' AND name = 'activity'")
    .pluck()
    .get();
  if (legacy === undefined) return;
  const last = db.prepare<[], number | null>('SELECT max(id) FROM history.activity').pluck().get() ?? 0;
  db.exec('INSERT OR IGNORE INTO main.activity_sessions SELECT * FROM history.activity_sessions');
  const copy = db.prepare<{ after: number; through: number }>(
    'INSERT OR IGNORE INTO main.activity SELECT * FROM history.activity WHERE id > @after AND id <= @through',
  );
  for (let after = 0; after < last; after += MOVE_BATCH) copy.run({ after, through: after + MOVE_BATCH });
  db.transaction(() => {
    db.exec(`
      DROP TABLE history.activity_text;
      DROP TABLE history.activity_text_mark;
      DROP TABLE history.activity;
      DROP TABLE history.activity_sessions;
    `);
  })();
}
