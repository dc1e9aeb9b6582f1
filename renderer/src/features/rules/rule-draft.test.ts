import { describe, expect, it } from 'vitest';
import { alwaysAllowUpdate, checkRule, settingsFileFor } from './rule-draft';

describe('the always-allow rule draft', () => {
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
    expect(checkRule('Bash()', 'Bash')).toEqual({ ok: true, toolName: 'Bash', coversTool: true });
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

  it("builds Claude Code's addRules update for the chosen destination", () => {
    expect(alwaysAllowUpdate({ toolName: 'Bash', ruleContent: 'npm test *' }, 'projectSettings')).toEqual({
      type: 'addRules',
      rules: [{ toolName: 'Bash', ruleContent: 'npm test *' }],
      behavior: 'allow',
      destination: 'projectSettings',
    });
    expect(alwaysAllowUpdate({ toolName: 'WebSearch' }, 'userSettings')).toMatchObject({
      rules: [{ toolName: 'WebSearch' }],
    });
  });

  it('names the settings file of each destination for the agent profile', () => {
    expect(settingsFileFor('localSettings', 'claude-code')).toBe('.claude/settings.local.json');
    expect(settingsFileFor('projectSettings', 'claude-code')).toBe('.claude/settings.json');
    expect(settingsFileFor('userSettings', 'ci-agent')).toBe('~/.agent/settings.json');
  });
});
