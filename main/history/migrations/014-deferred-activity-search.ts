import type { Migration } from './migration';

/**
 * A call's search terms are no longer written by a trigger as its row is: that was half the cost of every
 * event the agents send. activity-indexer.ts writes them in batches just after, and before every search,
 * as search-indexer.ts does for requests, and moves `activity_text_mark` with them: every call up to that
 * id has its terms. A summary that comes after its row was indexed (a decision sent without the input, its
 * result with it) is the one case still written by a trigger, and it is rare.
 */
export const deferredActivitySearch: Migration = {
  version: 14,
  name: 'deferred-activity-search',
  sql: `
    DROP TRIGGER activity_text_insert;
    DROP TRIGGER activity_text_summary;

    CREATE TABLE activity_text_mark (through INTEGER NOT NULL) STRICT;
    INSERT INTO activity_text_mark (through) SELECT coalesce(max(id), 0) FROM activity;

    CREATE TRIGGER activity_text_late_summary AFTER UPDATE OF summary ON activity
      WHEN old.summary IS NULL AND new.summary IS NOT NULL
        AND new.id <= (SELECT through FROM activity_text_mark) BEGIN
      INSERT INTO activity_text (rowid, text) VALUES (new.id, new.summary);
    END;
  `,
};
