import type { Migration } from './migration';

/**
 * Two things every decision wrote and nothing reads. A commit appends each page it touched to the log, so
 * each is a page less per decision (bench/bridge's console figures):
 * - `decisions_by_time`: no query filters or orders decisions by time alone; the outcome and racer filters
 *   have their own indexes, and time filters are on the request's arrival.
 * - `agents.last_seen`: an agent's last activity is its newest session's `last_seen`, which is kept. The
 *   agent row is now written once, when the agent is first seen.
 */
export const leanerWrites: Migration = {
  version: 5,
  name: 'leaner-writes',
  sql: `
    DROP INDEX decisions_by_time;
    ALTER TABLE agents DROP COLUMN last_seen;
  `,
};
