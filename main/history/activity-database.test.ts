import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Database as Connection } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentToolEvent } from '../../common/agent-tool-events';
import { openActivityDatabase } from './activity-database';
import { createActivityStore } from './activity-store';
import { MIGRATIONS } from './migrations';
import { openHistoryDatabase } from './open-database';
import { createActivityPurge } from './retention';
import { createSqliteHistory } from './sqlite-history';
import { sampleEntry, sampleRequest } from './testing/sample';

let dir: string;
let historyPath: string;
let activityPath: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-activity-file-'));
  historyPath = join(dir, 'history.db');
  activityPath = join(dir, 'activity.db');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const call = (sessionId: string, n: number, command = `make step-${n}`): AgentToolEvent => ({
  kind: 'decision',
  agent: 'claude',
  sessionId,
  callId: `${sessionId}-${n}`,
  tool: 'Bash',
  input: { command },
  at: 1_000 + n,
  sequence: n,
  decision: 'accept',
  allowed: true,
  source: 'config',
  permissionMode: 'default',
});

const tables = (path: string) => {
  const db = new Database(path, { readonly: true });
  try {
    return db
      .prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'activity%'")
      .pluck()
      .all();
  } finally {
    db.close();
  }
};

describe('the activity file', () => {
  it('takes over the calls an older Gatehouse kept in the history file, joins and search included', () => {
    const history = createSqliteHistory(historyPath);
    history.record(
      sampleEntry(sampleRequest({ id: 'asked', sessionId: 's-1', input: { command: 'make step-2' } })),
    );
    history.close();
    // What migrations 012 to 014 left: the calls in the history file itself, as an older Gatehouse wrote them.
    const legacy = openHistoryDatabase(historyPath, MIGRATIONS);
    legacy.exec(`
      INSERT INTO activity_sessions (id, session_id, agent, first_seen, last_seen)
      VALUES (1, 's-1', 'claude', 1001, 1002), (2, 's-2', 'claude', 1001, 1001);
      INSERT INTO activity (session, call_id, tool, summary, seq, decided_at, allowed, source, mode, request_id)
      VALUES (1, 's-1-1', 'Bash', 'terraform plan', 1, 1001, 1, 'config', 'default', NULL),
             (1, 's-1-2', 'Bash', 'make step-2', 2, 1002, 1, 'config', 'default', 'asked'),
             (2, 's-2-1', 'Bash', 'make step-1', 1, 1001, 1, 'config', 'default', NULL);
    `);
    legacy.close();

    const db = openActivityDatabase(activityPath, historyPath);
    const store = createActivityStore(db);
    try {
      expect(store.sessionCalls('s-1', { limit: 10 })).toEqual([
        expect.objectContaining({ callId: 's-1-1', summary: 'terraform plan' }),
        expect.objectContaining({ callId: 's-1-2', requestId: 'asked' }),
      ]);
      expect(
        store
          .sessions(10)
          .map((session) => session.sessionId)
          .sort(),
      ).toEqual(['s-1', 's-2']);
      expect(store.search('terraform', { limit: 10 }).map((hit) => hit.callId)).toEqual(['s-1-1']);
    } finally {
      store.close();
      db.close();
    }
    expect(tables(historyPath)).toEqual([]);
    // A second open finds nothing left to move and keeps what it has.
    const again = openActivityDatabase(activityPath, historyPath);
    try {
      expect(again.prepare('SELECT count(*) FROM activity').pluck().get()).toBe(3);
    } finally {
      again.close();
    }
  });

  it('starts empty beside a new history file', () => {
    createSqliteHistory(historyPath).close();
    const db = openActivityDatabase(activityPath, historyPath);
    try {
      expect(db.prepare('SELECT count(*) FROM activity').pluck().get()).toBe(0);
    } finally {
      db.close();
    }
  });

  describe('never holds the history file’s write lock while it writes', () => {
    let history: ReturnType<typeof createSqliteHistory>;
    let db: Connection;
    let decisions: Connection;
    let decided = 0;
    beforeEach(() => {
      history = createSqliteHistory(historyPath);
      db = openActivityDatabase(activityPath, historyPath);
      // The history file written from inside each write to the activity file, as the console's thread writes
      // a decision meanwhile: were its lock taken, that would fail at once (SQLITE_BUSY).
      decisions = new Database(historyPath);
      decisions.pragma('busy_timeout = 0');
      const write = decisions.prepare('INSERT INTO console_runs (started_at, alive_at) VALUES (?, ?)');
      db.function('decide_meanwhile', () => {
        write.run(decided, decided);
        decided += 1;
        return 0;
      });
      db.exec(`
        CREATE TEMP TRIGGER meanwhile_insert AFTER INSERT ON main.activity BEGIN SELECT decide_meanwhile(); END;
        CREATE TEMP TRIGGER meanwhile_delete AFTER DELETE ON main.activity BEGIN SELECT decide_meanwhile(); END;
        CREATE TEMP TRIGGER meanwhile_mark AFTER UPDATE ON main.activity_text_mark BEGIN SELECT decide_meanwhile(); END;
      `);
      decided = 0;
    });
    afterEach(() => {
      db.close();
      decisions.close();
      history.close();
    });

    it('when it records calls, indexes them and purges them', async () => {
      const store = createActivityStore(db);
      store.record([call('old', 1), call('old', 2)]);
      expect(decided).toBe(2);
      store.search('make', { limit: 10 });
      expect(decided).toBe(3);
      const purge = createActivityPurge(db);
      purge.start(5_000);
      await purge.idle();
      // Two calls deleted, and the search mark brought down to what is left.
      expect(decided).toBe(6);
      store.close();
    });
  });
});
