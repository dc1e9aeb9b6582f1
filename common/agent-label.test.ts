import { describe, expect, it } from 'vitest';
import { agentLabel } from './agent-label';

describe('agent names', () => {
  it('names the agents as their makers do, and any other by the name it reported', () => {
    expect(agentLabel('claude-code')).toBe('Claude Code');
    expect(agentLabel('codex')).toBe('Codex CLI');
    expect(agentLabel('copilot')).toBe('GitHub Copilot CLI');
    expect(agentLabel('opencode')).toBe('OpenCode');
    expect(agentLabel('gemini-cli')).toBe('Gemini CLI');
    expect(agentLabel('claude-agent-acp')).toBe('claude-agent-acp');
    expect(agentLabel('toString')).toBe('toString');
  });
});
