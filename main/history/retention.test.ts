import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteHistory } from './sqlite-history';
import { sampleEntry, sampleRequest } from './testing/sample';
import type { History } from './types';

let dir: string;
let path: string;
let history: History;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-retention-'));
  path = join(dir, 'history.db');
  history = createSqliteHistory(path);
  // Session OLD lies wholly before the cutoff of 1_000; MIXED straddles it; NEW is after it.
  history.record(
    sampleEntry(
      sampleRequest({ id: 'o1', sessionId: 'OLD', input: { command: 'terraform apply' } }),
      {},
      { receivedAt: 100 },
    ),
  );
  history.recordPending(
    sampleRequest({ id: 'o2', sessionId: 'OLD', input: { command: 'terraform destroy' } }),
    { name: 'claude-code' },
    200,
  );
  history.record(
    sampleEntry(
      sampleRequest({ id: 'm1', sessionId: 'MIXED', input: { command: 'terraform plan' } }),
      { behavior: 'deny' },
      { receivedAt: 500 },
    ),
  );
  history.record(
    sampleEntry(
      sampleRequest({ id: 'm2', sessionId: 'MIXED', input: { command: 'terraform fmt' } }),
      {},
      { receivedAt: 1_000 },
    ),
  );
  history.record(
    sampleEntry(
      sampleRequest({ id: 'n1', sessionId: 'NEW', input: { command: 'terraform init' } }),
      {},
      { receivedAt: 2_000 },
    ),
  );
});

afterEach(() => {
  history.close();
  rmSync(dir, { recursive: true, force: true });
});

const searched = (text: string) => history.search(text, { limit: 10 }).map((entry) => entry.request.id);

describe('purgeOlderThan', () => {
  it('deletes requests before the cutoff with their decisions, and the sessions it empties', () => {
    expect(history.countDecisions()).toBe(4);
    expect(history.purgeOlderThan(1_000)).toEqual({ requests: 3, sessions: 1 });
    expect(history.countDecisions()).toBe(2);
    expect(history.listSessions({ limit: 10 }).map((session) => session.id)).toEqual(['NEW', 'MIXED']);
    expect(history.sessionTimeline('MIXED').map((entry) => entry.request.id)).toEqual(['m2']);
    expect(history.find('m1')).toBeUndefined();
    expect(history.queryRequests({}, { limit: 10 }).entries.map((entry) => entry.request.id)).toEqual([
      'n1',
      'm2',
    ]);
  });

  it('removes the purged requests from search', () => {
    expect(searched('terraform')).toEqual(['n1', 'm2', 'm1', 'o2', 'o1']);
    history.purgeOlderThan(1_000);
    expect(searched('terraform')).toEqual(['n1', 'm2']);
    expect(searched('apply')).toEqual([]);
    expect(history.queryRequests({ text: 'destroy' }, { limit: 10 }).entries).toEqual([]);
  });

  it('leaves no orphaned decision or search term behind', () => {
    history.purgeOlderThan(1_500);
    history.close();
    const db = new Database(path, { readonly: true });
    expect(db.prepare('SELECT count(*) FROM decisions').pluck().get()).toBe(1);
    expect(db.prepare('SELECT count(*) FROM requests').pluck().get()).toBe(1);
    expect(
      db.prepare("SELECT rowid FROM request_text WHERE request_text MATCH 'terraform'").pluck().all(),
    ).toEqual(db.prepare('SELECT rowid FROM requests').pluck().all());
    db.close();
    history = createSqliteHistory(path);
  });

  it('purges nothing when nothing is older, and everything when all is', () => {
    expect(history.purgeOlderThan(50)).toEqual({ requests: 0, sessions: 0 });
    expect(history.purgeOlderThan(Number.MAX_SAFE_INTEGER)).toEqual({ requests: 5, sessions: 3 });
    expect(history.countDecisions()).toBe(0);
    expect(searched('terraform')).toEqual([]);
    // A request recorded after a full purge may take a freed rowid; it must not inherit old search terms.
    history.record(
      sampleEntry(sampleRequest({ id: 'after', input: { command: 'ls' } }), {}, { receivedAt: 3_000 }),
    );
    expect(searched('terraform')).toEqual([]);
    expect(searched('ls')).toEqual(['after']);
  });
});

describe('a request still waiting when a purge takes its row', () => {
  it('records its decision afterwards with the request written again', () => {
    const waiting = sampleRequest({ id: 'w1', sessionId: 'OLD', input: { command: 'terraform output' } });
    history.recordPending(waiting, { name: 'claude-code' }, 300);
    expect(history.sessionTimeline('OLD').map((entry) => entry.request.id)).toContain('w1');
    history.purgeOlderThan(1_000);
    expect(history.find('w1')).toBeUndefined();
    history.record(sampleEntry(waiting, {}, { receivedAt: 300, decidedAt: 3_000 }));
    expect(history.find('w1')?.decision.behavior).toBe('allow');
    expect(history.sessionTimeline('OLD').map((entry) => entry.request.id)).toEqual(['w1']);
  });
});
