import type { Migration } from './migration';

/**
 * What ten million activity rows need (bench/history): a session's page read from an index in the order
 * the agent made its calls, rather than every row of the session sorted (the row id, the tie-break, is in
 * every index already); sessions by their last activity, which is what the list shows first and what
 * retention purges by, a batch at a time (retention.ts); the few calls Gatehouse asked about, by their
 * question, so joining a call to its question no longer reads the whole session; and full-text search over the calls' summaries. The search table is contentless,
 * since the text is already in `activity.summary`, and `contentless_delete` so that retention can remove a
 * row's terms. Triggers keep it in step: the agents' telemetry is written apart from any decision, so its
 * terms cost no decision anything. A call's summary may come with its result, after the row was made.
 */
export const activityScale: Migration = {
  version: 13,
  name: 'activity-scale',
  sql: `
    CREATE INDEX activity_in_order ON activity (session, coalesce(seq, 0));
    CREATE INDEX activity_sessions_by_last_seen ON activity_sessions (last_seen);
    CREATE INDEX activity_by_request ON activity (request_id) WHERE request_id IS NOT NULL;

    CREATE VIRTUAL TABLE activity_text USING fts5 (text, content = '', contentless_delete = 1);

    CREATE TRIGGER activity_text_insert AFTER INSERT ON activity WHEN new.summary IS NOT NULL BEGIN
      INSERT INTO activity_text (rowid, text) VALUES (new.id, new.summary);
    END;

    CREATE TRIGGER activity_text_summary AFTER UPDATE OF summary ON activity
      WHEN old.summary IS NULL AND new.summary IS NOT NULL BEGIN
      INSERT INTO activity_text (rowid, text) VALUES (new.id, new.summary);
    END;

    CREATE TRIGGER activity_text_delete AFTER DELETE ON activity WHEN old.summary IS NOT NULL BEGIN
      DELETE FROM activity_text WHERE rowid = old.id;
    END;

    -- Calls recorded before this version.
    INSERT INTO activity_text (rowid, text) SELECT id, summary FROM activity WHERE summary IS NOT NULL;
  `,
};
