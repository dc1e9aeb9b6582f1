import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentToolEvent } from '../../common/agent-tool-events';
import type { Database } from 'better-sqlite3';
import { openActivityDatabase } from './activity-database';
import { activityExportPage } from './activity-export';
import { createActivityStore } from './activity-store';
import type { ActivityStore } from './activity-store';
import { createSqliteHistory } from './sqlite-history';
import { sampleEntry, sampleRequest } from './testing/sample';
import type { History } from './types';

let dir: string;
let history: History;
let db: Database;
let activity: ActivityStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-activity-export-'));
  history = createSqliteHistory(join(dir, 'history.db'));
  db = openActivityDatabase(join(dir, 'activity.db'), join(dir, 'history.db'));
  activity = createActivityStore(db);
});
afterEach(() => {
  activity.close();
  db.close();
  history.close();
  rmSync(dir, { recursive: true, force: true });
});

const call = (n: number, command: string): AgentToolEvent[] => [
  {
    kind: 'decision',
    agent: 'claude',
    sessionId: 's-1',
    callId: `toolu_${n}`,
    tool: 'Bash',
    input: { command },
    at: Date.UTC(2026, 11, 7, 0, 0, n),
    sequence: n * 2,
    decision: 'accept',
    allowed: true,
    source: 'config',
    permissionMode: 'default',
  },
  {
    kind: 'result',
    agent: 'claude',
    sessionId: 's-1',
    callId: `toolu_${n}`,
    tool: 'Bash',
    input: { command },
    at: Date.UTC(2026, 11, 7, 0, 0, n + 1),
    sequence: n * 2 + 1,
    success: n % 2 === 0,
    durationMs: 40 + n,
    error: n % 2 === 0 ? undefined : 'ShellError',
  },
];

/** Every page, from the first, put together. */
function whole(format: 'csv' | 'jsonl', maxBytes: number): { text: string; pages: number } {
  let text = '';
  let pages = 0;
  let after: number | undefined;
  do {
    const page = activityExportPage(activity, 's-1', format, {
      maxBytes,
      ...(after === undefined ? {} : { after }),
    });
    text += page.text;
    pages += 1;
    after = page.next;
  } while (after !== undefined);
  return { text, pages };
}

describe('a session’s calls as a file', () => {
  it('writes CSV under a header, times in ISO 8601, a command that looks like a formula kept as text', () => {
    activity.record([...call(0, 'ls'), ...call(1, '=HYPERLINK("x")')]);
    expect(whole('csv', 1 << 20).text).toBe(
      'call_id,tool,summary,sequence,decided_at,allowed,source,permission_mode,ended_at,duration_ms,success,error,request_id,retry_of\r\n' +
        'toolu_0,Bash,ls,0,2026-12-07T00:00:00.000Z,yes,config,default,2026-12-07T00:00:01.000Z,40,yes,,,\r\n' +
        `toolu_1,Bash,"'=HYPERLINK(""x"")",2,2026-12-07T00:00:01.000Z,yes,config,default,2026-12-07T00:00:02.000Z,41,no,ShellError,,\r\n`,
    );
  });

  it('names in CSV the refusal whose overturn let a call through', () => {
    history.record(
      sampleEntry(
        sampleRequest({
          id: 'refusal-1',
          sessionId: 's-1',
          mode: 'auto',
          input: { command: 'git push --force' },
          provenance: { type: 'classifier-refusal', source: 'classifier', message: 'risky' },
        }),
      ),
    );
    history.recordRetryGrant('refusal-1', 301_250);
    history.recordRetryUsed('refusal-1', { usedAt: 2_000, usedBy: 'hook', callId: 'toolu_1' });
    // The refused call, which the question was about, and then its retry.
    const decided = (n: number) =>
      call(n, 'git push --force')[0] as Extract<AgentToolEvent, { kind: 'decision' }>;
    activity.record([
      { ...decided(0), allowed: false, decision: 'reject', source: 'classifier' },
      { ...decided(1), source: 'hook' },
    ]);
    expect(
      whole('csv', 1 << 20)
        .text.split('\r\n')
        .slice(1, 3),
    ).toEqual([
      'toolu_0,Bash,git push --force,0,2026-12-07T00:00:00.000Z,no,classifier,default,,,,,refusal-1,',
      'toolu_1,Bash,git push --force,2,2026-12-07T00:00:01.000Z,yes,hook,default,,,,,,refusal-1',
    ]);
  });

  it('writes JSONL as the activity view reads it, and pages small enough put together give the whole', () => {
    activity.record([...call(0, 'ls'), ...call(1, 'pwd'), ...call(2, 'whoami')]);
    const expected = activity.sessionCalls('s-1', { limit: 10 });
    const oneBig = whole('jsonl', 1 << 20);
    expect(oneBig.pages).toBe(1);
    expect(
      oneBig.text
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual(expected);
    // A page too small for two calls still moves on one call at a time.
    const small = whole('jsonl', 10);
    expect(small).toEqual({ text: oneBig.text, pages: 3 });
  });

  it('is an empty file for a session with no calls, and a header alone in CSV', () => {
    expect(whole('jsonl', 1 << 20).text).toBe('');
    expect(whole('csv', 1 << 20).text.split('\r\n')[1]).toBe('');
  });
});
