import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NewerSchemaError } from './migrate';
import { MIGRATIONS } from './migrations';
import { openHistoryDatabase } from './open-database';
import { createSqliteHistory } from './sqlite-history';

const LATEST = MIGRATIONS.at(-1)?.version ?? 0;

let dir: string;
let path: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-migrate-'));
  path = join(dir, 'history.db');
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

function userVersion(): number {
  const db = new Database(path, { readonly: true });
  try {
    return db.pragma('user_version', { simple: true }) as number;
  } finally {
    db.close();
  }
}

describe('migrations', () => {
  it('are numbered 1, 2, 3… with nothing missing or repeated', () => {
    expect(MIGRATIONS.map((step) => step.version)).toEqual(MIGRATIONS.map((_, index) => index + 1));
  });

  it('bring a new file from version 0 to the latest in one open', () => {
    createSqliteHistory(path).close();
    expect(userVersion()).toBe(LATEST);
    const db = new Database(path, { readonly: true });
    const tables = db
      .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
      .pluck()
      .all();
    db.close();
    expect(tables).toEqual(
      expect.arrayContaining(['agents', 'decisions', 'request_text', 'requests', 'sessions']),
    );
  });

  it('upgrade a database written by the previous schema version and keep its rows, searchable', () => {
    const old = openHistoryDatabase(path, MIGRATIONS.slice(0, -1));
    // What the previous version wrote for one decided Bash request.
    old.exec(`
      INSERT INTO agents (id, name, version, first_seen) VALUES (1, 'claude-code', '2.0.0', 10);
      INSERT INTO sessions (id, agent_id, cwd, first_seen, last_seen) VALUES ('s-old', 1, '/srv/app', 10, 20);
      INSERT INTO requests (id, session_id, tool, input, cwd, mode, fingerprint, received_at)
        VALUES ('r-old', 's-old', 'Bash', '{"command":"terraform apply -auto-approve"}', '/srv/app', 'default', 'f-old', 10);
      INSERT INTO decisions (request_id, behavior, decided_by, latency_ms, message, decided_at)
        VALUES ('r-old', 'deny', 'notification', 10, 'not today', 20);
    `);
    old.close();
    expect(userVersion()).toBe(LATEST - 1);

    const history = createSqliteHistory(path);
    expect(userVersion()).toBe(LATEST);
    expect(history.find('r-old')).toEqual({
      fingerprint: 'f-old',
      decision: {
        type: 'permission.decision',
        id: 'r-old',
        behavior: 'deny',
        by: 'notification',
        message: 'not today',
      },
    });
    expect(history.search('terraform', { limit: 5 }).map((entry) => entry.request.id)).toEqual(['r-old']);
    expect(history.listSessions({ limit: 5 })).toEqual([
      expect.objectContaining({
        id: 's-old',
        agent: { name: 'claude-code', version: '2.0.0' },
        firstSeen: 10,
        lastSeen: 20,
        counts: { allow: 0, deny: 1, passthrough: 0, pending: 0 },
      }),
    ]);
    history.close();
  });

  it('upgrade a database made by migrations 001 and 002 to one the browser can filter by project', () => {
    const old = openHistoryDatabase(
      path,
      MIGRATIONS.filter((step) => step.version <= 2),
    );
    old.exec(`
      INSERT INTO agents (id, name, version, first_seen, last_seen) VALUES (1, 'claude-code', '', 10, 30);
      INSERT INTO sessions (id, agent_id, cwd, first_seen, last_seen) VALUES ('s2', 1, '/srv/app', 10, 30);
      INSERT INTO requests (id, session_id, tool, input, cwd, mode, fingerprint, received_at) VALUES
        ('in', 's2', 'Bash', '{"command":"make deploy"}', '/srv/app/api', 'default', 'f1', 10),
        ('out', 's2', 'Bash', '{"command":"make clean"}', '/srv/other', 'default', 'f2', 20);
      INSERT INTO decisions (request_id, behavior, decided_by, latency_ms, decided_at)
        VALUES ('in', 'allow', 'console', 5, 15);
    `);
    old.close();
    expect(userVersion()).toBe(2);

    const history = createSqliteHistory(path);
    expect(userVersion()).toBe(LATEST);
    const page = history.queryRequests({ project: '/srv/app', text: 'make' }, { limit: 10 });
    expect(page.entries.map((entry) => entry.request.id)).toEqual(['in']);
    expect(page.entries[0]?.decision?.decision.by).toBe('console');
    expect(history.purgeOlderThan(25)).toEqual({ requests: 2, sessions: 1 });
    history.close();
    const db = new Database(path, { readonly: true });
    expect(
      db.prepare("SELECT count(*) FROM sqlite_schema WHERE name = 'requests_by_project'").pluck().get(),
    ).toBe(1);
    db.close();
  });

  it('refuse a database from a newer version in one sentence, and leave it untouched', () => {
    const newer = new Database(path);
    newer.pragma(`user_version = ${LATEST + 1}`);
    newer.close();
    expect(() => createSqliteHistory(path)).toThrow(NewerSchemaError);
    expect(() => createSqliteHistory(path)).toThrow(
      `The history database ${path} was written by a newer Gatehouse (schema ${LATEST + 1}, this one knows up to ${LATEST}), so it was left untouched; update Gatehouse to open it.`,
    );
    expect(userVersion()).toBe(LATEST + 1);
  });

  it('apply every pending step or none: a failing step leaves the file at its old version', () => {
    const broken = [
      ...MIGRATIONS,
      { version: LATEST + 1, name: 'broken', sql: 'CREATE TABLE extra (a); SELECT no_such_function();' },
    ];
    expect(() => openHistoryDatabase(path, broken)).toThrow(/no_such_function/);
    expect(userVersion()).toBe(0);
    const db = new Database(path, { readonly: true });
    expect(
      db.prepare("SELECT count(*) FROM sqlite_schema WHERE name IN ('agents', 'extra')").pluck().get(),
    ).toBe(0);
    db.close();
  });
});
