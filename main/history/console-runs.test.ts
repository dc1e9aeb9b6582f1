import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSqliteHistory } from './sqlite-history';
import { sampleEntry, sampleRequest } from './testing/sample';
import type { History } from './types';

const AGENT = { name: 'claude-code' };
let dir: string;
let path: string;
const open: History[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-runs-'));
  path = join(dir, 'history.db');
});
afterEach(() => {
  for (const history of open.splice(0)) history.close();
  rmSync(dir, { recursive: true, force: true });
});

function openHistory(): History {
  const history = createSqliteHistory(path);
  open.push(history);
  return history;
}

/** The heartbeat of the newest run, read beside the history as another process would. */
const lastAlive = () => {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare('SELECT alive_at FROM console_runs ORDER BY id DESC LIMIT 1').pluck().get();
  } finally {
    db.close();
  }
};

const handedBackOf = (history: History, id: string) =>
  history.sessionTimeline('session-1').find((entry) => entry.request.id === id)?.handedBack;

describe('requests a console stopped holding', () => {
  it('a clean stop hands back what waited, at the time of the stop, and leaves decisions alone', () => {
    const history = openHistory();
    const run = history.startConsoleRun(() => 5_000);
    history.recordPending(sampleRequest({ id: 'waiting' }), AGENT, 1_000);
    history.record(sampleEntry(sampleRequest({ id: 'answered' })));
    run.stop();
    expect(handedBackOf(history, 'waiting')).toEqual({ because: 'stopped', at: 5_000 });
    expect(handedBackOf(history, 'answered')).toBeUndefined();
  });

  it('a crash is found by the next start, dated by the last heartbeat of the crashed run', () => {
    const crashed = openHistory();
    crashed.startConsoleRun(() => 2_000);
    crashed.recordPending(sampleRequest({ id: 'waiting' }), AGENT, 1_500);
    // Closed without its run's stop, as a SIGKILL leaves it.
    open.splice(open.indexOf(crashed), 1)[0]!.close();

    const next = openHistory();
    next.startConsoleRun(() => 90_000);
    expect(handedBackOf(next, 'waiting')).toEqual({ because: 'crashed', at: 2_000 });
  });

  it('beats while it runs: a crash is dated by the last beat, not by the start', async () => {
    const clock = { at: 2_000 };
    const crashed = openHistory();
    crashed.startConsoleRun(() => clock.at);
    crashed.recordPending(sampleRequest({ id: 'waiting' }), AGENT, 1_500);
    clock.at = 3_000;
    await vi.waitFor(() => expect(lastAlive()).toBe(3_000), { timeout: 20_000, interval: 50 });
    open.splice(open.indexOf(crashed), 1)[0]!.close();

    const next = openHistory();
    next.startConsoleRun(() => 90_000);
    expect(handedBackOf(next, 'waiting')).toEqual({ because: 'crashed', at: 3_000 });
  });

  it('a history no run has written dates what it finds by the start that found it', () => {
    const old = openHistory();
    old.recordPending(sampleRequest({ id: 'waiting' }), AGENT, 1_500);
    const run = old.startConsoleRun(() => 7_000);
    expect(handedBackOf(old, 'waiting')).toEqual({ because: 'unknown', at: 7_000 });
    run.stop();
  });

  it('a request re-sent to the next console waits again', () => {
    const history = openHistory();
    const run = history.startConsoleRun(() => 5_000);
    history.recordPending(sampleRequest({ id: 'waiting' }), AGENT, 1_000);
    run.stop();
    history.recordPending(sampleRequest({ id: 'waiting' }), AGENT, 6_000);
    expect(handedBackOf(history, 'waiting')).toBeUndefined();
  });
});
