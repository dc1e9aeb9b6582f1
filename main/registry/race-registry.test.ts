import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PermissionDecision, PermissionRequest, PermissionUpdate } from '../../common/protocol';
import { CLOCK_ONLY, committed } from '../../tests/support/committed';
import { createMemoryDecisionStore } from '../history/decision-store';
import type { DecisionStore } from '../history/decision-store';
import type { TranscriptVerdict } from '../../common/transcript-verdict';
import { RaceRegistry } from './race-registry';

const agent = { name: 'test-agent' };
const request = (id: string, extra: Partial<PermissionRequest> = {}): PermissionRequest => ({
  type: 'permission.request',
  id,
  sessionId: 's1',
  cwd: '/project',
  tool: 'Bash',
  input: { command: 'npm test' },
  mode: 'default',
  ...extra,
});

function setup(overrides: Partial<ConstructorParameters<typeof RaceRegistry>[0]> = {}) {
  const store = createMemoryDecisionStore();
  const registry = new RaceRegistry({
    store,
    defaultTimeoutMs: 60_000,
    timeoutAction: 'passthrough',
    disconnectGraceMs: 1_000,
    resumeGraceMs: 3_000,
    ...overrides,
  });
  return { store, registry };
}

afterEach(() => vi.useRealTimers());

/** The record's answer reaches the registry on one turn, and the decision it claims is committed on the next. */
const retired = async () => {
  await committed();
  await committed();
};

describe('a "session moved on" retirement while the request’s connection is open', () => {
  it('waits out sessionSettleMs, so the connection can first say the person denied in the agent’s dialog', async () => {
    vi.useFakeTimers(CLOCK_ONLY);
    const { registry, store } = setup({ sessionSettleMs: 1_000 });
    const deliver = vi.fn();
    registry.submit(request('r1'), agent, deliver);
    expect(registry.retire({ sessionId: 's1', event: 'stopped' }, vi.fn())).toBe(1);
    vi.advanceTimersByTime(999);
    expect(registry.pending().map((view) => view.id)).toEqual(['r1']);
    registry.decide('r1', 'agent', { behavior: 'deny', message: 'use the build folder' });
    vi.advanceTimersByTime(1);
    await committed();
    expect(store.records.map((record) => record.decision)).toMatchObject([
      { behavior: 'deny', by: 'agent', message: 'use the build folder' },
    ]);
  });

  it('retires it as moved on once the window passes, and at once when no connection waits', async () => {
    vi.useFakeTimers(CLOCK_ONLY);
    const { registry, store } = setup({ sessionSettleMs: 1_000 });
    registry.submit(request('live'), agent, vi.fn());
    const gone = vi.fn();
    registry.submit(request('orphan', { sessionId: 's1' }), agent, gone);
    registry.detach(gone);
    registry.retire({ sessionId: 's1', event: 'stopped' }, vi.fn());
    expect(registry.pending().map((view) => view.id)).toEqual(['live']);
    vi.advanceTimersByTime(1_000);
    await committed();
    expect(registry.pending()).toEqual([]);
    expect(store.records.map((record) => [record.decision.id, record.decision.by])).toEqual([
      ['orphan', 'session'],
      ['live', 'session'],
    ]);
  });

  it('asks the agent’s record at once and follows it, deciding as soon as it says, and not after a withdrawal', async () => {
    vi.useFakeTimers(CLOCK_ONLY);
    const asked: string[] = [];
    let say!: (verdict: TranscriptVerdict) => void;
    const aborted: string[] = [];
    const { registry, store } = setup({
      sessionSettleMs: 1_000,
      sessionOutcomeMs: 10_000,
      sessionOutcome: (pending, _agent, _receivedAt, signal) => {
        asked.push(pending.id);
        signal.addEventListener('abort', () => aborted.push(pending.id));
        return pending.id === 'told'
          ? new Promise((resolve) => (say = resolve))
          : new Promise((resolve) => signal.addEventListener('abort', () => resolve(undefined)));
      },
    });
    registry.submit(request('told'), agent, vi.fn());
    registry.submit(request('withdrawn', { input: { command: 'npm run build' } }), agent, vi.fn());
    registry.retire({ sessionId: 's1', event: 'stopped' }, vi.fn());
    registry.retire({ sessionId: 's1', event: 'session.ended' }, vi.fn());
    expect(asked).toEqual(['told', 'withdrawn']);
    registry.decide('withdrawn', 'agent', { behavior: 'passthrough' });
    await committed();
    expect(aborted).toEqual(['withdrawn']);
    // The record says nothing until long after the connection's window: a late transcript still decides.
    vi.advanceTimersByTime(9_999);
    expect(registry.pending().map((view) => view.id)).toEqual(['told']);
    say({ kind: 'rejected', feedback: 'not like that' });
    await retired();
    expect(store.records.map(({ decision }) => [decision.id, decision.by, decision.message])).toEqual([
      ['withdrawn', 'agent', undefined],
      ['told', 'agent', 'not like that'],
    ]);
    expect(aborted).toEqual(['withdrawn', 'told']);
  });

  it('retires it as moved on when the record is still silent at the end of its window, or has no record', async () => {
    vi.useFakeTimers(CLOCK_ONLY);
    const { registry, store } = setup({
      sessionSettleMs: 1_000,
      sessionOutcomeMs: 10_000,
      sessionOutcome: (pending, _agent, _receivedAt, signal) =>
        pending.id === 'silent'
          ? new Promise((resolve) => signal.addEventListener('abort', () => resolve(undefined)))
          : undefined,
    });
    registry.submit(request('silent'), agent, vi.fn());
    registry.submit(request('unrecorded', { input: { command: 'npm run build' } }), agent, vi.fn());
    registry.retire({ sessionId: 's1', event: 'stopped' }, vi.fn());
    vi.advanceTimersByTime(999);
    await retired();
    expect(registry.pending().map((view) => view.id)).toEqual(['silent', 'unrecorded']);
    vi.advanceTimersByTime(1);
    await retired();
    expect(registry.pending().map((view) => view.id)).toEqual(['silent']);
    vi.advanceTimersByTime(9_000);
    await retired();
    expect(store.records.map(({ decision }) => [decision.id, decision.by, decision.message])).toEqual([
      ['unrecorded', 'session', 'session moved on'],
      ['silent', 'session', 'session moved on'],
    ]);
  });
});

describe('RaceRegistry', () => {
  it('delivers exactly one decision, from the first racer, and tells the others who won', async () => {
    const { registry, store } = setup();
    const deliver = vi.fn();
    expect(registry.submit(request('r1'), agent, deliver)).toEqual({ kind: 'pending' });
    expect(registry.decide('r1', 'notification', { behavior: 'allow' })).toEqual({ won: true });
    expect(registry.decide('r1', 'console', { behavior: 'deny' })).toEqual({
      won: false,
      winner: 'notification',
    });
    expect(registry.decide('r1', 'timeout', { behavior: 'passthrough' })).toEqual({
      won: false,
      winner: 'notification',
    });
    expect(deliver).not.toHaveBeenCalled();
    await committed();
    expect(deliver).toHaveBeenCalledExactlyOnceWith({
      type: 'permission.decision',
      id: 'r1',
      behavior: 'allow',
      by: 'notification',
    });
    expect(store.records).toHaveLength(1);
    expect(registry.pending()).toEqual([]);
  });

  it('records the decision before it is delivered', async () => {
    const { registry, store } = setup();
    let recordedWhenDelivered = -1;
    registry.submit(request('r1'), agent, () => (recordedWhenDelivered = store.records.length));
    registry.decide('r1', 'console', { behavior: 'deny', message: 'not now' });
    await committed();
    expect(recordedWhenDelivered).toBe(1);
  });

  it('records every decision of one turn in one commit, then sends each', async () => {
    const { registry, store } = setup();
    const batches: number[] = [];
    const batch = store.batch;
    store.batch = (work) => {
      const before = store.records.length;
      batch(work);
      batches.push(store.records.length - before);
    };
    const delivered: string[] = [];
    for (const id of ['a', 'b', 'c']) registry.submit(request(id), agent, (d) => delivered.push(d.id));
    for (const id of ['a', 'b', 'c']) registry.decide(id, 'console', { behavior: 'allow' });
    expect(delivered).toEqual([]);
    await committed();
    expect(batches).toEqual([3]);
    expect(delivered).toEqual(['a', 'b', 'c']);
  });

  it('writes an arrival decided in its own turn once, with its decision; a waiting one at once', async () => {
    const { registry, store } = setup();
    const pending: string[] = [];
    store.recordPending = (arrived) => pending.push(arrived.id);
    registry.submit(request('answered'), agent, () => undefined);
    registry.submit(request('waiting'), agent, () => undefined);
    registry.decide('answered', 'grant', { behavior: 'allow' });
    await committed();
    expect(pending).toEqual(['waiting']);
    expect(store.records.map((entry) => [entry.request.id, entry.receivedAt > 0])).toEqual([
      ['answered', true],
    ]);
  });

  it('never sends a decision the store refused: the agent’s own dialog asks instead', async () => {
    const { registry, store } = setup();
    const kept: string[] = [];
    store.record = (entry) => {
      if (entry.request.id === 'bad') throw new Error('disk full');
      kept.push(entry.request.id);
    };
    const sent = new Map<string, PermissionDecision>();
    for (const id of ['good', 'bad']) registry.submit(request(id), agent, (d) => sent.set(d.id, d));
    registry.decide('good', 'console', { behavior: 'allow' });
    registry.decide('bad', 'console', { behavior: 'allow' });
    await committed();
    expect(sent.get('good')).toMatchObject({ behavior: 'allow' });
    expect(sent.get('bad')).toMatchObject({ behavior: 'passthrough', by: 'console' });
    expect(sent.get('bad')?.message).toMatch(/could not record the decision \(disk full\)/);
    expect(kept).toEqual(['good']);
    expect(registry.pending()).toEqual([]);
  });

  it('records each decision alone when the store fails their batch, so one bad record fails alone', async () => {
    // Like the SQLite history: a failure other than a refusal rolls the whole batch back.
    const kept: string[] = [];
    let batched: string[] | undefined;
    let failed = false;
    const store: DecisionStore = {
      record(entry) {
        if (entry.request.id === 'bad') {
          failed = batched !== undefined;
          throw new Error('CHECK constraint failed');
        }
        (batched ?? kept).push(entry.request.id);
      },
      batch(work) {
        batched = [];
        failed = false;
        try {
          work();
          if (failed) throw new Error('the batch was rolled back');
          kept.push(...batched);
        } finally {
          batched = undefined;
        }
      },
      find: () => undefined,
    };
    const { registry } = setup({ store });
    const sent = new Map<string, PermissionDecision>();
    for (const id of ['first', 'bad', 'last']) registry.submit(request(id), agent, (d) => sent.set(d.id, d));
    for (const id of ['first', 'bad', 'last']) registry.decide(id, 'console', { behavior: 'allow' });
    await committed();
    expect(kept).toEqual(['first', 'last']);
    expect(sent.get('first')).toMatchObject({ behavior: 'allow' });
    expect(sent.get('last')).toMatchObject({ behavior: 'allow' });
    expect(sent.get('bad')).toMatchObject({ behavior: 'passthrough', by: 'console' });
    expect(sent.get('bad')?.message).toMatch(/could not record the decision \(CHECK constraint failed\)/);
  });

  it('no longer lists or looks up a request once it is claimed, before its commit', () => {
    const { registry } = setup();
    registry.submit(request('r1'), agent, vi.fn());
    registry.decide('r1', 'console', { behavior: 'allow' });
    expect(registry.pending()).toEqual([]);
    expect(registry.lookup('r1')).toBeUndefined();
    registry.close();
  });

  it('says when every claimed decision is recorded and sent', async () => {
    const { registry, store } = setup();
    await registry.durable();
    const deliver = vi.fn();
    registry.submit(request('r1'), agent, deliver);
    registry.decide('r1', 'console', { behavior: 'allow' });
    const durable = registry.durable();
    expect(store.records).toHaveLength(0);
    await durable;
    expect(store.records).toHaveLength(1);
    expect(deliver).toHaveBeenCalledOnce();
  });

  it('sends what was decided when it closes, before the next commit would have', () => {
    const { registry } = setup();
    const deliver = vi.fn();
    registry.submit(request('r1'), agent, deliver);
    registry.decide('r1', 'console', { behavior: 'allow' });
    registry.close();
    expect(deliver).toHaveBeenCalledWith(expect.objectContaining({ behavior: 'allow' }));
  });

  it('replays the recorded decision to a re-sent request instead of asking again', async () => {
    const { registry } = setup();
    const added = vi.fn();
    registry.added.subscribe(added);
    registry.submit(request('r1'), agent, vi.fn());
    registry.decide('r1', 'console', { behavior: 'allow' });
    await committed();
    const result = registry.submit(request('r1'), agent, vi.fn());
    expect(result).toMatchObject({ kind: 'replayed', decision: { behavior: 'allow', by: 'console' } });
    expect(added).toHaveBeenCalledTimes(1);
  });

  it('re-attaches a request re-sent while still pending, delivering on the new connection only', async () => {
    const { registry } = setup();
    const first = vi.fn();
    const second = vi.fn();
    registry.submit(request('r1'), agent, first);
    registry.detach(first);
    expect(registry.submit(request('r1'), agent, second)).toEqual({ kind: 'pending' });
    expect(registry.pending()).toHaveLength(1);
    registry.decide('r1', 'console', { behavior: 'allow' });
    await committed();
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledOnce();
  });

  it('refuses the same id for a different tool call', async () => {
    const { registry } = setup();
    registry.submit(request('r1'), agent, vi.fn());
    expect(registry.submit(request('r1', { input: { command: 'rm -rf /' } }), agent, vi.fn())).toMatchObject({
      kind: 'conflict',
    });
    registry.decide('r1', 'console', { behavior: 'allow' });
    await committed();
    expect(registry.submit(request('r1', { input: { command: 'rm -rf /' } }), agent, vi.fn())).toMatchObject({
      kind: 'conflict',
    });
  });

  it('answers with the timeout action at the earlier of the agent deadline and the console default', async () => {
    vi.useFakeTimers(CLOCK_ONLY);
    const { registry } = setup({ timeoutAction: 'deny' });
    const deliver = vi.fn();
    registry.submit(request('r1', { timeoutMs: 5_000 }), agent, deliver);
    vi.advanceTimersByTime(4_999);
    await committed();
    expect(deliver).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    await committed();
    expect(deliver).toHaveBeenCalledWith(expect.objectContaining({ behavior: 'deny', by: 'timeout' }));
  });

  it('withdraws a disconnected agent’s request after the grace period', async () => {
    vi.useFakeTimers(CLOCK_ONLY);
    const { registry, store } = setup();
    const resolved = vi.fn();
    registry.resolved.subscribe(resolved);
    const deliver = vi.fn();
    registry.submit(request('r1'), agent, deliver);
    registry.detach(deliver);
    vi.advanceTimersByTime(1_000);
    await committed();
    expect(resolved).toHaveBeenCalledWith({ id: 'r1', behavior: 'passthrough', by: 'disconnect' });
    expect(deliver).not.toHaveBeenCalled();
    expect(store.records[0]?.decision.by).toBe('disconnect');
  });

  it('keeps only the fields that belong to the behavior', async () => {
    const { registry } = setup();
    const deliver = vi.fn<(d: PermissionDecision) => void>();
    registry.submit(request('r1'), agent, deliver);
    registry.decide('r1', 'console', {
      behavior: 'deny',
      message: 'use pnpm',
      updatedInput: { command: 'x' },
      interrupt: true,
    });
    await committed();
    expect(deliver.mock.calls[0]?.[0]).toEqual({
      type: 'permission.decision',
      id: 'r1',
      behavior: 'deny',
      by: 'console',
      message: 'use pnpm',
      interrupt: true,
    });
  });

  it('tells what it sent, with the request, so a session change the person accepted can be kept', async () => {
    const { registry } = setup();
    const sent = vi.fn();
    registry.sent.subscribe(sent);
    registry.submit(request('r1', { sessionId: 's9' }), agent, vi.fn());
    const update: PermissionUpdate = {
      type: 'addDirectories',
      directories: ['/elsewhere'],
      destination: 'session',
    };
    registry.decide('r1', 'console', { behavior: 'allow', updatedPermissions: [update] });
    expect(sent).not.toHaveBeenCalled();
    await committed();
    expect(sent).toHaveBeenCalledTimes(1);
    expect(sent.mock.calls[0]?.[0]).toMatchObject({
      request: { id: 'r1', sessionId: 's9' },
      agent,
      decision: { behavior: 'allow', updatedPermissions: [update] },
    });
  });

  it('tells a directory a session added, and retires none of its cards for it', () => {
    const { registry } = setup();
    const heard = vi.fn();
    registry.directoryAdded.subscribe(heard);
    registry.submit(request('r1', { sessionId: 's9' }), agent, vi.fn());
    const event = { sessionId: 's9', event: 'directory.added', cwd: '/project', directory: '/lib' } as const;
    expect(registry.retire(event, vi.fn())).toBe(0);
    registry.noteSession(event, agent);
    expect(heard).toHaveBeenCalledWith({ sessionId: 's9', cwd: '/project', agent, directory: '/lib' });
    expect(registry.pending().map((view) => view.id)).toEqual(['r1']);
  });

  it('says when a racer answers a request it never saw', () => {
    const { registry } = setup();
    expect(registry.decide('nope', 'console', { behavior: 'allow' })).toEqual({ won: false, unknown: true });
  });

  describe('while a person has a request open', () => {
    it('holds the timeout, and resumes it with the time that was left', async () => {
      vi.useFakeTimers(CLOCK_ONLY);
      const { registry } = setup();
      const deliver = vi.fn();
      const sent = Date.now();
      registry.submit(request('r1', { timeoutMs: 10_000 }), agent, deliver);
      registry.submit(request('r2'), agent, vi.fn());
      vi.advanceTimersByTime(4_000);
      expect(registry.hold('r1', 'window:1')).toBe(true);
      expect(registry.hold('r2', 'window:1')).toBe(true);
      // The agent's own deadline does not pause, so a held card still shows it; without one, none.
      expect(registry.pending()[0]).toMatchObject({ held: true, deadline: sent + 10_000 });
      expect(registry.pending()[1]?.held).toBe(true);
      expect(registry.pending()[1]?.deadline).toBeUndefined();
      vi.advanceTimersByTime(60_000);
      await committed();
      expect(deliver).not.toHaveBeenCalled();
      registry.release('r1', 'window:1');
      expect(registry.pending()[0]?.deadline).toBe(Date.now() + 6_000);
      vi.advanceTimersByTime(6_000);
      await committed();
      expect(deliver).toHaveBeenCalledWith(expect.objectContaining({ by: 'timeout' }));
    });

    it('leaves at least the resume grace after the person leaves, however little was left', async () => {
      vi.useFakeTimers(CLOCK_ONLY);
      const { registry } = setup();
      const deliver = vi.fn();
      registry.submit(request('r1', { timeoutMs: 1_000 }), agent, deliver);
      vi.advanceTimersByTime(900);
      registry.hold('r1', 'web:1');
      registry.release('r1', 'web:1');
      vi.advanceTimersByTime(2_999);
      await committed();
      expect(deliver).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      await committed();
      expect(deliver).toHaveBeenCalledOnce();
    });

    it('keeps the hold until every holder has left, and a closed window releases its holds', () => {
      vi.useFakeTimers(CLOCK_ONLY);
      const { registry } = setup();
      const updated = vi.fn();
      registry.updated.subscribe(updated);
      registry.submit(request('r1'), agent, vi.fn());
      registry.hold('r1', 'window:1');
      registry.hold('r1', 'web:2');
      registry.release('r1', 'window:1');
      expect(registry.pending()[0]?.held).toBe(true);
      registry.releaseHolder('web:2');
      expect(registry.pending()[0]?.held).toBeUndefined();
      expect(updated).toHaveBeenCalledTimes(2);
    });

    it('still lets a person decide a held request', async () => {
      const { registry } = setup();
      const deliver = vi.fn();
      registry.submit(request('r1'), agent, deliver);
      registry.hold('r1', 'window:1');
      expect(registry.decide('r1', 'console', { behavior: 'allow' }, 'window')).toEqual({ won: true });
      await committed();
      expect(deliver).toHaveBeenCalledOnce();
      expect(registry.hold('r1', 'window:1')).toBe(false);
    });
  });
});

describe('screening', () => {
  const explanation = {
    behavior: 'ask' as const,
    step: '3',
    reason: { type: 'default' as const, message: 'No rule matched.' },
    nearMisses: [],
    risk: 'read-only' as const,
    needsSecondLook: false,
    suggestedRules: [],
  };
  const withScreen = (screen: NonNullable<ConstructorParameters<typeof RaceRegistry>[0]['screen']>) => {
    const store = createMemoryDecisionStore();
    const registry = new RaceRegistry({
      store,
      defaultTimeoutMs: 60_000,
      timeoutAction: 'passthrough',
      disconnectGraceMs: 1_000,
      resumeGraceMs: 1_000,
      screen,
    });
    return { store, registry };
  };

  it('shows the card complete, once screened, so nothing shifts under a person reading it', async () => {
    const { registry } = withScreen(async () => ({ explanation }));
    const added = vi.fn();
    registry.added.subscribe(added);
    registry.submit(request('s'), agent, vi.fn());
    expect(registry.pending()).toEqual([]);
    await vi.waitFor(() =>
      expect(added).toHaveBeenCalledWith(expect.objectContaining({ id: 's', explanation })),
    );
    registry.close();
  });

  it('lets a racer that needs no person answer before the card is shown at all', async () => {
    const { registry, store } = withScreen(async () => ({
      explanation,
      answer: { racer: 'grant', answer: { behavior: 'allow' }, channel: 'grant:x' },
    }));
    const added = vi.fn();
    registry.added.subscribe(added);
    const deliver = vi.fn();
    registry.submit(request('g'), agent, deliver);
    await vi.waitFor(() => expect(deliver).toHaveBeenCalledWith(expect.objectContaining({ by: 'grant' })));
    expect(added).not.toHaveBeenCalled();
    expect(store.records[0]?.channel).toBe('grant:x');
    registry.close();
  });
});

describe('a one-shot hook whose connection closes (the agent stopped it: Codex kills its hook on Esc)', () => {
  it('withdraws its requests at once as the turn interrupted, while a client that can re-send keeps its grace', async () => {
    vi.useFakeTimers(CLOCK_ONLY);
    const { registry, store } = setup();
    const hook = vi.fn();
    const sdk = vi.fn();
    registry.submit(request('hook'), agent, hook);
    registry.submit(request('sdk', { input: { command: 'npm run build' } }), agent, sdk);
    registry.detach(hook, true);
    registry.detach(sdk);
    await committed();
    expect(registry.pending().map((view) => view.id)).toEqual(['sdk']);
    expect(
      store.records.map(({ decision, channel }) => [decision.id, decision.by, decision.message, channel]),
    ).toEqual([['hook', 'agent', 'turn interrupted', 'interrupted']]);
    expect(registry.decide('hook', 'console', { behavior: 'allow' }, 'web')).toEqual({
      won: false,
      winner: 'agent',
    });
    expect(hook).not.toHaveBeenCalled();
  });

  it('lets a retirement that follows the agent’s record conclude from it now; one with no record is interrupted', async () => {
    vi.useFakeTimers(CLOCK_ONLY);
    const { registry, store } = setup({
      sessionSettleMs: 1_000,
      sessionOutcomeMs: 10_000,
      sessionOutcome: (pending, _agent, _receivedAt, signal) =>
        pending.id === 'recorded'
          ? new Promise((resolve) =>
              signal.addEventListener('abort', () => resolve({ kind: 'rejected', feedback: 'not now' })),
            )
          : undefined,
    });
    const hook = vi.fn();
    registry.submit(request('recorded'), agent, hook);
    registry.submit(request('unrecorded', { input: { command: 'npm run build' } }), agent, hook);
    registry.retire({ sessionId: 's1', event: 'stopped' }, vi.fn());
    registry.detach(hook, true);
    await retired();
    expect(registry.pending()).toEqual([]);
    expect(
      store.records.map(({ decision, channel }) => [decision.id, decision.by, decision.message, channel]),
    ).toEqual([
      ['unrecorded', 'agent', 'turn interrupted', 'interrupted'],
      ['recorded', 'agent', 'not now', undefined],
    ]);
  });
});
