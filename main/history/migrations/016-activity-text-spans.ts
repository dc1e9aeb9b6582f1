import type { Migration } from './migration';

/**
 * The activity file's search terms in one table per span of call ids (activity-text.ts), so a word still
 * being typed is gathered from the newest calls rather than all of them. The one table is dropped and the
 * mark set back to nothing: the indexer writes every call's terms again, into their spans, when the file is
 * next opened (3.4 s for two million calls, on the activity worker's thread). Deleting a call's terms and
 * writing a summary that came late move into activity-text.ts, since a trigger cannot choose the table;
 * the late ones wait in `activity_text_late` meanwhile.
 *
 * Only the activity file takes this step (migrations/index.ts): it is version 16 there, after 14.
 */
export const activityTextSpans: Migration = {
  version: 16,
  name: 'activity-text-spans',
  sql: `
    DROP TRIGGER activity_text_delete;
    DROP TRIGGER activity_text_late_summary;
    DROP TABLE activity_text;
    UPDATE activity_text_mark SET through = 0;

    CREATE TABLE activity_text_spans (span INTEGER PRIMARY KEY) STRICT;
    CREATE TABLE activity_text_late (id INTEGER PRIMARY KEY) STRICT;

    CREATE TRIGGER activity_text_late_summary AFTER UPDATE OF summary ON activity
      WHEN old.summary IS NULL AND new.summary IS NOT NULL
        AND new.id <= (SELECT through FROM activity_text_mark) BEGIN
      INSERT OR IGNORE INTO activity_text_late (id) VALUES (new.id);
    END;
  `,
};
