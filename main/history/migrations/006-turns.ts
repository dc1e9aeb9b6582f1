import type { Migration } from './migration';

/**
 * The agent's turn a request belongs to, when the agent names its turns (Codex's `turn_id`): the history
 * card shows it beside the session. Nullable, so older rows and agents without turns need nothing.
 */
export const turns: Migration = {
  version: 6,
  name: 'turns',
  sql: `
    ALTER TABLE requests ADD COLUMN turn_id TEXT;
  `,
};
