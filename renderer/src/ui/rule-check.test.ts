import { describe, expect, it } from 'vitest';
import { checkRule } from './rule-check';

describe('a rule checked as it is typed', () => {
  it('accepts a valid rule and says whether it covers the tool asked about', () => {
    expect(checkRule('Bash(npm test *)', 'Bash')).toEqual({
      ok: true,
      toolName: 'Bash',
      ruleContent: 'npm test *',
      coversTool: true,
    });
    expect(checkRule('Read(./src/**)', 'Bash')).toMatchObject({ ok: true, coversTool: false });
    expect(checkRule('mcp__github', 'mcp__github__create_issue')).toMatchObject({
      ok: true,
      coversTool: true,
    });
    expect(checkRule('mcp__github__get_*', 'mcp__github__get_issue')).toMatchObject({
      ok: true,
      coversTool: true,
    });
    expect(checkRule('Bash()', 'Bash')).toEqual({
      ok: true,
      toolName: 'Bash',
      coversTool: true,
      warning: 'This rule allows every shell command without asking.',
      warningPhrase: {
        code: 'warning.thisRuleBroad',
        params: { what: { phrase: { code: 'broad.everyCommand', params: {} } } },
      },
    });
  });

  it('flags a rule that opens the door instead of calling it valid', () => {
    for (const rule of ['Bash(*)', 'Bash(curl *)', 'Bash(sh)', 'Bash(node:*)']) {
      expect(checkRule(rule, 'Bash')).toMatchObject({
        ok: true,
        warning: expect.stringMatching(/^This rule allows .+ without asking\.$/),
      });
    }
    expect(checkRule('Bash(npm run lint *)', 'Bash')).not.toHaveProperty('warning');
  });

  it("gives the engine's own sentence for a broken rule", () => {
    const broken = checkRule('Bash(npm test', 'Bash');
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.error).toMatch(/never closes it|must end with/);
    expect(checkRule('', 'Bash')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/cannot be empty/),
    });
    expect(checkRule(' Bash', 'Bash')).toMatchObject({ ok: false, error: expect.stringMatching(/spaces/) });
  });
});
