import { createHistoryReader } from './history-reader';
import { createHistoryWriter } from './history-writer';
import { MIGRATIONS } from './migrations';
import { openHistoryDatabase } from './open-database';
import type { History } from './types';

/**
 * The console's durable history at `path`, created and migrated to the current schema if needed.
 * better-sqlite3 is synchronous, so `record` has committed when it returns.
 */
export function createSqliteHistory(path: string): History {
  const db = openHistoryDatabase(path, MIGRATIONS);
  return {
    ...createHistoryWriter(db),
    ...createHistoryReader(db),
    close: () => void db.close(),
  };
}
