import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentToolEvent } from '../../common/agent-tool-events';
import { createActivityStore } from './activity-store';
import type { ActivityStore } from './activity-store';
import { openActivityDatabase } from './activity-database';
import { MIGRATIONS } from './migrations';
import { openHistoryDatabase } from './open-database';
import { createActivityPurge } from './retention';

let dir: string;
let db: Database;
let activity: ActivityStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-activity-purge-'));
  openHistoryDatabase(join(dir, 'history.db'), MIGRATIONS).close();
  db = openActivityDatabase(join(dir, 'activity.db'), join(dir, 'history.db'));
  activity = createActivityStore(db);
});
afterEach(() => {
  activity.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const calls = (sessionId: string, count: number, at: number): AgentToolEvent[] =>
  Array.from({ length: count }, (_, i) => ({
    kind: 'decision',
    agent: 'claude',
    sessionId,
    callId: `${sessionId}-${i}`,
    tool: 'Bash',
    input: { command: `make target-${i}` },
    at,
    sequence: i,
    decision: 'accept',
    allowed: true,
    source: 'config',
    permissionMode: 'auto',
  }));

const rows = () => db.prepare<[], number>('SELECT count(*) FROM activity').pluck().get();
const sessions = () =>
  db.prepare<[], string>('SELECT session_id FROM activity_sessions ORDER BY session_id').pluck().all();

describe('the activity purge', () => {
  it('deletes at most a batch per transaction, the sessions furthest past the cutoff first', () => {
    activity.record([...calls('older', 7, 100), ...calls('old', 5, 200), ...calls('new', 3, 5_000)]);
    const purge = createActivityPurge(db);
    expect(purge.step(1_000, 4)).toBe(4);
    expect(rows()).toBe(11);
    expect(sessions()).toEqual(['new', 'old', 'older']);
    // The rest of `older`, which then goes, and the first of `old`.
    expect(purge.step(1_000, 4)).toBe(4);
    expect(sessions()).toEqual(['new', 'old']);
    expect(purge.step(1_000, 4)).toBe(4);
    expect(purge.step(1_000, 4)).toBe(0);
    expect(sessions()).toEqual(['new']);
    expect(rows()).toBe(3);
  });

  it('runs its batches a slice per turn until done, letting other work run in between', async () => {
    activity.record(calls('old', 10, 100));
    // A slice of no time: one batch a turn.
    const purge = createActivityPurge(db, 3, 0);
    const seen: number[] = [];
    const watch = setInterval(() => seen.push(rows() ?? 0), 0);
    purge.start(1_000);
    expect(rows()).toBe(10);
    await purge.idle();
    clearInterval(watch);
    expect(rows()).toBe(0);
    expect(sessions()).toEqual([]);
    // Some other timer ran while rows were still left.
    expect(seen.some((count) => count > 0 && count < 10)).toBe(true);
  });

  it('spares a session that became active again before its turn', async () => {
    activity.record(calls('old', 4, 100));
    const purge = createActivityPurge(db, 2);
    expect(purge.step(1_000, 2)).toBe(2);
    activity.record(calls('old', 6, 2_000).slice(4));
    purge.start(1_000);
    await purge.idle();
    expect(sessions()).toEqual(['old']);
    expect(rows()).toBe(4);
  });

  it('stops when told, and the next purge takes up the rest', async () => {
    activity.record(calls('old', 10, 100));
    const purge = createActivityPurge(db, 3);
    purge.start(1_000);
    purge.stop();
    await purge.idle();
    expect(rows()).toBe(10);
    purge.start(1_000);
    await purge.idle();
    expect(rows()).toBe(0);
  });
});
