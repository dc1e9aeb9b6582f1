import { closeSync, openSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { Database as Connection } from 'better-sqlite3';
import { migrate } from './migrate';
import type { Migration } from './migrations';

/** How long a write waits for another connection's lock (a `gatehouse` CLI reading while the console writes). */
const BUSY_TIMEOUT_MS = 5_000;

/**
 * Opens (creating if needed) a history database with the pragmas every connection needs, then migrates it.
 *
 * - `journal_mode = WAL`: readers (the history browser, exports) never block the writer that records
 *   decisions, and a commit is one append to the -wal file.
 * - `synchronous = NORMAL`: in WAL mode a commit has reached the OS once `COMMIT` returns; only the fsync is
 *   deferred to the checkpoint. A killed console (SIGKILL, crash, OOM) therefore keeps every committed
 *   decision; only an OS crash or power cut can lose the last few, and it takes the agents on this loopback
 *   bridge down with it. FULL would add an fsync to every decision for no case the bridge can still serve.
 * - `foreign_keys = ON`: off by default in SQLite, and per connection; without it a decision could point
 *   at no request.
 * - `busy_timeout`: without it a second connection's brief lock fails a write with SQLITE_BUSY at once.
 *
 * The file is created 0600 before SQLite opens it: SQLite gives the -wal and -shm files the database's own
 * mode, and would otherwise create all three with the umask's (0644), readable by every local user.
 */
export function openHistoryDatabase(path: string, migrations: readonly Migration[]): Connection {
  closeSync(openSync(path, 'a', 0o600));
  const db = new Database(path);
  try {
    const mode = db.pragma('journal_mode = WAL', { simple: true });
    if (mode !== 'wal') {
      throw new Error(
        `The history database ${path} cannot use write-ahead logging (it stays in "${String(mode)}" mode); keep it on a local disk.`,
      );
    }
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    migrate(db, migrations, path);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
