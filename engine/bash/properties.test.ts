import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchCommand } from './compound';
import { matchBashPattern } from './match';
import { installedBashWasmPaths } from '../node/bash-wasm';
import { loadBashAnalyzer } from './parser';
import type { BashSubcommand } from './types';

const analyzer = await loadBashAnalyzer(installedBashWasmPaths());

const OPERATORS = ['&&', '||', ';', '|', '|&', '&', '\n'] as const;
const operator = fc.constantFrom(...OPERATORS);

/** A word that needs no quoting and starts no comment, heredoc or expansion. */
const plainWord = fc.stringMatching(/^[A-Za-z0-9_./=:,+-]{1,10}$/);

/** Any printable word, including every character the shell treats specially. */
const anyWord = fc.string({
  unit: fc.constantFrom(...'ab $*?;&|<>()[]{}~#!"\'\\`\n\t='.split('')),
  minLength: 1,
  maxLength: 12,
});

/** `word` quoted one of the ways Bash accepts, so it reaches the program unchanged. */
const quoted = (word: string) =>
  fc.constantFrom(
    `'${word.replace(/'/g, `'\\''`)}'`,
    `"${word.replace(/["$`\\]/g, '\\$&')}"`,
    `$'${[...word].map((ch) => `\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')}`).join('')}'`,
  );

const gitCommand = fc.array(plainWord, { maxLength: 4 }).map((words) => ['git', ...words].join(' '));
const otherCommand = fc
  .tuple(
    fc.constantFrom('npm', 'ls', 'rm', 'curl', 'make', 'gitk', 'sh'),
    fc.array(plainWord, { maxLength: 3 }),
  )
  .map(([name, words]) => [name, ...words].join(' '));
const simpleCommand = fc.oneof(gitCommand, otherCommand);

const RUNS = 200;

/**
 * Counts the generated lines the analyser really parsed: a parser that refused every line would pass each
 * "when readable" property, so each test also requires that most of its lines were read (nearly all are).
 */
function parseCounter() {
  let parsed = 0;
  return {
    readable(line: string): boolean {
      const ok = analyzer.analyze(line).ok;
      if (ok) parsed += 1;
      return ok;
    },
    expectParsed(share: number) {
      expect(parsed).toBeGreaterThanOrEqual(RUNS * share);
    },
  };
}

const allowed = (command: string, pattern: string) =>
  matchCommand(analyzer.analyze(command), pattern, 'allow');
const denied = (command: string, pattern: string) => matchCommand(analyzer.analyze(command), pattern, 'deny');

describe('compound allow', () => {
  it('joining commands with operators is allowed exactly when each command is', () => {
    const lines = parseCounter();
    fc.assert(
      fc.property(fc.array(fc.tuple(simpleCommand, operator), { minLength: 1, maxLength: 5 }), (parts) => {
        const line = parts.map(([command, op], i) => (i === 0 ? command : `${op} ${command}`)).join(' ');
        const each = parts.every(([command]) => allowed(command, 'git *'));
        // A line tree-sitter cannot read (it rejects some valid Bash) is never allowed.
        const readable = lines.readable(line);
        expect(allowed(line, 'git *')).toBe(each && readable);
      }),
      { numRuns: RUNS },
    );
    lines.expectParsed(0.8);
  });

  it('appending `rm -rf /` to an allowed command is never allowed by `git *`, and denied by `rm *` when readable', () => {
    const lines = parseCounter();
    fc.assert(
      fc.property(gitCommand, operator, (command, op) => {
        const line = `${command} ${op} rm -rf /`;
        expect(allowed(line, 'git *')).toBe(false);
        // Deny sees an unreadable line only as a whole (the pipeline prompts for it anyway).
        if (lines.readable(line)) expect(denied(line, 'rm *')).toBe(true);
      }),
      { numRuns: RUNS },
    );
    lines.expectParsed(0.8);
  });

  it('inserting a substitution anywhere never yields an allow short of the whole tool', () => {
    const substitution = fc
      .tuple(simpleCommand, fc.constantFrom('$(%)', '"$(%)"', '`%`', '"`%`"', '<(%)', 'x$(%)y'))
      .map(([inner, shape]) => shape.replace('%', inner));
    const pattern = fc.oneof(
      fc.constantFrom('git *', '* *', 'git*', '*a*', '* $(*', 'git status'),
      plainWord.map((w) => `${w} *`),
    );
    const lines = parseCounter();
    fc.assert(
      fc.property(
        fc.array(plainWord, { maxLength: 4 }),
        fc.nat(),
        substitution,
        pattern,
        (words, at, sub, rule) => {
          const argv = ['git', ...words];
          argv.splice(1 + (at % argv.length), 0, sub);
          lines.readable(argv.join(' '));
          expect(allowed(argv.join(' '), rule)).toBe(false);
        },
      ),
      { numRuns: RUNS },
    );
    lines.expectParsed(0.8);
  });

  it('a denied command stays denied wherever it is embedded, when the line is readable', () => {
    const context = fc.constantFrom(
      '% && ls',
      'ls; %',
      'ls | %',
      'echo "$(%)"',
      'echo `%`',
      '(%)',
      '{ %; }',
      'if %; then :; fi',
      'f() { %; }',
    );
    const lines = parseCounter();
    fc.assert(
      fc.property(fc.array(plainWord, { maxLength: 3 }), context, (args, shape) => {
        const line = shape.replace('%', ['rm', ...args].join(' '));
        if (lines.readable(line)) expect(denied(line, 'rm *')).toBe(true);
      }),
      { numRuns: RUNS },
    );
    lines.expectParsed(0.8);
  });
});

describe('no command is hidden', () => {
  /** Statements of every kind; each `%` becomes a command named by its own marker. */
  const statement = fc.constantFrom(
    '% a b',
    '% > out',
    'A=1 %',
    'timeout 5 %',
    'echo $(%)',
    'if %; then %; fi',
    'while %; do %; done',
    '{ %; }',
    '(%)',
    'f() { %; }',
    '! %',
    'case k in a) %;; esac',
    'export X=1',
    'local Y',
    'unset Z',
    'declare -a W',
    'B=2',
    '[ -f x ]',
    '(( i++ ))',
  );
  const separator = fc.constantFrom(' && ', ' || ', '; ', ' | ', ' |& ', ' & ', '\n', ' \n', ' &&\n', ' |\n');

  it('every command of a line is a subcommand, or the line is refused', () => {
    const lines = parseCounter();
    fc.assert(
      fc.property(fc.array(fc.tuple(separator, statement), { minLength: 1, maxLength: 6 }), (parts) => {
        let marker = 0;
        const line = parts
          .map(([sep, shape], i) => (i === 0 ? '' : sep) + shape.replace(/%/g, () => `m${marker++}`))
          .join('');
        if (!lines.readable(line)) return;
        const analysis = analyzer.analyze(line);
        const names = new Set(analysis.ok ? analysis.subcommands.map((sub) => sub.argv[0]) : []);
        for (let i = 0; i < marker; i++) expect(names.has(`m${i}`)).toBe(true);
      }),
      { numRuns: RUNS },
    );
    lines.expectParsed(0.8);
  });
});

describe('words', () => {
  it('quoting a word any way Bash allows passes the same argument', () => {
    fc.assert(
      fc.property(
        fc
          .array(anyWord, { minLength: 1, maxLength: 4 })
          .chain((words) => fc.tuple(fc.constant(words), fc.tuple(...words.map(quoted)))),
        ([words, quotedWords]) => {
          const analysis = analyzer.analyze(`echo ${quotedWords.join(' ')}`);
          expect(analysis.ok && analysis.subcommands[0]?.argv).toEqual(['echo', ...words]);
          expect(analysis.ok && analysis.subcommands[0]?.dynamic).toBe(false);
        },
      ),
    );
  });
});

describe('pattern matching agrees with a plain glob matcher', () => {
  /** The reference semantics, written the slow obvious way. */
  function reference(pattern: string, text: string): boolean {
    let content = pattern.trim();
    if (content.endsWith(':*')) content = `${content.slice(0, -2)} *`.trim();
    // Consecutive stars act as one.
    while (content.includes('**')) content = content.replace('**', '*');
    if ([...content].every((ch) => ch === '*')) return true;
    const glob = (p: string, t: string): boolean => {
      if (p === '') return t === '';
      if (p[0] === '*') return glob(p.slice(1), t) || (t !== '' && glob(p, t.slice(1)));
      return t[0] === p[0] && glob(p.slice(1), t.slice(1));
    };
    return glob(content, text) || (content.endsWith(' *') && glob(content.slice(0, -2), text));
  }

  const sub = (text: string): BashSubcommand => ({
    source: text,
    text,
    argv: text.split(' '),
    assignments: [],
    unsafeAssignments: [],
    wrappers: [],
    dynamic: false,
  });

  it('on random patterns and texts', () => {
    const pattern = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '*', ':'), maxLength: 8 });
    const text = fc.string({ unit: fc.constantFrom('a', 'b', ' ', ':'), maxLength: 10 });
    fc.assert(
      fc.property(pattern, text, (p, t) => {
        expect(matchBashPattern(p, sub(t), 'deny')).toBe(reference(p, t));
      }),
      { numRuns: 5_000 },
    );
  });
});
