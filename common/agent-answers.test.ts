import { describe, expect, it } from 'vitest';
import { answersFor, canCarry, offeredOption, takesAnswer } from './agent-answers';
import type { AgentOption } from './protocol';

const OPTIONS: AgentOption[] = [
  { optionId: 'always', name: 'Always Allow', kind: 'allow_always' },
  { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
];

describe('the answers a request can take', () => {
  it('offers Codex neither Edit, Always allow nor Deny and stop', () => {
    expect(answersFor({ agent: { name: 'codex' } })).toEqual({
      edit: false,
      always: false,
      interrupt: false,
      grant: true,
      message: true,
    });
  });

  it('offers GitHub Copilot CLI Deny and stop, but neither Edit nor Always allow', () => {
    expect(answersFor({ agent: { name: 'copilot' } })).toEqual({
      edit: false,
      always: false,
      interrupt: true,
      grant: true,
      message: true,
    });
  });

  it('offers OpenCode what its reply takes: once, or reject with a message', () => {
    expect(answersFor({ agent: { name: 'opencode' } })).toEqual({
      edit: false,
      always: false,
      interrupt: false,
      grant: true,
      message: true,
    });
  });

  it('offers Claude Code and SDK agents every answer', () => {
    const every = { edit: true, always: true, interrupt: true, grant: true, message: true };
    expect(answersFor({ agent: { name: 'claude-code' } })).toEqual(every);
    expect(answersFor({ agent: { name: 'ci-bot' } })).toEqual(every);
  });

  it('offers a request with its own options those and nothing else, whatever the agent is called', () => {
    expect(answersFor({ agent: { name: 'codex' }, options: OPTIONS })).toEqual({
      edit: false,
      always: false,
      interrupt: false,
      grant: false,
      message: false,
      options: OPTIONS,
    });
  });

  it('finds an offered option only for the behavior its kind answers with', () => {
    expect(offeredOption(OPTIONS, 'always', 'allow')).toEqual(OPTIONS[0]);
    expect(offeredOption(OPTIONS, 'reject', 'deny')).toEqual(OPTIONS[1]);
    expect(offeredOption(OPTIONS, 'always', 'deny')).toBeUndefined();
    expect(offeredOption(OPTIONS, 'reject', 'allow')).toBeUndefined();
    expect(offeredOption(OPTIONS, 'always', 'passthrough')).toBeUndefined();
    expect(offeredOption(OPTIONS, 'missing', 'allow')).toBeUndefined();
    expect(offeredOption(undefined, 'always', 'allow')).toBeUndefined();
  });

  it('carries an answer only when an offered option stands for it; a plain deny or passthrough always', () => {
    expect(canCarry(OPTIONS, { behavior: 'allow' })).toBe(false);
    expect(canCarry(OPTIONS, { behavior: 'allow', optionId: 'always' })).toBe(true);
    expect(canCarry(OPTIONS, { behavior: 'allow', updatedPermissions: [{}] })).toBe(true);
    expect(canCarry(OPTIONS, { behavior: 'allow', optionId: 'always', updatedInput: {} })).toBe(false);
    expect(canCarry(OPTIONS, { behavior: 'allow', updatedInput: {}, updatedPermissions: [{}] })).toBe(false);
    expect(canCarry([], { behavior: 'deny' })).toBe(true);
    expect(canCarry(OPTIONS, { behavior: 'passthrough' })).toBe(true);
    expect(canCarry(undefined, { behavior: 'allow', updatedInput: {} })).toBe(true);
  });

  it('takes from Codex no edit, lasting rules or stop, and everything from other agents', () => {
    const codex = { agent: { name: 'codex' } };
    expect(takesAnswer(codex, { behavior: 'allow' })).toBe(true);
    expect(takesAnswer(codex, { behavior: 'allow', updatedPermissions: [] })).toBe(true);
    expect(takesAnswer(codex, { behavior: 'allow', updatedInput: {} })).toBe(false);
    expect(takesAnswer(codex, { behavior: 'allow', updatedPermissions: [{}] })).toBe(false);
    expect(takesAnswer(codex, { behavior: 'deny', interrupt: true })).toBe(false);
    expect(takesAnswer(codex, { behavior: 'deny', interrupt: false })).toBe(true);
    const claude = { agent: { name: 'claude-code' } };
    expect(takesAnswer(claude, { behavior: 'allow', updatedInput: {}, updatedPermissions: [{}] })).toBe(true);
    expect(takesAnswer(claude, { behavior: 'deny', interrupt: true })).toBe(true);
  });
});
