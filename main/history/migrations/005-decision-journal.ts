import type { Migration } from './migration';

/**
 * A decision becomes durable as one row here, in the commit the console waits for before it sends the
 * decision; the agent, session, request and decision rows with their nine indexes are written from it a
 * moment later, many decisions to a transaction (history-writer.ts). Writing them all in the decision's
 * own commit put some sixteen pages into the log for every decision, five times the cost of this one row.
 * The entry is the history entry as JSON, so it answers a re-sent request exactly as the decision table
 * would; rowid order is the order decisions were recorded, the order their rows are written in.
 */
export const decisionJournal: Migration = {
  version: 5,
  name: 'decision-journal',
  sql: `
    CREATE TABLE decision_journal (
      request_id TEXT PRIMARY KEY,
      entry      TEXT NOT NULL CHECK (json_valid(entry))
    ) STRICT;
  `,
};
