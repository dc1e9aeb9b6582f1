import type { Migration } from './migration';

/**
 * What the history browser filters on that 001 left unindexed: a project folder, which the browser
 * selects as a range of working directories. Tool, time, outcome and racer filters already have indexes.
 */
export const browseIndexes: Migration = {
  version: 3,
  name: 'browse',
  sql: `
    CREATE INDEX requests_by_project ON requests (cwd, received_at);
  `,
};
