import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../common/cli';
import { parseAcpArgs } from './acp';

describe('parseAcpArgs', () => {
  it('takes everything after "--" as the agent, its own flags included', () => {
    expect(parseAcpArgs(['--', 'codex-acp', '--help', '-c', 'x'])).toEqual({
      command: 'codex-acp',
      args: ['--help', '-c', 'x'],
    });
    expect(parseAcpArgs(['--help'])).toBe('help');
  });

  it('says how to name the agent when there is none, and refuses flags of its own it does not know', () => {
    expect(() => parseAcpArgs(['claude-agent-acp'])).toThrow(UsageError);
    expect(() => parseAcpArgs(['--'])).toThrow(/name the agent after "--"/);
    expect(() => parseAcpArgs(['--verbose', '--', 'x'])).toThrow(/unknown option --verbose/);
  });
});
