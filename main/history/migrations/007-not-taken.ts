import type { Migration } from './migration';

/**
 * A recorded answer the agent did not take, learned after it was recorded: Claude Code drops a hook's
 * answer that comes after the person already answered its own dialog, and only its transcript says so
 * (main/registry/agent-outcome.ts). The decision stays as it was sent; these say what the agent did
 * instead. Nullable, so every earlier row reads as taken.
 */
export const notTaken: Migration = {
  version: 7,
  name: 'not-taken',
  sql: `
    ALTER TABLE decisions ADD COLUMN not_taken TEXT
      CHECK (not_taken IS NULL OR not_taken IN ('terminal-no', 'terminal-yes'));
    ALTER TABLE decisions ADD COLUMN not_taken_message TEXT;
  `,
};
