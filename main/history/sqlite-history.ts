import { startConsoleRun } from './console-runs';
import { createHistoryReader } from './history-reader';
import { createHistoryWriter } from './history-writer';
import { MIGRATIONS } from './migrations';
import { openHistoryDatabase } from './open-database';
import { createProposalHistory } from './proposal-history';
import { exportPage, exportRequests } from './request-export';
import { createRequestQuery, createRequestRows } from './request-query';
import { createPurge } from './retention';
import { createSearchIndexer } from './search-indexer';
import type { History } from './types';

/**
 * The console's durable history at `path`, created and migrated to the current schema if needed.
 * better-sqlite3 is synchronous, so `record` has committed when it returns.
 */
export function createSqliteHistory(path: string): History {
  const db = openHistoryDatabase(path, MIGRATIONS);
  const indexer = createSearchIndexer(db);
  const writer = createHistoryWriter(db, indexer.schedule);
  const reader = createHistoryReader(db);
  const requestRows = createRequestRows(db);
  const queryRequests = createRequestQuery(requestRows);
  const purge = createPurge(db);
  const proposals = createProposalHistory(db);
  const fresh =
    <A extends unknown[], R>(read: (...args: A) => R) =>
    (...args: A): R => {
      indexer.catchUp();
      return read(...args);
    };
  return {
    ...writer,
    find: reader.find,
    listSessions: fresh(reader.listSessions),
    sessionTimeline: fresh(reader.sessionTimeline),
    search: fresh(reader.search),
    queryRequests: fresh(queryRequests),
    exportRequests: fresh((filter, format, write) => exportRequests(requestRows, filter, format, write)),
    exportPage: fresh((filter, format, page) => exportPage(requestRows, filter, format, page)),
    purgeOlderThan: fresh((cutoff) => {
      // A purge may take the row of a request still waiting; its decision then writes the row again.
      const purged = purge(cutoff);
      indexer.deleted();
      return purged;
    }),
    countDecisions: reader.countDecisions,
    startConsoleRun: (now) => startConsoleRun(db, now),
    recentRequests: fresh(reader.recentRequests),
    proposals,
    close: () => {
      indexer.stop();
      indexer.catchUp();
      db.close();
    },
  };
}
