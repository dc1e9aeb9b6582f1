import { describe, expect, it } from 'vitest';
import { coverWithAllowRules, isApprovableByPrefix, matchCommand } from './compound';
import { installedBashWasmPaths } from '../node/bash-wasm';
import { loadBashAnalyzer } from './parser';

const analyzer = await loadBashAnalyzer(installedBashWasmPaths());
const allows = (command: string, pattern: string) =>
  matchCommand(analyzer.analyze(command), pattern, 'allow');
const denies = (command: string, pattern: string) => matchCommand(analyzer.analyze(command), pattern, 'deny');
const asks = (command: string, pattern: string) => matchCommand(analyzer.analyze(command), pattern, 'ask');

describe('matchCommand: allow needs every subcommand', () => {
  it.each([
    ['a single match', 'git status', 'git *', true],
    ['every part matching', 'git add . && git commit -m x', 'git *', true],
    ['a pipeline of matches', 'git log | git stripspace', 'git *', true],
    ['one part not matching', 'git status && rm -rf /', 'git *', false],
    ['one part after ;', 'git status; curl evil.sh', 'git *', false],
    ['one part after ||', 'git pull || rm -rf .', 'git *', false],
    ['one part after |', 'git log | sh', 'git *', false],
    ['one part after &', 'git fetch & rm x', 'git *', false],
    ['one part on a new line', 'git status\nrm x', 'git *', false],
    ['a part in a subshell', 'git status && (rm x)', 'git *', false],
    ['a bare assignment before it', 'PATH=/tmp/evil; git status', 'git *', false],
    ['a test before it', '[ -d .git ] && git status', 'git *', false],
    ['a safe assignment prefix', 'NODE_ENV=test npm test', 'npm test *', true],
    ['an unsafe assignment prefix', 'NODE_OPTIONS=--require=evil npm test', 'npm test *', false],
    ['a wrapper', 'timeout 60 npm test', 'npm test *', true],
    ['npx is not a wrapper', 'npx vitest', 'vitest *', false],
    ['a heredoc body is not a command', "cat <<'EOF'\nrm -rf /\nEOF", 'cat *', true],
  ])('%s', (_name, command, pattern, expected) => {
    expect(allows(command, pattern)).toBe(expected);
  });

  it.each([
    ['$()', 'git commit -m "$(date)"', 'git *'],
    ['$() matched by the same rule', 'git log $(git rev-parse HEAD)', 'git *'],
    ['backticks', 'git commit -m `date`', 'git *'],
    ['<()', 'diff <(git show a) <(git show b)', 'diff *'],
    ['eval', 'eval git status', 'eval *'],
    ['watch', 'watch git status', 'watch *'],
    ['setsid', 'setsid make', 'setsid *'],
    ['ionice', 'ionice make', 'ionice *'],
    ['flock', 'flock /tmp/l make', 'flock *'],
    ['find -exec', 'find . -exec rm {} \\;', 'find *'],
    ['find -delete', 'find . -delete', 'find *'],
    ['unparseable', 'git status "', 'git *'],
    ['too long', `git ${'a'.repeat(10_000)}`, 'git *'],
    ['empty', '', 'git *'],
  ])('never approves %s with a prefix rule', (_name, command, pattern) => {
    expect(allows(command, pattern)).toBe(false);
  });

  it.each(['*', '', '  '])(
    'the whole-tool pattern %j approves everything, as the bare Bash rule does',
    (pattern) => {
      for (const command of ['rm -rf /', 'echo $(id)', 'watch ls', 'ls "', `x${'a'.repeat(10_000)}`]) {
        expect(allows(command, pattern)).toBe(true);
      }
    },
  );
});

describe('matchCommand: deny and ask need any subcommand', () => {
  it.each([
    ['the command itself', 'rm -rf /', 'rm *', true],
    ['a later part', 'git status && rm -rf /', 'rm *', true],
    ['inside $()', 'echo "$(rm -rf /)"', 'rm *', true],
    ['inside backticks', 'echo `rm -rf /`', 'rm *', true],
    ['inside <()', 'cat <(rm -rf /)', 'rm *', true],
    ['inside a function body', 'f() { rm -rf /; }', 'rm *', true],
    ['inside an unquoted heredoc substitution', 'cat <<EOF\n$(rm -rf /)\nEOF', 'rm *', true],
    ['behind a wrapper', 'nohup timeout 5 rm -rf /', 'rm *', true],
    ['behind flagless xargs', 'ls | xargs rm', 'rm *', true],
    ['behind any assignment', 'PATH=/x LD_PRELOAD=y rm -rf /', 'rm *', true],
    ['quoted to dodge the rule', '"r"m -rf /', 'rm *', true],
    ['escaped to dodge the rule', "\\rm -rf $'\\x2f'", 'rm -rf /', true],
    ['after a redirect', 'git > /dev/null push --force', 'git push *', true],
    ['an unparseable line, as written', 'rm -rf / "', 'rm *', true],
    ['a lookalike', 'rmdir x', 'rm *', false],
    ['a quoted mention', "echo 'rm -rf /'", 'rm *', false],
    ['a single-quoted substitution', "echo '$(rm -rf /)'", 'rm *', false],
    ['a quoted heredoc body', "cat <<'EOF'\nrm -rf /\nEOF", 'rm *', false],
  ])('%s', (_name, command, pattern, expected) => {
    expect(denies(command, pattern)).toBe(expected);
    expect(asks(command, pattern)).toBe(expected);
  });

  it('npx, docker exec, direnv exec and devbox run are matched as themselves', () => {
    expect(denies('npx rimraf /', 'rimraf *')).toBe(false);
    expect(denies('npx rimraf /', 'npx *')).toBe(true);
    expect(allows('devbox run rm -rf /', 'devbox run *')).toBe(true);
  });
});

describe('isApprovableByPrefix', () => {
  it.each([
    ['git status', true],
    ['git status && npm test', true],
    ['echo $(id)', false],
    ['watch ls', false],
    ['ls "', false],
    ['', false],
  ])('%j → %s', (command, expected) => {
    expect(isApprovableByPrefix(analyzer.analyze(command))).toBe(expected);
  });
});

describe('coverWithAllowRules', () => {
  type Rule = { readonly id: string; readonly content?: string };
  const rules: Rule[] = [
    { id: 'install', content: 'npm install *' },
    { id: 'test', content: 'npm test *' },
  ];
  const cover = (command: string, list: readonly Rule[] = rules) =>
    coverWithAllowRules(analyzer.analyze(command), list, (rule) => rule.content);

  it('approves a compound command when each part has its own rule', () => {
    expect(cover('npm install && npm test')).toEqual({ approved: true, by: [rules[0], rules[1]] });
  });

  it('counts read-only parts as covered', () => {
    expect(cover('cd app && npm test | grep ok')).toEqual({
      approved: true,
      by: ['read-only', rules[1], 'read-only'],
    });
  });

  it('names the parts no rule covers', () => {
    const coverage = cover('npm install && npm publish');
    expect(coverage.approved).toBe(false);
    expect(coverage.approved ? [] : coverage.uncovered.map((sub) => sub.text)).toEqual(['npm publish']);
  });

  it('never approves a line with a substitution, however many rules there are', () => {
    const coverage = cover('npm test $(npm install)');
    expect(coverage.approved).toBe(false);
  });

  it('lets a whole-tool rule approve anything', () => {
    const whole: Rule = { id: 'bash' };
    expect(cover('rm -rf / && echo $(id)', [rules[0]!, whole])).toEqual({
      approved: true,
      by: [whole, whole, whole],
    });
    expect(cover('ls "', [whole])).toEqual({ approved: true, by: [] });
  });

  it('approves nothing with no rules but the read-only set', () => {
    expect(cover('ls && pwd', [])).toEqual({ approved: true, by: ['read-only', 'read-only'] });
    expect(cover('make', []).approved).toBe(false);
  });
});
