import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Database as Connection } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openActivityDatabase } from './activity-database';
import { createActivityIndexer } from './activity-indexer';
import { createActivityText, TEXT_SPAN } from './activity-text';
import { ACTIVITY_MIGRATIONS, MIGRATIONS } from './migrations';
import { openHistoryDatabase } from './open-database';
import { createActivityPurge } from './retention';

let dir: string;
let path: string;
let db: Connection;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-activity-text-'));
  path = join(dir, 'activity.db');
  openHistoryDatabase(join(dir, 'history.db'), MIGRATIONS).close();
  db = openActivityDatabase(path, join(dir, 'history.db'));
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The first id of each span, then the next: calls in three spans, a session each, the oldest first. */
const SPREAD = [1, 2, TEXT_SPAN + 1, TEXT_SPAN + 2, 2 * TEXT_SPAN + 1];

/** Calls with these ids, as the store writes them (session, call id, summary). */
function write(
  target: Connection,
  calls: ReadonlyArray<readonly [id: number, session: string, summary: string | null]>,
) {
  const session = target.prepare<{ name: string; at: number }, number>(
    `INSERT INTO activity_sessions (session_id, agent, first_seen, last_seen) VALUES (@name, 'claude', @at, @at)
     ON CONFLICT (session_id) DO UPDATE SET last_seen = max(last_seen, @at) RETURNING id`,
  );
  const call = target.prepare(
    "INSERT INTO activity (id, session, call_id, tool, summary) VALUES (?, ?, ?, 'Bash', ?)",
  );
  for (const [id, name, summary] of calls)
    call.run(id, session.pluck().get({ name, at: id }), `call-${id}`, summary);
}

const spans = (target: Connection = db) =>
  target.prepare<[], number>('SELECT span FROM activity_text_spans ORDER BY span').pluck().all();
const tables = (target: Connection = db) =>
  target
    .prepare<[], string>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name",
    )
    .pluck()
    .all();

describe('the activity search terms, a table per span of call ids', () => {
  it('writes each call’s terms into its span’s table and finds them newest first, a page across spans', () => {
    write(
      db,
      SPREAD.map((id) => [id, `s-${id}`, `git status ${id}`]),
    );
    createActivityIndexer(db).stop();
    expect(spans()).toEqual([0, 1, 2]);
    expect(tables()).toEqual(['activity_text_0', 'activity_text_1', 'activity_text_2']);
    const text = createActivityText(db);
    expect(text.matches('git*', 10)).toEqual([...SPREAD].reverse());
    expect(text.matches('git*', 3)).toEqual([2 * TEXT_SPAN + 1, TEXT_SPAN + 2, TEXT_SPAN + 1]);
    expect(text.matches(`${TEXT_SPAN + 1}`, 10)).toEqual([TEXT_SPAN + 1]);
    expect(text.matches('terraform', 10)).toEqual([]);
  });

  it('reads no older span once the newer ones have filled the page', () => {
    write(
      db,
      SPREAD.map((id) => [id, `s-${id}`, `git status ${id}`]),
    );
    createActivityIndexer(db).stop();
    const read: string[] = [];
    const watched = new Database(path, { readonly: true, verbose: (sql) => read.push(String(sql)) });
    try {
      expect(createActivityText(watched).matches('git*', 2)).toEqual([2 * TEXT_SPAN + 1, TEXT_SPAN + 2]);
      const searched = read.filter((sql) => sql.includes('MATCH'));
      expect(searched.join('\n')).toContain('activity_text_2');
      expect(searched.join('\n')).toContain('activity_text_1');
      expect(searched.join('\n')).not.toContain('activity_text_0');
    } finally {
      watched.close();
    }
  });

  it('writes a summary that came after its span was indexed, into that span', () => {
    write(db, [
      [5, 's-old', null],
      [TEXT_SPAN + 5, 's-new', 'make build'],
    ]);
    const indexer = createActivityIndexer(db);
    db.prepare("UPDATE activity SET summary = 'terraform plan' WHERE id = 5").run();
    expect(db.prepare('SELECT id FROM activity_text_late').pluck().all()).toEqual([5]);
    indexer.catchUp();
    indexer.stop();
    expect(db.prepare('SELECT count(*) FROM activity_text_late').pluck().get()).toBe(0);
    const text = createActivityText(db);
    expect(text.matches('terraform', 10)).toEqual([5]);
    expect(
      db.prepare("SELECT rowid FROM activity_text_0 WHERE activity_text_0 MATCH 'terraform'").pluck().all(),
    ).toEqual([5]);
  });

  it('drops a span’s table once retention has taken every call in it, and removes the terms of the rest', () => {
    write(db, [
      [1, 'old', 'git status'],
      [2, 'old', 'git diff'],
      [3, 'kept', 'git log'],
      [TEXT_SPAN + 1, 'old', 'git push'],
      [TEXT_SPAN + 2, 'new', 'git pull'],
    ]);
    createActivityIndexer(db).stop();
    db.prepare("UPDATE activity_sessions SET last_seen = 10 WHERE session_id = 'old'").run();
    db.prepare("UPDATE activity_sessions SET last_seen = 20 WHERE session_id = 'kept'").run();
    const purge = createActivityPurge(db);
    purge.step(15, 100);
    // `old`'s calls are gone from both spans; span 0 still holds `kept`'s.
    expect(spans()).toEqual([0, 1]);
    const text = createActivityText(db);
    expect(text.matches('git*', 10)).toEqual([TEXT_SPAN + 2, 3]);
    db.prepare("UPDATE activity_sessions SET last_seen = 10 WHERE session_id = 'kept'").run();
    purge.step(15, 100);
    expect(spans()).toEqual([1]);
    expect(tables()).toEqual(['activity_text_1']);
    expect(text.matches('git*', 10)).toEqual([TEXT_SPAN + 2]);
  });

  it('drops every span once no call is left, and makes a span again for the next call', () => {
    write(db, [
      [1, 'old', 'git status'],
      [TEXT_SPAN + 1, 'old', 'git push'],
    ]);
    const indexer = createActivityIndexer(db);
    db.prepare('UPDATE activity_sessions SET last_seen = 10').run();
    createActivityPurge(db).step(15, 100);
    expect(spans()).toEqual([]);
    expect(tables()).toEqual([]);
    write(db, [[1, 'again', 'git log']]);
    indexer.catchUp();
    indexer.stop();
    expect(createActivityText(db).matches('git*', 10)).toEqual([1]);
  });
});

describe('migration 016', () => {
  it('moves an activity file’s terms from its one table into spans, and the file searches as before', () => {
    const older = join(dir, 'older.db');
    const before = openHistoryDatabase(
      older,
      ACTIVITY_MIGRATIONS.filter((step) => step.version <= 14),
    );
    try {
      write(before, [
        [1, 's-1', 'terraform plan'],
        [TEXT_SPAN + 1, 's-2', 'terraform apply'],
      ]);
      before.exec(`
        INSERT INTO activity_text (rowid, text) SELECT id, summary FROM activity;
        UPDATE activity_text_mark SET through = ${TEXT_SPAN + 1};
      `);
    } finally {
      before.close();
    }
    const after = openActivityDatabase(older, join(dir, 'history.db'));
    try {
      const indexer = createActivityIndexer(after);
      indexer.stop();
      expect(tables(after)).toEqual(['activity_text_0', 'activity_text_1']);
      expect(createActivityText(after).matches('terraform', 10)).toEqual([TEXT_SPAN + 1, 1]);
    } finally {
      after.close();
    }
  });
});
