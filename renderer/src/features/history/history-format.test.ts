import { describe, expect, it } from 'vitest';
import { SESSION_IDLE_MS } from '../../../../common/history-contract';
import type { HistoryEntryView, SessionSummaryView } from '../../../../common/history-contract';
import {
  sessionState,
  dayEnd,
  dayStart,
  decidedBy,
  decidingRule,
  exportFileName,
  formatLatency,
  otherChannel,
  outcomeKey,
  parseDays,
  retrySaid,
} from './history-format';
import type { RetryGrantView } from '../../../../common/history-contract';

const entry = (by: string, channel?: string): HistoryEntryView =>
  ({
    request: { id: 'r', input: {} },
    decision: {
      decision: { type: 'permission.decision', id: 'r', behavior: 'allow', by },
      latencyMs: 1,
      decidedAt: 1,
      ...(channel ? { channel } : {}),
    },
  }) as unknown as HistoryEntryView;

describe('history wording', () => {
  it.each([
    [entry('console', 'window'), 'history.by.console.window'],
    [entry('console', 'web'), 'history.by.console.web'],
    [entry('console'), 'history.by.console'],
    [entry('grant', 'grant:Bash(npm test)'), 'history.by.grant'],
    [entry('agent'), 'history.by.agent'],
    [entry('timeout'), 'history.by.timeout'],
  ])('names the racer that won', (e, key) => expect(decidedBy(e)?.key).toBe(key));

  it('says a timeout that was the agent’s own deadline, and how long it waited', () => {
    expect(decidedBy(entry('timeout', 'deadline:600000'))).toEqual({
      key: 'history.by.deadlineAfter',
      params: { time: '10 min 0 s' },
    });
    expect(decidedBy(entry('timeout', 'deadline'))).toEqual({ key: 'history.by.deadline' });
    expect(otherChannel(entry('timeout', 'deadline:600000'))).toBeUndefined();
  });

  it('says the agent interrupted the turn when it stopped a hook nobody had answered', () => {
    const stopped = entry('agent', 'interrupted');
    expect(outcomeKey(stopped)).toBe('history.outcome.interrupted');
    expect(decidedBy(stopped)).toEqual({ key: 'history.by.interrupted' });
    expect(otherChannel(stopped)).toBeUndefined();
    // The same channel from any other racer is only a channel.
    expect(outcomeKey(entry('console', 'interrupted'))).toBe('history.outcome.allow');
  });

  it('has no racer for a request nobody answered', () => {
    expect(decidedBy({ request: { id: 'r' } } as unknown as HistoryEntryView)).toBeUndefined();
  });

  it('names a channel only when the wording does not already say it', () => {
    expect(otherChannel(entry('console', 'window'))).toBeUndefined();
    expect(otherChannel(entry('grant', 'grant:Bash(ls)'))).toBeUndefined();
    expect(otherChannel(entry('console', 'vscode'))).toBe('vscode');
    expect(otherChannel(entry('agent'))).toBeUndefined();
    // "From Telegram" is in the decided-by words already; another phone channel is named.
    expect(otherChannel(entry('phone', 'telegram'))).toBeUndefined();
    expect(otherChannel(entry('phone', 'ntfy'))).toBe('ntfy');
  });

  it('reads the deciding rule out of a grant channel only', () => {
    expect(decidingRule(entry('grant', 'grant:Bash(npm test)'))).toBe('Bash(npm test)');
    expect(decidingRule(entry('console', 'window'))).toBeUndefined();
  });

  it.each([
    [0, '0 ms'],
    [999, '999 ms'],
    [1_000, '1.0 s'],
    [2_460, '2.4 s'],
    [59_999, '59.9 s'],
    [185_000, '3 min 5 s'],
    [7_800_000, '2 h 10 min'],
  ])('formats a latency of %d ms as %s', (ms, text) => expect(formatLatency(ms)).toBe(text));

  it('names an export file by its format and local time', () => {
    expect(exportFileName('csv', new Date(2026, 0, 2, 3, 4, 5))).toBe(
      'gatehouse-history-20260102-030405.csv',
    );
  });

  it('turns a date field into the bounds of its local day', () => {
    expect(dayStart('2026-03-09')).toBe(new Date(2026, 2, 9).getTime());
    expect(dayEnd('2026-03-09')).toBe(new Date(2026, 2, 10).getTime() - 1);
    expect(dayStart('')).toBeUndefined();
    expect(dayEnd('not a day')).toBeUndefined();
  });

  it.each([
    ['30', 1, 100, 30],
    [' 7 ', 1, 100, 7],
    ['0', 1, 100, undefined],
    ['0', 0, 100, 0],
    ['1.5', 1, 100, undefined],
    ['101', 1, 100, undefined],
    ['-3', 0, 100, undefined],
    ['', 1, 100, undefined],
  ])('reads %j days within [%d, %d] as %s', (text, min, max, days) =>
    expect(parseDays(text, min, max)).toBe(days),
  );
});

describe('retrySaid', () => {
  const refusal = (retry?: RetryGrantView): HistoryEntryView => {
    const base = entry('console', 'web');
    return { ...base, decision: { ...base.decision!, ...(retry ? { retry } : {}) } };
  };

  it('says how a refusal’s retry grant was used, and when', () => {
    expect(retrySaid(refusal({ until: 900, usedAt: 300, usedBy: 'hook', callId: 'toolu_1' }), 1_000)).toEqual(
      {
        key: 'history.retry.hook',
        at: 300,
      },
    );
    expect(retrySaid(refusal({ until: 900, usedAt: 400, usedBy: 'question' }), 1_000)).toEqual({
      key: 'history.retry.question',
      at: 400,
    });
  });

  it('says an unused grant expired once its time passed, and waits until then', () => {
    expect(retrySaid(refusal({ until: 900 }), 900)).toEqual({ key: 'history.retry.expired', at: 900 });
    expect(retrySaid(refusal({ until: 900 }), 899)).toEqual({ key: 'history.retry.waiting', at: 900 });
    expect(retrySaid(refusal(), 899)).toBeUndefined();
  });
});

describe('sessionState', () => {
  const session: SessionSummaryView = {
    id: 's',
    agent: { name: 'claude-code' },
    cwd: '/p',
    firstSeen: 0,
    lastSeen: 1_000,
    counts: { allow: 0, deny: 0, passthrough: 0, pending: 0 },
  };

  it('runs until an hour has passed without anything from it, then has ended by idleness', () => {
    expect(sessionState(session, 1_000 + SESSION_IDLE_MS - 1)).toEqual({ kind: 'running' });
    expect(sessionState(session, 1_000 + SESSION_IDLE_MS)).toEqual({ kind: 'ended', by: 'idle', at: 1_000 });
  });

  it('says how a recorded end came, whatever the time', () => {
    expect(sessionState({ ...session, endedAt: 2_000, endedBy: 'disconnect' }, 2_000)).toEqual({
      kind: 'ended',
      by: 'disconnect',
      at: 2_000,
    });
    expect(sessionState({ ...session, endedAt: 2_000 }, 2_000)).toEqual({
      kind: 'ended',
      by: 'agent',
      at: 2_000,
    });
  });
});
