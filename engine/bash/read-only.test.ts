import { describe, expect, it } from 'vitest';
import { installedBashWasmPaths } from '../node/bash-wasm';
import { loadBashAnalyzer } from './parser';
import { isReadOnlyAnalysis, isReadOnlyCommand } from './read-only';

const analyzer = await loadBashAnalyzer(installedBashWasmPaths());

function firstSubcommand(command: string) {
  const analysis = analyzer.analyze(command);
  const sub = analysis.ok ? analysis.subcommands[0] : undefined;
  if (sub === undefined) throw new Error(`no subcommand in ${command}`);
  return sub;
}

describe('isReadOnlyCommand', () => {
  it.each([
    'ls -la',
    'cat package.json',
    'echo hello',
    'pwd',
    'head -n 5 f',
    'tail -f log',
    'grep -rn TODO src',
    'find . -name "*.ts" -type f',
    'wc -l f',
    'which node',
    'diff a b',
    'stat f',
    'du -sh .',
    'cd src',
    'ls *.ts',
    'cat $FILE',
    'LANG=C ls',
    'timeout 5 cat f',
    '"l"s',
  ])('%s is read-only', (command) => {
    expect(isReadOnlyCommand(firstSubcommand(command))).toBe(true);
  });

  it.each([
    ['a command off the list', 'rm -rf x'],
    ['a lookalike', 'lsof'],
    ['a dynamic command name', '$LS -la'],
    ['an unsafe assignment', 'PAGER=evil git log'],
    ['find -exec', 'find . -exec rm {} \\;'],
    ['find -delete', 'find . -delete'],
    ['find -fprint', 'find . -fprint out'],
    ['find with a dynamic argument', 'find . $X'],
    ['find fed by xargs', 'xargs find .'],
    ['git fed by xargs', 'xargs git diff'],
    ['a bare assignment', 'CI=1'],
    ['a test', '[ -f x ]'],
  ])('%s is not read-only: %s', (_name, command) => {
    expect(isReadOnlyCommand(firstSubcommand(command))).toBe(false);
  });

  describe('git', () => {
    it.each([
      'git status',
      'git status --short',
      'git log --oneline -n 5',
      'git diff HEAD~1',
      'git show HEAD',
      'git rev-parse --show-toplevel',
      'git ls-files',
      'git blame f',
      'git -C sub status',
      'git --no-pager log',
      'git branch',
      'git branch -a',
      'git branch -vv',
      'git branch -av',
      'git branch --show-current',
      'git branch --contains abc123',
      "git branch --format='%(refname)' --sort=-committerdate",
      'git branch --list "feat*"',
      'git branch -l feat',
      'git remote',
      'git remote -v',
      'git tag',
      'git tag -l "v1*"',
      'git tag -n5',
      'git stash list',
      'git stash show -p',
      'git reflog',
      'git reflog show HEAD',
      'git config --get user.name',
      'git config --list',
      'git config get user.email',
    ])('%s is read-only', (command) => {
      expect(isReadOnlyCommand(firstSubcommand(command))).toBe(true);
    });

    it.each([
      'git',
      'git commit -m x',
      'git push',
      'git checkout main',
      'git branch new-feature',
      'git branch -d old',
      'git branch -D old',
      'git branch -m a b',
      'git branch --set-upstream-to=origin/main',
      'git remote add origin url',
      'git remote remove origin',
      'git tag v1.0',
      'git tag -d v1.0',
      'git tag -a v1 -m x',
      'git stash',
      'git stash pop',
      'git reflog expire --all',
      'git config user.name x',
      'git config --unset user.name',
      'git diff --output=patch.txt',
      'git log --output patch',
      'git grep -Ovim x',
      'git grep --open-files-in-pager=vim x',
      'git -c core.pager=evil log',
      'git --exec-path=/tmp status',
      'git --git-dir=/elsewhere status',
      'git -C',
      'git log $ARGS',
    ])('%s is not read-only', (command) => {
      expect(isReadOnlyCommand(firstSubcommand(command))).toBe(false);
    });
  });
});

describe('isReadOnlyAnalysis', () => {
  it.each([
    ['a single command', 'ls', true],
    ['a compound of read-only commands', 'cd src && ls | grep x; pwd', true],
    ['a redirect to /dev/null', 'ls 2>/dev/null', true],
    ['descriptor duplication', 'ls 2>&1', true],
    ['reading a file', 'grep x < in.txt', true],
    ['a substitution of read-only commands', 'cat $(ls)', true],
    ['a write redirect', 'ls > out.txt', false],
    ['an append redirect', 'echo x >> log', false],
    ['a stderr redirect to a file', 'ls 2> err.txt', false],
    ['a write inside a substitution', 'echo $(ls > out)', false],
    ['one command that writes', 'ls && rm x', false],
    ['a substitution that writes', 'echo $(rm x)', false],
    ['eval', 'eval ls', false],
    ['an empty line', '', false],
    ['an unparseable line', 'ls "', false],
  ])('%s → %s', (_name, command, expected) => {
    expect(isReadOnlyAnalysis(analyzer.analyze(command))).toBe(expected);
  });
});
