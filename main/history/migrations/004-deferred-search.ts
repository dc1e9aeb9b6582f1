import type { Migration } from './migration';

/**
 * A request's search terms are no longer written by a trigger in the transaction that records it: that
 * was a third of the cost of every decision, which is sent only once recorded. search-indexer.ts writes
 * them in small batches right after, and before every read, so a search still finds every request.
 */
export const deferredSearch: Migration = {
  version: 4,
  name: 'deferred-search',
  sql: `
    DROP TRIGGER request_text_insert;
  `,
};
