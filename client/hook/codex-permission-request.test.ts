import { describe, expect, it } from 'vitest';
import { toCodexOutput } from './codex-permission-request';

const decisionOf = (answer: ReturnType<typeof toCodexOutput>) => answer.output?.hookSpecificOutput.decision;

describe('the console decision as Codex hook output', () => {
  it('prints a plain allow, and a deny with its message', () => {
    expect(toCodexOutput({ id: 'r', behavior: 'allow' })).toEqual({
      output: { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } } },
    });
    expect(decisionOf(toCodexOutput({ id: 'r', behavior: 'deny', message: 'Not here.' }))).toEqual({
      behavior: 'deny',
      message: 'Not here.',
    });
  });

  it('never sends updatedPermissions or interrupt, which make Codex fail closed', () => {
    const always = toCodexOutput({
      id: 'r',
      behavior: 'allow',
      updatedPermissions: [
        { type: 'addRules', behavior: 'allow', destination: 'userSettings', rules: [{ toolName: 'Bash' }] },
      ],
    });
    expect(decisionOf(always)).toEqual({ behavior: 'allow' });
    expect(always.note).toMatch(/lasting rules/);
    const stop = toCodexOutput({ id: 'r', behavior: 'deny', interrupt: true });
    expect(decisionOf(stop)).toEqual({ behavior: 'deny' });
    expect(stop.note).toMatch(/cannot be stopped/);
  });

  it('gives no verdict for an edited command rather than allowing the original one', () => {
    const edited = toCodexOutput({ id: 'r', behavior: 'allow', updatedInput: { command: 'ls' } });
    expect(edited.output).toBeUndefined();
    expect(edited.note).toMatch(/edited command/);
  });

  it('gives no verdict for a passthrough', () => {
    expect(toCodexOutput({ id: 'r', behavior: 'passthrough' }).output).toBeUndefined();
  });
});
