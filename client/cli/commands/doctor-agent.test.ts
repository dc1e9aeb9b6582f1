import { describe, expect, it } from 'vitest';
import { agentCheck, CLAUDE_CODE, parseVersion } from './doctor-agent';

describe('the agent version doctor reads', () => {
  it('takes the first major.minor.patch of either agent’s --version line', () => {
    expect(parseVersion('2.1.139 (Claude Code)\n')).toEqual([2, 1, 139]);
    expect(parseVersion('codex-cli 0.169.0\n')).toEqual([0, 169, 0]);
    expect(parseVersion('Claude Code')).toBeUndefined();
  });

  it.each([
    [[2, 1, 139], true],
    [[2, 1, 1000], true],
    [[2, 2, 0], true],
    [[3, 0, 0], true],
    [[2, 1, 138], false],
    [[2, 0, 999], false],
    [[1, 9, 999], false],
  ] as const)('counts Claude Code %j as supported: %s', (version, ok) => {
    expect(agentCheck(CLAUDE_CODE, { path: '/bin/claude', version }, 'claude').ok).toBe(ok);
  });
});
