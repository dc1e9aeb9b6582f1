import { describe, expect, it, vi } from 'vitest';
import { committed } from '../../tests/support/committed';
import type { PermissionRequest } from '../../common/protocol';
import { createMemoryDecisionStore } from '../history/decision-store';
import { RaceRegistry } from './race-registry';
import { retirementsFor, settledRetirement } from './retire';

const request = (id: string, extra: Partial<PermissionRequest> = {}): PermissionRequest => ({
  type: 'permission.request',
  id,
  sessionId: 's1',
  cwd: '/project',
  tool: 'Bash',
  input: { command: 'npm test', description: 'Run the tests' },
  mode: 'default',
  ...extra,
});

describe('which requests a session event retires', () => {
  const pending = [
    request('a'),
    request('b', { input: { command: 'npm publish' } }),
    request('c', { sessionId: 's2' }),
    request('d'),
  ];

  it('a finished or failed tool retires the oldest identical request of its session, keys in any order', () => {
    for (const event of ['tool.finished', 'tool.failed'] as const)
      expect(
        retirementsFor(
          {
            sessionId: 's1',
            event,
            tool: 'Bash',
            input: { description: 'Run the tests', command: 'npm test' },
          },
          pending,
        ),
      ).toEqual([
        { id: 'a', racer: 'agent', answer: { behavior: 'passthrough', message: 'answered in the terminal' } },
      ]);
  });

  it('a session’s start retires nothing: a card of an earlier run leaves with its own hook', () => {
    expect(retirementsFor({ sessionId: 's1', event: 'session.started', cwd: '/project' }, pending)).toEqual(
      [],
    );
  });

  it('a tool event retires nothing for another tool, another input, another session, or without its call', () => {
    const events = [
      { tool: 'Read', input: { command: 'npm test', description: 'Run the tests' } },
      { tool: 'Bash', input: { command: 'npm test' } },
      { tool: 'Bash', input: { command: 'npm test', description: 'Run the tests', timeout: 1 } },
      { tool: 'Bash' },
      {},
    ];
    for (const extra of events)
      expect(retirementsFor({ sessionId: 's1', event: 'tool.finished', ...extra }, pending)).toEqual([]);
    expect(
      retirementsFor(
        { sessionId: 's3', event: 'tool.finished', tool: 'Bash', input: { command: 'npm test' } },
        pending,
      ),
    ).toEqual([]);
  });

  it('a new prompt, a stop or the session’s end retires every request of that session only', () => {
    for (const event of ['prompt.submitted', 'stopped', 'session.ended'] as const)
      expect(retirementsFor({ sessionId: 's1', event }, pending)).toEqual(
        ['a', 'b', 'd'].map((id) => ({
          id,
          racer: 'session',
          answer: { behavior: 'passthrough', message: 'session moved on' },
        })),
      );
  });
});

describe('a card its session moved past, retired as its transcript tells', () => {
  const moved = {
    id: 'a',
    racer: 'session',
    answer: { behavior: 'passthrough', message: 'session moved on' },
  } as const;

  it('the person’s No in the terminal is their deny, with their words', () => {
    expect(settledRetirement(moved, { kind: 'rejected', feedback: 'use the build folder' })).toEqual({
      id: 'a',
      racer: 'agent',
      answer: { behavior: 'deny', message: 'use the build folder' },
    });
    expect(settledRetirement(moved, { kind: 'rejected' })).toEqual({
      id: 'a',
      racer: 'agent',
      answer: { behavior: 'deny' },
    });
  });

  it('words past the protocol’s limit are cut to it, as the hook cuts them', () => {
    const answer = settledRetirement(moved, { kind: 'rejected', feedback: 'n'.repeat(5_000) }).answer;
    expect(answer.message).toHaveLength(4_000);
  });

  it('a call that ran, or another deny refused, was answered in the terminal', () => {
    for (const kind of ['ran', 'refused'] as const)
      expect(settledRetirement(moved, { kind })).toEqual({
        id: 'a',
        racer: 'agent',
        answer: { behavior: 'passthrough', message: 'answered in the terminal' },
      });
  });

  it('without a verdict the session moved on, and a terminal retirement stays what it is', () => {
    expect(settledRetirement(moved, undefined)).toBe(moved);
    const ran = {
      id: 'b',
      racer: 'agent',
      answer: { behavior: 'passthrough', message: 'answered in the terminal' },
    } as const;
    expect(settledRetirement(ran, { kind: 'rejected', feedback: 'no' })).toBe(ran);
  });
});

describe('RaceRegistry.retire', () => {
  function setup() {
    const store = createMemoryDecisionStore();
    const registry = new RaceRegistry({
      store,
      defaultTimeoutMs: 60_000,
      timeoutAction: 'passthrough',
      disconnectGraceMs: 1_000,
      resumeGraceMs: 1_000,
    });
    return { store, registry };
  }

  it('decides the matching request through the race, records it and delivers passthrough', async () => {
    const { registry, store } = setup();
    const deliver = vi.fn();
    registry.submit(request('a'), { name: 'claude-code' }, deliver);
    registry.submit(request('b', { input: { command: 'ls' } }), { name: 'claude-code' }, vi.fn());
    expect(
      registry.retire({ sessionId: 's1', event: 'tool.finished', tool: 'Bash', input: request('a').input }),
    ).toBe(1);
    await committed();
    expect(deliver).toHaveBeenCalledExactlyOnceWith({
      type: 'permission.decision',
      id: 'a',
      behavior: 'passthrough',
      by: 'agent',
      message: 'answered in the terminal',
    });
    expect(store.records.map((record) => record.decision.id)).toEqual(['a']);
    expect(registry.pending().map((view) => view.id)).toEqual(['b']);
    registry.close();
  });

  it('two identical calls pending take two tool events to retire', () => {
    const { registry } = setup();
    registry.submit(request('a'), { name: 'claude-code' }, vi.fn());
    registry.submit(request('a2'), { name: 'claude-code' }, vi.fn());
    const event = {
      sessionId: 's1',
      event: 'tool.finished',
      tool: 'Bash',
      input: request('a').input,
    } as const;
    expect(registry.retire(event)).toBe(1);
    expect(registry.pending().map((view) => view.id)).toEqual(['a2']);
    expect(registry.retire(event)).toBe(1);
    expect(registry.retire(event)).toBe(0);
    registry.close();
  });

  it('a session that moved on leaves nothing of it waiting', () => {
    const { registry } = setup();
    registry.submit(request('a'), { name: 'claude-code' }, vi.fn());
    registry.submit(request('b', { sessionId: 's2' }), { name: 'claude-code' }, vi.fn());
    expect(registry.retire({ sessionId: 's1', event: 'prompt.submitted' })).toBe(1);
    expect(registry.pending().map((view) => view.id)).toEqual(['b']);
    registry.close();
  });
});
