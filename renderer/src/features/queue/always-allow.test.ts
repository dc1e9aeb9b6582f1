import { describe, expect, it } from 'vitest';
import { alwaysAllowUpdate, settingsFileFor } from './always-allow';

describe('the always-allow rule draft', () => {
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
