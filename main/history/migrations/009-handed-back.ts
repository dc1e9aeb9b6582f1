import type { Migration } from './migration';

/**
 * A request the console stopped holding before anyone answered it went back to the agent's own prompt, and
 * history says so, with when. Each start of a console is a run whose heartbeat says when it was last seen
 * alive and whose clean stop says when it stopped (main/history/console-runs.ts). Nullable, so older rows
 * read as not handed back.
 */
export const handedBack: Migration = {
  version: 9,
  name: 'handed-back',
  sql: `
    ALTER TABLE requests ADD COLUMN handed_back_at INTEGER;
    -- stopped: at the clean stop; crashed: at its last heartbeat; unknown: at the next start (no run known).
    ALTER TABLE requests ADD COLUMN handed_back_because TEXT
      CHECK (handed_back_because IS NULL OR handed_back_because IN ('stopped', 'crashed', 'unknown'));

    CREATE TABLE console_runs (
      id         INTEGER PRIMARY KEY,
      started_at INTEGER NOT NULL,
      alive_at   INTEGER NOT NULL,
      stopped_at INTEGER
    ) STRICT;
  `,
};
