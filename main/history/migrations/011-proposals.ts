import type { Migration } from './migration';

/**
 * Rules a person dismissed from the console's suggestions, by project folder and rule text: a dismissed
 * proposal is never made again, across restarts (main/rules/proposals/propose.ts). Kept apart from the
 * requests, so a purge by age never brings a dismissed proposal back.
 */
export const proposals: Migration = {
  version: 11,
  name: 'proposals',
  sql: `
    CREATE TABLE proposal_dismissals (
      cwd          TEXT    NOT NULL,
      rule         TEXT    NOT NULL,
      dismissed_at INTEGER NOT NULL,
      PRIMARY KEY (cwd, rule)
    ) STRICT;
  `,
};
