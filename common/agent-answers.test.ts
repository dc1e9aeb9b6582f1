import { describe, expect, it } from 'vitest';
import { answersFor } from './agent-answers';

describe('the answers an agent can take', () => {
  it('offers Codex neither Edit, Always allow nor Deny and stop', () => {
    expect(answersFor('codex')).toEqual({ edit: false, always: false, interrupt: false });
  });

  it('offers Claude Code and SDK agents every answer', () => {
    expect(answersFor('claude-code')).toEqual({ edit: true, always: true, interrupt: true });
    expect(answersFor('ci-bot')).toEqual({ edit: true, always: true, interrupt: true });
  });
});
