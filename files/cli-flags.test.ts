import { describe, expect, it } from 'vitest';
import { UsageError } from '../common/cli';
import { parseFlags } from './cli-flags';

const flags = { tool: { type: 'string' }, json: { type: 'boolean' } } as const;

function refusal(argv: string[], positionals = false): string {
  try {
    parseFlags(argv, flags, positionals);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`${JSON.stringify(argv)} was accepted`);
}

describe('parseFlags', () => {
  it('reads flags and, when asked for, positionals', () => {
    expect(parseFlags(['--tool', 'Bash', '--json'], flags)).toMatchObject({
      values: { tool: 'Bash', json: true },
    });
    expect(parseFlags(['claude', '--json'], flags, true).positionals).toEqual(['claude']);
  });

  it.each([
    [['--bogus'], 'unknown option --bogus'],
    [['-q'], 'unknown option -q'],
    [['--tool'], 'option --tool needs a value'],
    [['--json=1'], 'option --json takes no value'],
    [['--tool', '--json'], 'option --tool needs a value; write --tool=-x for one that starts with a dash'],
    [['stray'], 'unexpected argument "stray"'],
  ])('words %j as one clause', (argv, sentence) => {
    expect(refusal(argv)).toBe(sentence);
  });
});
