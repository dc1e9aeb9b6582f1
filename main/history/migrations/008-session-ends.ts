import type { Migration } from './migration';

/**
 * How a session ended: `agent` when the agent said so (its SessionEnd hook or `session.ended`),
 * `disconnect` when the connection that carried it closed. Null on earlier rows: they ended by the agent's
 * word, the only end recorded before.
 */
export const sessionEnds: Migration = {
  version: 8,
  name: 'session-ends',
  sql: `
    ALTER TABLE sessions ADD COLUMN ended_by TEXT
      CHECK (ended_by IS NULL OR ended_by IN ('agent', 'disconnect'));
  `,
};
