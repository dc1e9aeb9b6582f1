import { describe, expect, it } from 'vitest';
import type { RuleBehavior } from '../types';
import { isWholeToolPattern, matchBashPattern, matchBashPatternText } from './match';
import type { BashSubcommand } from './types';

function sub(text: string, parts: Partial<BashSubcommand> = {}): BashSubcommand {
  return {
    source: text,
    text,
    argv: text === '' ? [] : text.split(' '),
    assignments: [],
    unsafeAssignments: [],
    wrappers: [],
    dynamic: false,
    ...parts,
  };
}

const behaviors: RuleBehavior[] = ['deny', 'ask', 'allow'];

describe('matchBashPattern', () => {
  it.each([
    // Word boundary: a trailing ` *` also matches the bare command.
    ['ls *', 'ls', true],
    ['ls *', 'ls -la', true],
    ['ls *', 'lsof', false],
    ['ls*', 'ls', true],
    ['ls*', 'ls -la', true],
    ['ls*', 'lsof', true],
    // Legacy `:*` is a trailing ` *`, only at the end.
    ['npm run test:*', 'npm run test', true],
    ['npm run test:*', 'npm run test --watch', true],
    ['npm run test:*', 'npm run testing', false],
    ['npm run test:*', 'npm run test:unit', false],
    ['a:*b', 'a:xb', true],
    ['a:*b', 'a b', false],
    // Wildcards anywhere, spanning spaces.
    ['npm *', 'npm install left-pad', true],
    ['* install', 'npm install', true],
    ['* install', 'yarn global install', true],
    ['* install', 'npm install x', false],
    ['* install', 'reinstall', false],
    ['git * main', 'git push origin main', true],
    ['git * main', 'git checkout main', true],
    ['git * main', 'git push origin main2', false],
    ['git * main', 'git main', false],
    ['git * main *', 'git a mainx b main', true],
    ['git * main *', 'git push origin main --force', true],
    ['git*status', 'git status', true],
    ['*a*b*c*', 'xaxbxcx', true],
    ['*a*b*c*', 'xcxbxax', false],
    // Exact content.
    ['git status', 'git status', true],
    ['git status', 'git status -s', false],
    ['git status', 'git', false],
    // The whole tool.
    ['*', 'rm -rf /', true],
    ['', 'anything at all', true],
    ['  ', 'anything at all', true],
    ['**', 'anything', true],
    // Regex specials are literal.
    ['echo a.b', 'echo axb', false],
    ['echo (x)+', 'echo (x)+', true],
    ['echo $HOME', 'echo $HOME', true],
    ['grep ^a|b$ *', 'grep ^a|b$ file', true],
    // `\*` is a literal star, `\\` a literal backslash.
    ['rm -rf \\*', 'rm -rf *', true],
    ['rm -rf \\*', 'rm -rf /', false],
    ['echo a\\\\*', 'echo a\\b', true],
    ['echo a\\b', 'echo a\\b', true],
    // Surrounding whitespace in the pattern is ignored.
    ['  git status  ', 'git status', true],
    // Text spanning lines (a quoted newline) is still one subcommand.
    ['echo *', 'echo a\nb', true],
  ])('%j against %j → %s', (pattern, text, expected) => {
    for (const behavior of behaviors) expect(matchBashPattern(pattern, sub(text), behavior)).toBe(expected);
  });

  describe('assignments', () => {
    const withSafe = sub('npm test', { assignments: ['NODE_ENV=test'] });
    const withUnsafe = sub('npm test', {
      assignments: ['NODE_ENV=test', 'PATH=/x'],
      unsafeAssignments: ['PATH=/x'],
    });

    it('allow matches past known-safe assignments', () => {
      expect(matchBashPattern('npm test *', withSafe, 'allow')).toBe(true);
    });

    it('allow does not match past unsafe assignments', () => {
      expect(matchBashPattern('npm test *', withUnsafe, 'allow')).toBe(false);
      expect(matchBashPattern('npm *', withUnsafe, 'allow')).toBe(false);
      expect(matchBashPattern('PATH=/x npm test', withUnsafe, 'allow')).toBe(true);
    });

    it.each(['deny', 'ask'] as const)(
      '%s matches past any assignment, and on the assignments too',
      (behavior) => {
        expect(matchBashPattern('npm test *', withUnsafe, behavior)).toBe(true);
        expect(matchBashPattern('PATH=* *', withUnsafe, behavior)).toBe(true);
        expect(matchBashPattern('NODE_ENV=test *', withSafe, behavior)).toBe(true);
      },
    );
  });

  describe('wrappers', () => {
    const wrapped = sub('rm -rf /', { wrappers: ['nohup', 'timeout 5'] });

    it('every behavior matches the stripped command', () => {
      for (const behavior of behaviors) expect(matchBashPattern('rm *', wrapped, behavior)).toBe(true);
    });

    it('deny and ask also match at every stage of stripping', () => {
      expect(matchBashPattern('nohup *', wrapped, 'deny')).toBe(true);
      expect(matchBashPattern('timeout *', wrapped, 'ask')).toBe(true);
    });

    it('allow does not match the wrapper itself', () => {
      expect(matchBashPattern('nohup *', wrapped, 'allow')).toBe(false);
      expect(matchBashPattern('timeout *', wrapped, 'allow')).toBe(false);
    });

    it('allow matches flagless xargs only with an open-ended pattern, since xargs appends words', () => {
      const viaXargs = sub('git diff', { wrappers: ['xargs'] });
      expect(matchBashPattern('git diff', viaXargs, 'allow')).toBe(false);
      expect(matchBashPattern('git diff *', viaXargs, 'allow')).toBe(true);
      expect(matchBashPattern('git diff*', viaXargs, 'allow')).toBe(true);
      expect(matchBashPattern('git diff', viaXargs, 'deny')).toBe(true);
    });
  });

  it('stays fast on patterns with many wildcards against long text', () => {
    // A naive `.*` per star takes seconds with three stars here and minutes with four.
    const text = 'a b '.repeat(2_500);
    expect(matchBashPattern('* b * b * b * b * b * c', sub(text), 'deny')).toBe(false);
    expect(matchBashPattern('*a*b*a*b*a*b*a*b*c', sub(text), 'deny')).toBe(false);
    expect(matchBashPattern('* b * b * b * b * b *', sub(text), 'deny')).toBe(true);
  });
});

describe('isWholeToolPattern', () => {
  it.each([
    ['*', true],
    ['', true],
    [' * ', true],
    ['***', true],
    [':*', true],
    ['* *', false],
    ['git *', false],
  ])('%j → %s', (pattern, expected) => {
    expect(isWholeToolPattern(pattern)).toBe(expected);
  });
});

describe('matchBashPatternText', () => {
  it('tests the raw text', () => {
    expect(matchBashPatternText('rm *', 'rm -rf / "')).toBe(true);
    expect(matchBashPatternText('rm *', 'ls')).toBe(false);
    expect(matchBashPatternText('*', 'anything')).toBe(true);
  });
});
