import type { Migration } from './migration';

/**
 * Agents, their sessions, every request they sent and the one decision each got. Timestamps are Unix
 * milliseconds; JSON columns hold the protocol's objects as the agent sent them (or as the winner answered),
 * and a nullable column is NULL exactly when the field was absent, so a replayed decision equals the one sent.
 * Shipped migrations never change: a new column or index is a new migration.
 */
export const coreSchema: Migration = {
  version: 1,
  name: 'core',
  sql: `
    CREATE TABLE agents (
      id         INTEGER PRIMARY KEY,
      name       TEXT    NOT NULL,
      -- '' when the agent named no version: NULLs are all distinct to UNIQUE, so two unversioned
      -- "claude-code" rows could otherwise coexist.
      version    TEXT    NOT NULL DEFAULT '',
      first_seen INTEGER NOT NULL,
      last_seen  INTEGER NOT NULL,
      UNIQUE (name, version)
    ) STRICT;

    CREATE TABLE sessions (
      id         TEXT    PRIMARY KEY,
      agent_id   INTEGER NOT NULL REFERENCES agents (id),
      -- The project folder: the working directory of the session's first request.
      cwd        TEXT    NOT NULL,
      first_seen INTEGER NOT NULL,
      last_seen  INTEGER NOT NULL,
      ended_at   INTEGER
    ) STRICT;
    -- The sessions list pages newest-first by start, which never moves while someone is browsing.
    CREATE INDEX sessions_by_start ON sessions (first_seen, id);
    CREATE INDEX sessions_by_agent ON sessions (agent_id, first_seen);
    CREATE INDEX sessions_by_project ON sessions (cwd, first_seen);

    CREATE TABLE requests (
      -- The agent-chosen id, the key of exactly-once.
      id          TEXT    PRIMARY KEY,
      session_id  TEXT    NOT NULL REFERENCES sessions (id),
      tool        TEXT    NOT NULL,
      input       TEXT    NOT NULL CHECK (json_valid(input)),
      cwd         TEXT    NOT NULL,
      mode        TEXT    NOT NULL,
      fingerprint TEXT    NOT NULL,
      received_at INTEGER NOT NULL,
      suggestions TEXT    CHECK (suggestions IS NULL OR json_valid(suggestions)),
      provenance  TEXT    CHECK (provenance IS NULL OR json_valid(provenance))
    ) STRICT;
    CREATE INDEX requests_by_session ON requests (session_id, received_at);
    CREATE INDEX requests_by_tool ON requests (tool, received_at);
    CREATE INDEX requests_by_time ON requests (received_at);

    CREATE TABLE decisions (
      -- Primary key, so a second decision for one request cannot be stored.
      request_id          TEXT    PRIMARY KEY REFERENCES requests (id) ON DELETE CASCADE,
      behavior            TEXT    NOT NULL CHECK (behavior IN ('allow', 'deny', 'passthrough')),
      decided_by          TEXT    NOT NULL,
      channel             TEXT,
      latency_ms          INTEGER NOT NULL CHECK (latency_ms >= 0),
      message             TEXT,
      interrupt           INTEGER CHECK (interrupt IN (0, 1)),
      updated_input       TEXT    CHECK (updated_input IS NULL OR json_valid(updated_input)),
      updated_permissions TEXT    CHECK (updated_permissions IS NULL OR json_valid(updated_permissions)),
      rule_written        TEXT,
      decided_at          INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX decisions_by_time ON decisions (decided_at);
    CREATE INDEX decisions_by_outcome ON decisions (behavior, decided_at);
    CREATE INDEX decisions_by_racer ON decisions (decided_by, decided_at);
  `,
};
