import { describe, expect, it } from 'vitest';
import { pendingRequest } from '../testing/fake-console-api';
import { allowGate, contentMayOverflow } from './allow-gate';

const explained = (needsSecondLook: boolean) => ({
  behavior: 'ask' as const,
  step: '3',
  reason: { type: 'default' as const, message: 'No rule matched.' },
  nearMisses: [],
  risk: needsSecondLook ? ('destructive' as const) : ('read-only' as const),
  needsSecondLook,
  suggestedRules: [],
});

describe('allowGate', () => {
  it('opens for a request the engine found harmless', () => {
    expect(allowGate(pendingRequest('a', { explanation: explained(false) }), false)).toBe('open');
  });

  it('asks for a second look when the engine says so', () => {
    expect(allowGate(pendingRequest('a', { explanation: explained(true) }), false)).toBe('confirm');
  });

  it('holds Allow back until the engine has looked at the request', () => {
    expect(allowGate(pendingRequest('a', { explanation: undefined }), false)).toBe('checking');
    expect(allowGate(pendingRequest('a', { explanation: undefined }), true)).toBe('checking');
  });

  it('keeps a long command unread until it has been seen to its end', () => {
    const long = pendingRequest('a', {
      input: { command: 'echo x\n'.repeat(20) },
      explanation: explained(false),
    });
    expect(allowGate(long, false)).toBe('unread');
    expect(allowGate(long, true)).toBe('open');
  });
});

describe('contentMayOverflow', () => {
  const lines = (count: number) => Array.from({ length: count }, (_, i) => `line ${i + 1}`).join('\n');

  it('holds a long Write back until it has been seen, and lets a short one through', () => {
    const long = pendingRequest('w', {
      tool: 'Write',
      input: { file_path: '/p/a.ts', content: lines(159) },
      explanation: explained(false),
    });
    expect(contentMayOverflow(long)).toBe(true);
    expect(allowGate(long, false)).toBe('unread');
    expect(allowGate(long, true)).toBe('open');
    const short = pendingRequest('w', {
      tool: 'Write',
      input: { file_path: '/p/a.ts', content: lines(3) },
      explanation: explained(false),
    });
    expect(allowGate(short, false)).toBe('open');
  });

  it('counts every edit of a MultiEdit, old and new text alike', () => {
    const edit = { old_string: lines(2), new_string: lines(2) };
    const one = pendingRequest('m', { tool: 'MultiEdit', input: { file_path: '/p/a', edits: [edit] } });
    const two = pendingRequest('m', { tool: 'MultiEdit', input: { file_path: '/p/a', edits: [edit, edit] } });
    expect(contentMayOverflow(one)).toBe(false);
    expect(contentMayOverflow(two)).toBe(true);
    const longEdit = pendingRequest('e', {
      tool: 'Edit',
      input: { file_path: '/p/a', old_string: 'x', new_string: lines(12) },
    });
    expect(contentMayOverflow(longEdit)).toBe(true);
  });

  it('holds back long MCP arguments but not a short call', () => {
    const long = pendingRequest('c', { tool: 'mcp__db__query', input: { sql: 'x'.repeat(700) } });
    const short = pendingRequest('c', { tool: 'mcp__db__query', input: { sql: 'select 1' } });
    expect(contentMayOverflow(long)).toBe(true);
    expect(contentMayOverflow(short)).toBe(false);
  });

  it('measures an ACP call by what the card draws of it, not by its raw JSON', () => {
    const acp = (input: Record<string, unknown>) =>
      pendingRequest('d', { tool: 'Run it', input, provenance: { type: 'acp' } });
    const padding = { rawInput: { command: 'ls', note: 'x'.repeat(2_000) } };
    expect(contentMayOverflow(acp({ kind: 'execute', ...padding }))).toBe(false);
    expect(contentMayOverflow(acp({ kind: 'execute', rawInput: { command: 'echo\n'.repeat(9) } }))).toBe(
      true,
    );
    const diff = { type: 'diff', path: '/p/a', oldText: 'a', newText: 'b' };
    expect(contentMayOverflow(acp({ kind: 'edit', content: [diff] }))).toBe(true);
    expect(contentMayOverflow(acp({ kind: 'read', locations: [{ path: '/p/a' }], ...padding }))).toBe(false);
    expect(contentMayOverflow(acp({ kind: 'other', ...padding }))).toBe(true);
  });
});
