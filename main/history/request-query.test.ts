import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteHistory } from './sqlite-history';
import { sampleEntry, sampleRequest } from './testing/sample';
import type { HistoryFilter, RequestCursorView } from '../../common/history-contract';
import type { History } from './types';

let dir: string;
let history: History;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-query-'));
  history = createSqliteHistory(join(dir, 'history.db'));
  // Two projects, two sessions, every outcome, and two requests sharing one millisecond.
  history.record(
    sampleEntry(
      sampleRequest({ id: 'deploy', sessionId: 'S1', cwd: '/srv/app', input: { command: 'npm run deploy' } }),
      { behavior: 'deny', by: 'notification' },
      { receivedAt: 100 },
    ),
  );
  history.record(
    sampleEntry(
      sampleRequest({
        id: 'edit',
        sessionId: 'S1',
        cwd: '/srv/app/web',
        tool: 'Edit',
        input: { file_path: 'a.ts' },
      }),
      { behavior: 'allow', by: 'grant' },
      { receivedAt: 200 },
    ),
  );
  history.record(
    sampleEntry(
      sampleRequest({ id: 'test', sessionId: 'S2', cwd: '/srv/app2', input: { command: 'npm test' } }),
      { behavior: 'allow', by: 'console' },
      { receivedAt: 300 },
    ),
  );
  history.record(
    sampleEntry(
      sampleRequest({ id: 'agent', sessionId: 'S2', cwd: '/srv/app2', input: { command: 'ls' } }),
      { behavior: 'passthrough', by: 'agent' },
      { receivedAt: 300 },
    ),
  );
  history.recordPending(
    sampleRequest({ id: 'wait', sessionId: 'S2', cwd: '/srv/app2', input: { command: 'npm publish' } }),
    { name: 'claude-code' },
    400,
  );
});

afterEach(() => {
  history.close();
  rmSync(dir, { recursive: true, force: true });
});

const ids = (filter: HistoryFilter, limit = 10) =>
  history.queryRequests(filter, { limit }).entries.map((entry) => entry.request.id);

describe('queryRequests', () => {
  it('returns every request across sessions newest first, ties in arrival order reversed', () => {
    expect(ids({})).toEqual(['wait', 'agent', 'test', 'edit', 'deploy']);
  });

  it('filters by tool, outcome (pending included) and the racer that decided', () => {
    expect(ids({ tool: 'Edit' })).toEqual(['edit']);
    expect(ids({ outcome: 'allow' })).toEqual(['test', 'edit']);
    expect(ids({ outcome: 'pending' })).toEqual(['wait']);
    expect(ids({ outcome: 'passthrough' })).toEqual(['agent']);
    expect(ids({ decidedBy: 'notification' })).toEqual(['deploy']);
    expect(ids({ decidedBy: 'console', outcome: 'deny' })).toEqual([]);
  });

  it("selects one session's requests, a timeline newest first, with the other filters", () => {
    expect(ids({ sessionId: 'S2' })).toEqual(['wait', 'agent', 'test']);
    expect(ids({ sessionId: 'S2', outcome: 'pending' })).toEqual(['wait']);
    expect(ids({ sessionId: 'nobody' })).toEqual([]);
    expect(
      history
        .queryRequests({ sessionId: 'S1' }, { limit: 10 })
        .entries.toReversed()
        .map((entry) => entry.request.id),
    ).toEqual(history.sessionTimeline('S1').map((entry) => entry.request.id));
  });

  it('selects a project folder and what is below it, but not a sibling that shares its prefix', () => {
    expect(ids({ project: '/srv/app' })).toEqual(['edit', 'deploy']);
    expect(ids({ project: '/srv/app/' })).toEqual(['edit', 'deploy']);
    expect(ids({ project: '/srv/app/web' })).toEqual(['edit']);
    expect(ids({ project: '/srv' })).toHaveLength(5);
    expect(ids({ project: '/' })).toHaveLength(5);
    expect(ids({ project: '/srv/ap' })).toEqual([]);
  });

  it('selects Windows folders by backslash', () => {
    history.record(
      sampleEntry(
        sampleRequest({ id: 'win', sessionId: 'W', cwd: 'C:\\work\\app\\src' }),
        {},
        { receivedAt: 50 },
      ),
    );
    expect(ids({ project: 'C:\\work\\app' })).toEqual(['win']);
    expect(ids({ project: 'C:\\work\\ap' })).toEqual([]);
  });

  it('bounds arrival time inclusively', () => {
    expect(ids({ from: 200, to: 300 })).toEqual(['agent', 'test', 'edit']);
    expect(ids({ from: 401 })).toEqual([]);
  });

  it('combines full-text words with the other filters, as search matches them', () => {
    expect(ids({ text: 'npm' })).toEqual(['wait', 'test', 'deploy']);
    expect(ids({ text: 'npm', outcome: 'allow' })).toEqual(['test']);
    expect(ids({ text: 'npm dep', project: '/srv/app' })).toEqual(['deploy']);
    expect(ids({ text: '   ' })).toHaveLength(5);
    expect(ids({ text: '*' })).toEqual([]);
    expect(ids({ text: '" OR 1=1 --' })).toEqual([]);
  });

  it('pages with a cursor that visits every request once, across a tie in arrival time', () => {
    const seen: string[] = [];
    let before: RequestCursorView | undefined;
    for (let guard = 0; guard < 10; guard++) {
      const page = history.queryRequests({}, { limit: 2, ...(before ? { before } : {}) });
      seen.push(...page.entries.map((entry) => entry.request.id));
      before = page.next;
      if (!before) break;
    }
    expect(seen).toEqual(['wait', 'agent', 'test', 'edit', 'deploy']);
  });

  it('has no next page when the last page is exactly full', () => {
    expect(history.queryRequests({ tool: 'Edit' }, { limit: 1 }).next).toBeUndefined();
    expect(history.queryRequests({}, { limit: 5 }).next).toBeUndefined();
    expect(history.queryRequests({}, { limit: 4 }).next).toBeDefined();
  });

  it('returns each entry as a timeline does, decision included', () => {
    const [deploy] = history.queryRequests({ tool: 'Bash', outcome: 'deny' }, { limit: 1 }).entries;
    expect(deploy).toEqual(history.sessionTimeline('S1')[0]);
  });

  it('refuses a page of no requests', () => {
    expect(() => history.queryRequests({}, { limit: 0 })).toThrow(RangeError);
    expect(() => history.queryRequests({}, { limit: 1.5 })).toThrow(RangeError);
  });
});
