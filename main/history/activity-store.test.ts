import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Database as Connection } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentToolEvent } from '../../common/agent-tool-events';
import { retryChannel } from '../../common/history-contract';
import { openActivityDatabase } from './activity-database';
import { createActivityStore } from './activity-store';
import type { ActivityStore } from './activity-store';
import { createActivityPurge } from './retention';
import type { ActivityPurge } from './retention';
import { createSqliteHistory } from './sqlite-history';
import { sampleEntry, sampleRequest } from './testing/sample';
import type { History } from './types';

let dir: string;
let history: History;
let db: Connection;
let activity: ActivityStore;
let purge: ActivityPurge;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-activity-'));
  history = createSqliteHistory(join(dir, 'history.db'));
  db = openActivityDatabase(join(dir, 'activity.db'), join(dir, 'history.db'));
  activity = createActivityStore(db);
  purge = createActivityPurge(db);
});
afterEach(() => {
  purge.stop();
  activity.close();
  db.close();
  history.close();
  rmSync(dir, { recursive: true, force: true });
});

const decision = (overrides: Partial<AgentToolEvent> = {}): AgentToolEvent =>
  ({
    kind: 'decision',
    agent: 'claude',
    sessionId: 's-1',
    callId: 'toolu_1',
    tool: 'Bash',
    input: { command: 'npm test', description: 'Run the tests' },
    at: 1_000,
    sequence: 4,
    decision: 'accept',
    allowed: true,
    source: 'config',
    permissionMode: 'default',
    ...overrides,
  }) as AgentToolEvent;

const result = (overrides: Partial<AgentToolEvent> = {}): AgentToolEvent =>
  ({
    kind: 'result',
    agent: 'claude',
    sessionId: 's-1',
    callId: 'toolu_1',
    tool: 'Bash',
    input: { command: 'npm test', description: 'Run the tests' },
    at: 1_400,
    sequence: 6,
    success: true,
    durationMs: 380,
    error: undefined,
    ...overrides,
  }) as AgentToolEvent;

describe('the agents’ own record of their calls', () => {
  it('makes one row of a call’s decision and its result, in whichever order they come', () => {
    activity.record([result({ callId: 'toolu_2', sequence: 9 })]);
    activity.record([decision(), result(), decision({ callId: 'toolu_2', sequence: 8, source: 'hook' })]);
    expect(activity.sessionCalls('s-1', { limit: 10 })).toEqual([
      {
        callId: 'toolu_1',
        tool: 'Bash',
        summary: 'npm test',
        sequence: 4,
        decidedAt: 1_000,
        allowed: true,
        source: 'config',
        permissionMode: 'default',
        endedAt: 1_400,
        durationMs: 380,
        success: true,
        error: undefined,
        requestId: undefined,
      },
      expect.objectContaining({ callId: 'toolu_2', sequence: 8, source: 'hook', success: true }),
    ]);
    expect(activity.sessions(10)).toEqual([
      { sessionId: 's-1', agent: 'claude', firstSeen: 1_000, lastSeen: 1_400, calls: 2 },
    ]);
  });

  it('joins a call to the question Gatehouse asked about it, on the session and the input, once', () => {
    const asked = sampleRequest({
      id: 'req-1',
      sessionId: 's-1',
      input: { command: 'npm test', description: 'Run the tests' },
    });
    history.record(sampleEntry(asked));
    // The same command asked again later in the session: the next call takes the next question.
    history.record(sampleEntry(sampleRequest({ ...asked, id: 'req-2' }), {}, { receivedAt: 5 }));
    const first = activity.record([decision({ source: 'hook' })]);
    const second = activity.record([decision({ callId: 'toolu_9', sequence: 20, source: 'hook' })]);
    const third = activity.record([decision({ callId: 'toolu_10', sequence: 30, input: { command: 'ls' } })]);
    // What it joined, for the export of Gatehouse's own decisions to key them by the agent's call id.
    expect([...first, ...second].map((join) => join.callId)).toEqual(['toolu_1', 'toolu_9']);
    expect(new Set([...first, ...second].map((join) => join.requestId))).toEqual(new Set(['req-1', 'req-2']));
    expect(third).toEqual([]);
    const calls = activity.sessionCalls('s-1', { limit: 10 });
    expect(calls.map((call) => call.requestId)).toEqual([expect.any(String), expect.any(String), undefined]);
    expect(new Set(calls.slice(0, 2).map((call) => call.requestId))).toEqual(new Set(['req-1', 'req-2']));
  });

  it('names the refusal whose overturn let a call through: by the hook’s call id, or by the question', () => {
    const refusal = (id: string, command: string) =>
      sampleRequest({
        id,
        sessionId: 's-1',
        mode: 'auto',
        input: { command },
        provenance: { type: 'classifier-refusal', source: 'classifier', message: 'risky' },
      });
    history.record(sampleEntry(refusal('refusal-1', 'git push --force')));
    history.recordRetryGrant('refusal-1', 301_250);
    history.recordRetryUsed('refusal-1', { usedAt: 2_000, usedBy: 'hook', callId: 'toolu_1' });
    // The first word stays: neither a later use nor the console's stop rewrites a used grant.
    history.recordRetryUsed('refusal-1', { usedAt: 3_000, usedBy: 'question' });
    history.recordRetryGrant('refusal-1', 4_000);
    expect(history.sessionTimeline('s-1')[0]?.decision?.retry).toEqual({
      until: 301_250,
      usedAt: 2_000,
      usedBy: 'hook',
      callId: 'toolu_1',
    });
    // The retried call came to Gatehouse as a question, which the grant answered.
    history.record(sampleEntry(refusal('refusal-2', 'ls'), {}, { receivedAt: 5_000, decidedAt: 5_100 }));
    history.recordRetryGrant('refusal-2', 305_100);
    history.record(
      sampleEntry(
        sampleRequest({ id: 'retry-2', sessionId: 's-1', mode: 'auto', input: { command: 'ls' } }),
        { by: 'grant' },
        { receivedAt: 6_000, decidedAt: 6_001, channel: retryChannel('refusal-2') },
      ),
    );
    history.recordRetryUsed('refusal-2', { usedAt: 6_001, usedBy: 'question' });
    activity.record([
      decision({ source: 'hook', input: undefined }),
      decision({ callId: 'toolu_2', sequence: 5, source: 'hook', input: { command: 'ls' } }),
      decision({ callId: 'toolu_3', sequence: 6, source: 'config', input: { command: 'pwd' } }),
      // The same call id in another session is another call.
      decision({ sessionId: 's-2', source: 'hook', input: undefined }),
    ]);
    expect(
      activity.sessionCalls('s-1', { limit: 10 }).map(({ callId, requestId, retryOf }) => ({
        callId,
        requestId,
        retryOf,
      })),
    ).toEqual([
      { callId: 'toolu_1', requestId: undefined, retryOf: 'refusal-1' },
      { callId: 'toolu_2', requestId: 'retry-2', retryOf: 'refusal-2' },
      { callId: 'toolu_3', requestId: undefined, retryOf: undefined },
    ]);
    expect(activity.sessionCalls('s-2', { limit: 10 })[0]?.retryOf).toBeUndefined();
    expect(activity.search('ls', { limit: 10 })).toEqual([
      expect.objectContaining({ callId: 'toolu_2', sessionId: 's-1', retryOf: 'refusal-2' }),
    ]);
  });

  it('joins Codex’s call on its command, whatever else its question carried', () => {
    history.record(
      sampleEntry(
        sampleRequest({
          id: 'codex-req',
          sessionId: 'c-1',
          input: { command: 'touch x', description: 'Make x' },
        }),
      ),
    );
    activity.record([
      decision({
        agent: 'codex',
        sessionId: 'c-1',
        callId: 'call_1',
        tool: 'exec_command',
        input: { cmd: 'touch x' },
        sequence: undefined,
      }),
    ]);
    expect(activity.sessionCalls('c-1', { limit: 10 })[0]).toMatchObject({ requestId: 'codex-req' });
  });

  it('writes a call’s events in one body as it writes them one body each, in any order', () => {
    const events = (sessionId: string) => [
      result({ sessionId, callId: 'a', sequence: 7 }),
      decision({ sessionId, callId: 'a', sequence: 6, source: 'hook' }),
      decision({ sessionId, callId: 'b', sequence: undefined, input: undefined }),
      result({ sessionId, callId: 'b', sequence: 9, input: { command: 'ls' }, success: false }),
      decision({ sessionId, callId: 'b', sequence: 8, allowed: false, source: 'user_reject' }),
    ];
    activity.record(events('together'));
    for (const event of events('apart')) activity.record([event]);
    const calls = (sessionId: string) => activity.sessionCalls(sessionId, { limit: 10 });
    expect(calls('together')).toEqual(calls('apart'));
    expect(calls('together')).toMatchObject([
      { callId: 'a', sequence: 6, source: 'hook', success: true, summary: 'npm test' },
      { callId: 'b', sequence: 8, source: 'user_reject', allowed: false, success: false, summary: 'ls' },
    ]);
  });

  it('joins two calls of one body to the two questions asked about the same command', () => {
    const asked = sampleRequest({ id: 'q-1', sessionId: 's-1', input: { command: 'npm test' } });
    history.record(sampleEntry(asked));
    history.record(sampleEntry(sampleRequest({ ...asked, id: 'q-2' }), {}, { receivedAt: 5 }));
    const joins = activity.record([decision(), decision({ callId: 'toolu_2', sequence: 5 })]);
    expect(new Set(joins.map((join) => join.requestId))).toEqual(new Set(['q-1', 'q-2']));
  });

  it('joins a call to an old question of a session with hundreds of questions still open', () => {
    history.record(
      sampleEntry(
        sampleRequest({ id: 'old-q', sessionId: 's-1', input: { command: 'npm test' } }),
        {},
        {
          receivedAt: 1,
        },
      ),
    );
    for (let i = 0; i < 300; i += 1)
      history.record(
        sampleEntry(
          sampleRequest({ id: `other-${i}`, sessionId: 's-1', input: { command: `ls ${i}` } }),
          {},
          {
            receivedAt: 10 + i,
          },
        ),
      );
    expect(activity.record([decision()])).toEqual([{ requestId: 'old-q', callId: 'toolu_1' }]);
  });

  it('pages a session’s calls in order', () => {
    activity.record(Array.from({ length: 5 }, (_, i) => decision({ callId: `t${i}`, sequence: i })));
    const ids = (after: number) =>
      activity.sessionCalls('s-1', { limit: 2, after }).map((call) => call.callId);
    expect([ids(0), ids(2), ids(4)]).toEqual([['t0', 't1'], ['t2', 't3'], ['t4']]);
  });

  it('keeps a body whole or not at all', () => {
    const bad = decision({ callId: 't-bad', sessionId: 's-2', agent: 'nobody' as 'claude' });
    expect(() => activity.record([decision({ sessionId: 's-2' }), bad])).toThrow();
    expect(activity.sessionCalls('s-2', { limit: 10 })).toEqual([]);
  });

  it('goes with retention, a session at a time once it was last active before the cutoff', async () => {
    activity.record([decision({ sessionId: 'old', at: 100 }), decision({ sessionId: 'new', at: 5_000 })]);
    purge.start(1_000);
    await purge.idle();
    expect(activity.sessions(10).map((session) => session.sessionId)).toEqual(['new']);
    expect(activity.sessionCalls('old', { limit: 10 })).toEqual([]);
  });

  it('finds calls of every session by the words of their summary, the latest first', () => {
    activity.record([
      decision({ callId: 'a', input: { command: 'kubectl rollout restart deployment/web' } }),
      decision({
        sessionId: 's-2',
        agent: 'codex',
        callId: 'b',
        tool: 'exec_command',
        input: { cmd: 'kubectl get pods' },
      }),
      decision({ callId: 'c', input: { command: 'npm test' } }),
    ]);
    const found = (text: string) => activity.search(text, { limit: 10 }).map((hit) => hit.callId);
    expect(found('kubectl')).toEqual(['b', 'a']);
    expect(found('kubectl roll')).toEqual(['a']);
    // Only the word being typed is a prefix (search-query.ts).
    expect(found('kube roll')).toEqual([]);
    expect(found('"')).toEqual([]);
    expect(activity.search('kubectl get', { limit: 10 })).toEqual([
      expect.objectContaining({ callId: 'b', tool: 'Bash', sessionId: 's-2', agent: 'codex' }),
    ]);
  });

  it('finds a call by the summary its result brought, when its decision came without one', () => {
    activity.record([decision({ agent: 'codex', callId: 'x', tool: 'exec_command', input: undefined })]);
    expect(activity.search('terraform', { limit: 10 })).toEqual([]);
    activity.record([
      result({ agent: 'codex', callId: 'x', tool: 'exec_command', input: { cmd: 'terraform plan' } }),
    ]);
    expect(activity.search('terraform', { limit: 10 }).map((hit) => hit.callId)).toEqual(['x']);
  });

  it('finds a call searched right after it arrives, once the indexer has run on the calls before it', async () => {
    const indexed = new Database(join(dir, 'activity.db'), { readonly: true });
    try {
      activity.record([decision({ callId: 'a', input: { command: 'kubectl get pods' } })]);
      await vi.waitFor(
        () => expect(indexed.prepare('SELECT through FROM activity_text_mark').pluck().get()).toBe(1),
        { timeout: 30_000, interval: 20 },
      );
      activity.record([decision({ callId: 'b', input: { command: 'kubectl get nodes' } })]);
      expect(activity.search('kubectl', { limit: 10 }).map((hit) => hit.callId)).toEqual(['b', 'a']);
    } finally {
      indexed.close();
    }
  });

  it('writes a queued body, and tells what it joined once written', async () => {
    history.record(
      sampleEntry(
        sampleRequest({
          id: 'r-q',
          sessionId: 's-1',
          input: { command: 'npm test', description: 'Run the tests' },
        }),
      ),
    );
    const joins = activity.ingest([decision(), result({ callId: 'toolu_2' })]);
    expect(activity.sessionCalls('s-1', { limit: 10 })).toEqual([]);
    expect(await joins).toEqual([{ requestId: 'r-q', callId: 'toolu_1' }]);
    expect(activity.sessionCalls('s-1', { limit: 10 }).map((call) => call.callId)).toEqual([
      'toolu_1',
      'toolu_2',
    ]);
  });

  it('indexes a call whose id a purged call had', async () => {
    activity.record([decision({ sessionId: 'old', at: 100, input: { command: 'terraform apply' } })]);
    expect(activity.search('terraform', { limit: 10 })).toHaveLength(1);
    purge.start(1_000);
    await purge.idle();
    activity.record([decision({ sessionId: 'new', callId: 'n', at: 5_000, input: { command: 'ls' } })]);
    expect(activity.search('ls', { limit: 10 }).map((hit) => hit.callId)).toEqual(['n']);
    expect(activity.search('terraform', { limit: 10 })).toEqual([]);
  });

  it('leaves no search term of a purged call behind', async () => {
    activity.record([decision({ sessionId: 'old', at: 100, input: { command: 'terraform apply' } })]);
    purge.start(1_000);
    await purge.idle();
    activity.record([decision({ sessionId: 'new', callId: 'n', at: 5_000, input: { command: 'ls' } })]);
    expect(activity.search('terraform', { limit: 10 })).toEqual([]);
  });
});
