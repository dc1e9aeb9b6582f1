import { describe, expect, it } from 'vitest';
import { installedBashWasmPaths } from '../node/bash-wasm';
import { loadBashAnalyzer } from './parser';
import type { BashAnalysis } from './types';

const analyzer = await loadBashAnalyzer(installedBashWasmPaths());

function ok(command: string): Extract<BashAnalysis, { ok: true }> {
  const analysis = analyzer.analyze(command);
  if (!analysis.ok) throw new Error(`expected ${JSON.stringify(command)} to parse: ${analysis.message}`);
  return analysis;
}

const texts = (command: string): string[] => ok(command).subcommands.map((sub) => sub.text);

describe('compound commands split into every simple command, in order', () => {
  it.each([
    ['&&', 'git add . && git commit -m x', ['git add .', 'git commit -m x']],
    ['||', 'make || echo failed', ['make', 'echo failed']],
    [';', 'cd src; ls', ['cd src', 'ls']],
    ['|', 'cat f | grep x | wc -l', ['cat f', 'grep x', 'wc -l']],
    ['|&', 'make |& tee log', ['make', 'tee log']],
    ['&', 'sleep 1 & echo started', ['sleep 1', 'echo started']],
    ['newline', 'npm ci\nnpm test', ['npm ci', 'npm test']],
    ['trailing &', 'server &', ['server']],
    ['subshell', '(cd a && make)', ['cd a', 'make']],
    ['group', '{ echo a; echo b; }', ['echo a', 'echo b']],
    [
      'if',
      'if test -f x; then rm x; elif true; then :; else echo no; fi',
      ['test -f x', 'rm x', 'true', ':', 'echo no'],
    ],
    ['for', 'for f in *.ts; do echo "$f"; done', ['echo "$f"']],
    ['c-style for', 'for ((i = 0; i < 3; i++)); do echo $i; done', ['echo $i']],
    ['while', 'while read -r l; do echo "$l"; done < list', ['read -r l', 'echo "$l"']],
    ['until', 'until make; do sleep 1; done', ['make', 'sleep 1']],
    ['case', 'case $x in a) rm -rf a;; *) ls;; esac', ['rm -rf a', 'ls']],
    ['function body', 'f() { rm -rf /tmp/x; }; f', ['rm -rf /tmp/x', 'f']],
    ['negation', '! git diff --quiet', ['git diff --quiet']],
    ['$()', 'echo $(whoami)', ['echo $(whoami)', 'whoami']],
    ['nested $()', 'echo "$(echo "$(id)")"', ['echo "$(echo "$(id)")"', 'echo "$(id)"', 'id']],
    ['backticks', 'echo `date`', ['echo `date`', 'date']],
    ['<()', 'diff <(ls a) <(ls b)', ['diff <(ls a) <(ls b)', 'ls a', 'ls b']],
    ['>()', 'tee >(wc -l)', ['tee >(wc -l)', 'wc -l']],
    ['${…} default', 'echo ${x:-$(pwd)}', ['echo ${x:-$(pwd)}', 'pwd']],
    ['arithmetic', 'echo $((1 + $(id -u)))', ['echo $((1 + $(id -u)))', 'id -u']],
    ['assignment value', 'x=$(date) make', ['make', 'date']],
    ['comment', 'ls # rm -rf /', ['ls']],
    ['line continuation', 'ls \\\n  -la', ['ls -la']],
    ['line continuation inside a word', 'ls -l\\\na', ['ls -la']],
  ])('%s', (_name, command, expected) => {
    expect(texts(command)).toEqual(expected);
  });

  it('keeps the source of each subcommand with its assignments and wrappers', () => {
    const [sub] = ok('A=1 timeout 5 git status > /dev/null').subcommands;
    expect(sub?.source).toBe('A=1 timeout 5 git status');
  });

  it.each([
    ['declaration', 'export A=1 B && git status', ['export A=1 B', 'git status']],
    ['unset', 'unset -f x; ls', ['unset -f x', 'ls']],
    ['test brackets', '[ -f x ] && ls', ['[ -f x ]', 'ls']],
    ['double brackets', '[[ -n $x ]] || ls', ['[[ -n $x ]]', 'ls']],
    ['arithmetic command', '((x++)); ls', ['(( x++ ))', 'ls']],
    ['bare assignment', 'PATH=/tmp/evil; git status', ['', 'git status']],
  ])('statements that are not simple commands are subcommands too: %s', (_name, command, expected) => {
    expect(texts(command)).toEqual(expected);
  });

  it('records a bare assignment as its subcommand’s assignments', () => {
    expect(ok('A=1 B=$x').subcommands).toEqual([
      expect.objectContaining({
        text: '',
        argv: [],
        assignments: ['A=1', 'B=$x'],
        unsafeAssignments: ['A=1', 'B=$x'],
      }),
    ]);
  });

  it('yields no subcommands for an empty line or a lone comment', () => {
    expect(texts('')).toEqual([]);
    expect(texts('# nothing')).toEqual([]);
  });
});

describe('heredocs', () => {
  it('does not treat heredoc lines as commands', () => {
    expect(texts("cat <<'EOF'\nrm -rf /\n$(rm -rf /)\nEOF")).toEqual(['cat']);
    expect(ok("cat <<'EOF'\n$(rm -rf /)\nEOF").hasCommandSubstitution).toBe(false);
  });

  it('finds substitutions in an unquoted heredoc body, where Bash runs them', () => {
    const analysis = ok('cat <<EOF\nhello $(rm -rf /)\nEOF');
    expect(analysis.subcommands.map((sub) => sub.text)).toEqual(['cat', 'rm -rf /']);
    expect(analysis.hasCommandSubstitution).toBe(true);
  });

  it('flags backquotes in an unquoted heredoc body, which tree-sitter leaves as text', () => {
    expect(ok('cat <<EOF\n`id`\nEOF').hasBackticks).toBe(true);
    expect(ok('cat <<EOF\n\\`id\\`\nEOF').hasBackticks).toBe(false);
    expect(ok('cat <<\\EOF\n`id`\nEOF').hasBackticks).toBe(false);
  });

  it('keeps commands that follow the heredoc operator on its line', () => {
    expect(texts('cat <<EOF | grep x && ls\nbody\nEOF')).toEqual(['cat', 'grep x', 'ls']);
  });
});

describe('substitution flags', () => {
  it.each([
    ['$() bare', 'echo $(ls)', { hasCommandSubstitution: true }],
    ['$() in double quotes', 'echo "$(ls)"', { hasCommandSubstitution: true }],
    ['$() in single quotes is text', "echo '$(ls)'", { hasCommandSubstitution: false }],
    ['escaped $ in double quotes is text', 'echo "\\$(ls)"', { hasCommandSubstitution: false }],
    ['backticks', 'echo `ls`', { hasBackticks: true, hasCommandSubstitution: false }],
    ['backticks in double quotes', 'echo "`ls`"', { hasBackticks: true }],
    ['backticks in single quotes are text', "echo '`ls`'", { hasBackticks: false }],
    ['<()', 'cat <(ls)', { hasProcessSubstitution: true }],
    ['>()', 'ls > >(wc)', { hasProcessSubstitution: true }],
    ['$(< file)', 'echo $(< f)', { hasCommandSubstitution: true }],
    ['in a redirect target', 'ls > "$(mktemp)"', { hasCommandSubstitution: true }],
    ['in a for list', 'for x in $(ls); do :; done', { hasCommandSubstitution: true }],
    [
      'plain command',
      'git status',
      { hasCommandSubstitution: false, hasBackticks: false, hasProcessSubstitution: false },
    ],
  ])('%s', (_name, command, expected) => {
    expect(ok(command)).toMatchObject(expected);
  });

  it.each([
    ['eval', 'eval "$cmd"', true],
    ['eval behind a wrapper', 'builtin eval ls', true],
    ['eval in a substitution', 'echo $(eval x)', true],
    ['source of a dynamic path', 'source "$HOME/.env"', true],
    ['. of a dynamic path', '. $f', true],
    ['source of a literal path', 'source ./env.sh', false],
    ['the word eval as an argument', 'echo eval', false],
  ])('hasEval: %s', (_name, command, expected) => {
    expect(ok(command).hasEval).toBe(expected);
  });
});

describe('words are unquoted the way Bash passes them', () => {
  it.each([
    ['double quotes', 'git commit -m "fix bug"', ['git', 'commit', '-m', 'fix bug']],
    ['single quotes', "echo 'a b'", ['echo', 'a b']],
    ['concatenation', `"r"m -'r'f`, ['rm', '-rf']],
    ['backslash', '\\rm \\-rf', ['rm', '-rf']],
    ['escapes in double quotes', 'echo "a\\"b\\\\c\\$d\\x"', ['echo', 'a"b\\c$d\\x']],
    ['ANSI-C', "$'\\x72\\155' $'a\\tb' $'\\u00e9'", ['rm', 'a\tb', 'é']],
    ['locale string', 'echo $"hi"', ['echo', 'hi']],
    ['non-ASCII', 'echo 😀 é', ['echo', '😀', 'é']],
  ])('%s', (_name, command, expected) => {
    const [sub] = ok(command).subcommands;
    expect(sub?.argv).toEqual(expected);
    expect(sub?.dynamic).toBe(false);
  });

  it.each([
    ['parameter', 'echo $HOME', '$HOME'],
    ['quoted parameter', 'echo "$x"', '"$x"'],
    ['glob', 'ls *.ts', '*.ts'],
    ['question glob', 'ls ?.ts', '?.ts'],
    ['bracket glob', 'ls [ab].ts', '[ab].ts'],
    ['brace list', 'echo {a,b}', '{a,b}'],
    ['brace range', 'echo {1..3}', '{1..3}'],
    ['tilde', 'ls ~/x', '~/x'],
  ])('a %s is dynamic and kept as written', (_name, command, word) => {
    const [sub] = ok(command).subcommands;
    expect(sub?.argv[1]).toBe(word);
    expect(sub?.dynamic).toBe(true);
  });

  it.each([
    ['quoted glob', 'ls "*.ts"'],
    ['escaped glob', 'ls \\*.ts'],
    ['find braces', 'echo {}'],
    ['reflog braces', 'git log HEAD@{1}'],
  ])('a %s is literal', (_name, command) => {
    expect(ok(command).subcommands[0]?.dynamic).toBe(false);
  });

  it('folds words tree-sitter files under a redirect back into the command', () => {
    const [sub] = ok('git > /dev/null push --force origin').subcommands;
    expect(sub?.argv).toEqual(['git', 'push', '--force', 'origin']);
  });

  it('joins a redirect target tree-sitter splits at a quote', () => {
    const analysis = ok("ls >'x'\\a b");
    expect(analysis.subcommands.map((sub) => sub.argv)).toEqual([['ls', 'b']]);
    expect(analysis.redirects).toEqual([{ operator: '>', target: 'xa', isWrite: true }]);
  });
});

describe('wrappers are stripped', () => {
  it.each([
    ['timeout', 'timeout 5 git status', ['timeout 5']],
    ['timeout with a unit', 'timeout 1.5m git status', ['timeout 1.5m']],
    ['timeout with a signal', 'timeout -s KILL 5 git status', ['timeout -s KILL 5']],
    [
      'timeout with attached options',
      'timeout -sKILL -k2 --preserve-status 5 git status',
      ['timeout -sKILL -k2 --preserve-status 5'],
    ],
    [
      'timeout with long options',
      'timeout --signal=TERM --kill-after 3 10s git status',
      ['timeout --signal=TERM --kill-after 3 10s'],
    ],
    ['time', 'time git status', ['time']],
    ['time -p', 'time -p git status', ['time -p']],
    ['nice', 'nice git status', ['nice']],
    ['nice -n', 'nice -n 10 git status', ['nice -n 10']],
    ['nice -N', 'nice -5 git status', ['nice -5']],
    ['nohup', 'nohup git status', ['nohup']],
    ['stdbuf', 'stdbuf -oL -e 0 git status', ['stdbuf -oL -e 0']],
    ['stdbuf long', 'stdbuf --output=L git status', ['stdbuf --output=L']],
    ['command', 'command git status', ['command']],
    ['command -p', 'command -p git status', ['command -p']],
    ['builtin', 'builtin git status', ['builtin']],
    ['noglob', 'noglob git status', ['noglob']],
    ['flagless xargs', 'xargs git status', ['xargs']],
    ['stacked', 'nohup nice -n 2 timeout 5 git status', ['nohup', 'nice -n 2', 'timeout 5']],
    ['quoted wrapper', '"timeout" 5 git status', ['timeout 5']],
  ])('%s', (_name, command, wrappers) => {
    const [sub] = ok(command).subcommands;
    expect(sub?.text).toBe('git status');
    expect(sub?.wrappers).toEqual(wrappers);
  });

  it.each([
    ['npx', 'npx vitest run'],
    ['docker exec', 'docker exec app rm -rf /'],
    ['direnv exec', 'direnv exec . make'],
    ['devbox run', 'devbox run make'],
    ['env', 'env rm x'],
    ['sudo', 'sudo rm x'],
    ['xargs with a flag', 'xargs -0 rm'],
    ['command -v', 'command -v git'],
    ['timeout without a duration', 'timeout git status'],
    ['timeout with an unknown option', 'timeout --frobnicate 5 git status'],
    ['timeout with a dynamic duration', 'timeout $T git status'],
    ['stdbuf with a dynamic mode', 'stdbuf -o $MODE git status'],
    ['GNU time with an output file', 'time -o out git status'],
    ['a wrapper with nothing to run', 'nohup'],
    ['nice with nothing to run', 'nice -n 5'],
  ])('%s is not stripped', (_name, command) => {
    const [sub] = ok(command).subcommands;
    expect(sub?.wrappers).toEqual([]);
    expect(sub?.text).toBe(command.replace(/"/g, ''));
  });
});

describe('leading assignments', () => {
  it('strips every leading assignment from the text and marks the unsafe ones', () => {
    const [sub] = ok('NODE_ENV=test PATH=/x CI=1 npm test').subcommands;
    expect(sub).toMatchObject({
      text: 'npm test',
      assignments: ['NODE_ENV=test', 'PATH=/x', 'CI=1'],
      unsafeAssignments: ['PATH=/x'],
    });
  });

  it.each([
    ['a safe name with a literal value', 'LANG=C sort', []],
    ['a safe name with a quoted literal', 'TZ="Europe/Paris" date', []],
    ['a safe name with an empty value', 'DEBUG= node x', []],
    ['a safe name with a dynamic value', 'TZ=$ZONE date', ['TZ=$ZONE']],
    ['a safe name appended to', 'LANG+=x sort', ['LANG+=x']],
    ['an unsafe name', 'LD_PRELOAD=/x.so ls', ['LD_PRELOAD=/x.so']],
    ['an array', 'LANG=(a b) ls', ['LANG=(a b)']],
  ])('%s', (_name, command, unsafe) => {
    expect(ok(command).subcommands[0]?.unsafeAssignments).toEqual(unsafe);
  });

  it('does not read assignments after a wrapper as assignments', () => {
    const [sub] = ok('timeout 5 FOO=1 make').subcommands;
    expect(sub).toMatchObject({ text: 'FOO=1 make', assignments: [], wrappers: ['timeout 5'] });
  });
});

describe('redirects', () => {
  it.each([
    ['>', 'ls > out.txt', [{ operator: '>', target: 'out.txt', isWrite: true }]],
    ['>>', 'ls >> log', [{ operator: '>>', target: 'log', isWrite: true }]],
    ['2>', 'make 2> err.log', [{ operator: '2>', target: 'err.log', isWrite: true }]],
    ['&>', 'make &> all.log', [{ operator: '&>', target: 'all.log', isWrite: true }]],
    ['&>>', 'make &>> all.log', [{ operator: '&>>', target: 'all.log', isWrite: true }]],
    ['>|', 'ls >| out', [{ operator: '>|', target: 'out', isWrite: true }]],
    ['>& file', 'ls >& out', [{ operator: '>&', target: 'out', isWrite: true }]],
    [
      '/dev/null',
      'make > /dev/null 2>/dev/null',
      [
        { operator: '>', target: '/dev/null', isWrite: false },
        { operator: '2>', target: '/dev/null', isWrite: false },
      ],
    ],
    [
      'descriptor duplication',
      'make 2>&1 >&2',
      [
        { operator: '2>&', target: '1', isWrite: false },
        { operator: '>&', target: '2', isWrite: false },
      ],
    ],
    ['closing a descriptor', 'make 2>&-', [{ operator: '2>&-', target: '', isWrite: false }]],
    ['input', 'sort < in.txt', [{ operator: '<', target: 'in.txt', isWrite: false }]],
    ['quoted target', 'ls > "my file"', [{ operator: '>', target: 'my file', isWrite: true }]],
    ['dynamic target', 'ls > "$OUT"', [{ operator: '>', target: '"$OUT"', isWrite: true }]],
    ['prefix redirect', '>out ls', [{ operator: '>', target: 'out', isWrite: true }]],
    ['on a group', '{ ls; } > out', [{ operator: '>', target: 'out', isWrite: true }]],
    ['inside a substitution', 'echo $(ls > out)', [{ operator: '>', target: 'out', isWrite: true }]],
    ['herestrings and heredocs are not files', 'cat <<< hi; cat <<EOF\nx\nEOF', []],
  ])('%s', (_name, command, redirects) => {
    expect(ok(command).redirects).toEqual(redirects);
  });

  it('keeps redirects out of the subcommand text', () => {
    expect(texts('ls -la > out.txt 2>&1')).toEqual(['ls -la']);
  });
});

describe('constructs a prefix rule cannot approve', () => {
  it.each([
    ['watch', 'watch ls', true],
    ['setsid', 'setsid make', true],
    ['ionice', 'ionice -c3 make', true],
    ['flock', 'flock /tmp/l make', true],
    ['behind a wrapper', 'nohup watch ls', true],
    ['in a substitution', 'echo $(watch ls)', true],
    ['find -exec', 'find . -exec rm {} \\;', true],
    ['find -execdir', 'find . -execdir rm {} +', true],
    ['find -ok', 'find . -ok rm {} \\;', true],
    ['find -delete', 'find . -name "*.o" -delete', true],
    ['find with a dynamic argument', 'find . $ACTION', true],
    ['find fed by xargs', 'echo -delete | xargs find .', true],
    ['find that only lists', 'find . -name "*.ts"', false],
    ['the word watch as an argument', 'echo watch', false],
  ])('%s', (_name, command, expected) => {
    expect(ok(command).unapprovableByPrefix).toBe(expected);
  });
});

describe('refusals', () => {
  it('refuses commands over 10,000 characters without parsing them', () => {
    const command = `echo ${'a'.repeat(10_000)}`;
    expect(analyzer.analyze(command)).toEqual({
      ok: false,
      command,
      reason: 'too-long',
      message:
        'The command is 10,005 characters long, over the 10,000 that can be checked, so it always needs approval.',
      phrase: {
        code: 'bashParse.tooLong',
        params: { length: { text: '10,005' }, limit: { text: '10,000' } },
      },
    });
    expect(analyzer.analyze(`echo ${'a'.repeat(9_995)}`).ok).toBe(true);
  });

  it.each([
    [
      'an unterminated double quote',
      'echo "unterminated',
      'The command could not be parsed as Bash (line 1, column 6): ""unterminated" is never closed.',
    ],
    [
      'an unterminated substitution',
      'echo $(ls',
      'The command could not be parsed as Bash (line 1, column 10): a ")" is missing.',
    ],
    [
      'an unclosed if',
      'if true; then echo',
      'The command could not be parsed as Bash (line 1, column 1): "if true; then echo" is never closed.',
    ],
    [
      'a quote left open on a later line',
      'ls\necho "x',
      'The command could not be parsed as Bash (line 2, column 6): ""x" is never closed.',
    ],
    [
      'a stray operator',
      'ls && && ls',
      'The command could not be parsed as Bash (line 1, column 4): unexpected "&&".',
    ],
    [
      'a line break tree-sitter misreads',
      'a | b | c\nd && e',
      'The command could not be parsed as Bash (line 2, column 1): the parser misread the line break before "d".',
    ],
    [
      'a negated loop tree-sitter misreads',
      'a && ! while a; do y; done',
      'The command could not be parsed as Bash (line 1, column 8): the parser read the keyword "while" as a command.',
    ],
    [
      'a comment tree-sitter runs into the next line',
      "a # x\n\\' y",
      'The command could not be parsed as Bash (line 2, column 1): the parser misread the line break before "\\\'".',
    ],
    [
      'a heredoc tree-sitter ends too early',
      'cat <<EOF\n EOF\nrm x\nEOF',
      'The command could not be parsed as Bash (line 2, column 2): the parser ended a heredoc at a line that does not end it.',
    ],
    [
      'a redirect target tree-sitter splits from its command',
      ">'x'\\a ls",
      'The command could not be parsed as Bash (line 1, column 5): the parser split the redirect target before "\\a".',
    ],
    [
      'a declaration tree-sitter runs into the next line',
      'a | b | export X\nrm -rf / && e',
      'The command could not be parsed as Bash (line 2, column 1): the parser misread the line break before "rm".',
    ],
    [
      'a word after a redirected group',
      '{ ls; } > f b',
      'The command could not be parsed as Bash (line 1, column 13): unexpected "b" after a redirect.',
    ],
  ])('refuses %s with a one-sentence reason', (_name, command, message) => {
    const analysis = analyzer.analyze(command);
    expect(analysis).toMatchObject({ ok: false, reason: 'unparseable' });
    expect(analysis.ok ? '' : analysis.message).toBe(message);
  });

  it('refuses Bash that tree-sitter cannot read rather than guessing', () => {
    expect(analyzer.analyze('exec 3<>file').ok).toBe(false);
  });
});
