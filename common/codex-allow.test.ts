import { describe, expect, it } from 'vitest';
import { codexAllowEffect } from './codex-allow';
import type { CodexWhy } from './queue-contract';

const none: CodexWhy['execPolicy'] = { state: 'none', files: [] };

describe('what an allow does in Codex', () => {
  it('lets a command out of the sandbox it asked to leave', () => {
    expect(codexAllowEffect({ sandbox: 'workspace-write', execPolicy: none })).toEqual({
      kind: 'leaves-sandbox',
      sandbox: 'workspace-write',
    });
    expect(codexAllowEffect({ sandbox: 'read-only', execPolicy: none })).toEqual({
      kind: 'leaves-sandbox',
      sandbox: 'read-only',
    });
  });

  it('says Codex’s own prompt rule asked, whatever the sandbox', () => {
    const matched: CodexWhy['execPolicy'] = {
      state: 'matched',
      decision: 'prompt',
      rules: [{ prefix: ['touch'], decision: 'prompt', file: '/h/.codex/rules/a.rules' }],
    };
    expect(codexAllowEffect({ sandbox: 'workspace-write', execPolicy: matched })).toEqual({ kind: 'rule' });
  });

  it('has no sandbox to leave in danger-full-access, and knows nothing of an unread turn', () => {
    expect(codexAllowEffect({ sandbox: 'danger-full-access', execPolicy: none })).toEqual({
      kind: 'no-sandbox',
    });
    expect(codexAllowEffect({ execPolicy: none })).toEqual({ kind: 'unknown' });
    expect(codexAllowEffect({ sandbox: 'external-sandbox', execPolicy: none })).toEqual({ kind: 'unknown' });
  });
});
