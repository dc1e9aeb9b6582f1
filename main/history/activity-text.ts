/**
 * The agents' calls' search terms, in one FTS5 table per span of call ids (migration 016). A search walks
 * the spans newest first and stops once it has its page. One table for every call made a word still being
 * typed slow: FTS5 gathers every row of a prefix before it returns the first, which took about 100 ms for
 * "git" at ten million calls (bench/history). Now it gathers them from the newest span alone whenever that
 * span has a page of hits. A span no call is left in is dropped whole.
 *
 * Each table is contentless, since the text is already in `activity.summary`, and `contentless_delete`, so
 * that retention can remove a call's terms.
 */
import type { Database, Statement } from 'better-sqlite3';

/** Call ids per table: a common prefix in one span is gathered in a few milliseconds. */
export const TEXT_SPAN = 250_000;

export interface ActivityText {
  /** Writes the terms of every call with an id in (`after`, `through`] that has a summary. */
  index(after: number, through: number): void;
  /** Writes the terms of calls whose summary came after their span was indexed (migration 016's queue). */
  indexLate(): void;
  /** Removes the terms of these calls, deleted from `activity`. */
  remove(ids: readonly number[]): void;
  /** Drops every span that only held ids below `lowest`, the lowest call left (none: every span). */
  dropBelow(lowest: number | undefined): void;
  /** The ids of the newest `limit` calls matching an FTS5 query, newest first. */
  matches(query: string, limit: number): number[];
}

const spanOf = (id: number) => Math.floor((id - 1) / TEXT_SPAN);
const table = (span: number) => `activity_text_${span}`;

export function createActivityText(db: Database): ActivityText {
  const spans = db.prepare<[], number>('SELECT span FROM activity_text_spans ORDER BY span DESC').pluck();
  const addSpan = db.prepare<[number]>('INSERT OR IGNORE INTO activity_text_spans (span) VALUES (?)');
  const dropSpan = db.prepare<[number]>('DELETE FROM activity_text_spans WHERE span = ?');
  // Read from the queue, which is empty but for a rare late summary: as a join, SQLite walked every call.
  const late = db.prepare<[], { id: number; summary: string | null }>(
    `SELECT id, (SELECT summary FROM activity WHERE activity.id = late.id) AS summary
     FROM activity_text_late late`,
  );
  const clearLate = db.prepare('DELETE FROM activity_text_late');

  interface SpanStatements {
    readonly range: Statement<{ after: number; through: number }>;
    readonly one: Statement<{ id: number; text: string }>;
    readonly remove: Statement<[number]>;
    readonly match: Statement<{ query: string; limit: number }, number>;
  }
  const prepared = new Map<number, SpanStatements>();
  const statements = (span: number): SpanStatements => {
    const known = prepared.get(span);
    if (known) return known;
    const name = table(span);
    const made: SpanStatements = {
      range: db.prepare(
        `INSERT INTO ${name} (rowid, text)
         SELECT id, summary FROM activity WHERE id > @after AND id <= @through AND summary IS NOT NULL`,
      ),
      one: db.prepare(`INSERT INTO ${name} (rowid, text) VALUES (@id, @text)`),
      remove: db.prepare(`DELETE FROM ${name} WHERE rowid = ?`),
      // Row id order is the order calls were first recorded, and FTS5 walks it backwards without sorting.
      match: db
        .prepare<{ query: string; limit: number }, number>(
          `SELECT rowid FROM ${name} WHERE ${name} MATCH @query ORDER BY rowid DESC LIMIT @limit`,
        )
        .pluck(),
    };
    prepared.set(span, made);
    return made;
  };
  /**
   * The span's statements, for writing: its table made first if it has none. Asked of the file each time,
   * not of this connection's statements, since another ActivityText (retention's) may have dropped it.
   */
  const writing = (span: number): SpanStatements => {
    if (addSpan.run(span).changes > 0) {
      prepared.delete(span);
      db.exec(`CREATE VIRTUAL TABLE ${table(span)} USING fts5 (text, content = '', contentless_delete = 1)`);
    }
    return statements(span);
  };

  return {
    index(after, through) {
      for (let from = after; from < through;) {
        const span = spanOf(from + 1);
        const end = Math.min(through, (span + 1) * TEXT_SPAN);
        writing(span).range.run({ after: from, through: end });
        from = end;
      }
    },
    indexLate() {
      const calls = late.all();
      if (calls.length === 0) return;
      for (const { id, summary } of calls)
        if (summary !== null) writing(spanOf(id)).one.run({ id, text: summary });
      clearLate.run();
    },
    remove(ids) {
      const known = new Set(spans.all());
      for (const id of ids) if (known.has(spanOf(id))) statements(spanOf(id)).remove.run(id);
    },
    dropBelow(lowest) {
      const below = lowest === undefined ? Number.POSITIVE_INFINITY : spanOf(lowest);
      for (const span of spans.all()) {
        if (span >= below) continue;
        db.exec(`DROP TABLE ${table(span)}`);
        dropSpan.run(span);
        prepared.delete(span);
      }
    },
    matches(query, limit) {
      const ids: number[] = [];
      for (const span of spans.all()) {
        if (ids.length >= limit) break;
        ids.push(...statements(span).match.all({ query, limit: limit - ids.length }));
      }
      return ids;
    },
  };
}
