import type { Migration } from './migration';

/**
 * Every tool call the agents report in their own telemetry (main/telemetry/), how it was settled and how it
 * ended, one row per call, joined to the question Gatehouse asked about it when there was one. Kept
 * compact, since a heavy user's agents make millions of calls a year: the session's id text once in
 * `activity_sessions`, a row's session as its integer key, the input as a bounded one-line summary rather
 * than the whole input, and the agent's words for the source and mode as they came (a dozen bytes).
 */
export const activity: Migration = {
  version: 12,
  name: 'activity',
  sql: `
    CREATE TABLE activity_sessions (
      id         INTEGER PRIMARY KEY,
      session_id TEXT    NOT NULL UNIQUE,
      agent      TEXT    NOT NULL CHECK (agent IN ('claude', 'codex')),
      first_seen INTEGER NOT NULL,
      last_seen  INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX activity_sessions_by_start ON activity_sessions (first_seen);

    CREATE TABLE activity (
      id          INTEGER PRIMARY KEY,
      session     INTEGER NOT NULL REFERENCES activity_sessions (id) ON DELETE CASCADE,
      -- Claude Code's tool_use_id, Codex's call_id.
      call_id     TEXT    NOT NULL,
      tool        TEXT    NOT NULL,
      summary     TEXT,
      -- The agent's own sequence number (Claude Code), else NULL: rows of a session read in id order.
      seq         INTEGER,
      decided_at  INTEGER,
      allowed     INTEGER CHECK (allowed IN (0, 1)),
      source      TEXT,
      mode        TEXT,
      ended_at    INTEGER,
      duration_ms INTEGER,
      success     INTEGER CHECK (success IN (0, 1)),
      error       TEXT,
      -- The question Gatehouse asked about this call, when it asked one.
      request_id  TEXT,
      UNIQUE (session, call_id)
    ) STRICT;
  `,
};
