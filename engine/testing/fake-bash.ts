/**
 * A tiny stand-in for engine/bash, for tests of the pipeline that must not depend on the real parser's
 * details: it splits on whitespace and the compound operators, which is exactly what production code must
 * never do, so it lives here and nowhere else. The real analyser runs the same tables in bash-tool.test.ts.
 */
import { READ_ONLY_COMMANDS } from '../bash/read-only';
import type { BashAnalysis, BashRedirect, BashSubcommand } from '../bash/types';
import type { BashSupport } from '../tools/bash-tool';
import type { RuleBehavior } from '../types';

const READ_ONLY = READ_ONLY_COMMANDS;
const WRAPPERS = new Set(['timeout', 'time', 'nice', 'nohup', 'command', 'builtin']);

function analyze(command: string): BashAnalysis {
  if (command.length > 10_000)
    return { ok: false, command, reason: 'too-long', message: 'The command is over 10,000 characters.' };
  if ((command.split("'").length - 1) % 2 === 1)
    return { ok: false, command, reason: 'unparseable', message: 'The command cannot be parsed.' };
  const subcommands: BashSubcommand[] = [];
  const redirects: BashRedirect[] = [];
  const inner = [...command.matchAll(/\$\(([^)]*)\)/g)].map((m) => m[1]!);
  const outer = command.replace(/\$\(([^)]*)\)/g, 'SUBST');
  for (const part of [...outer.split(/&&|\|\||;|\||&|\n/), ...inner]) {
    const words = part
      .trim()
      .split(/\s+/)
      .filter((w) => w !== '');
    const argv: string[] = [];
    const wrappers: string[] = [];
    const assignments: string[] = [];
    for (let i = 0; i < words.length; i++) {
      const word = words[i]!;
      const op = /^(\d?>>?|&>|<)(.*)$/.exec(word);
      if (op) {
        const target = op[2] || words[++i] || '';
        redirects.push({ operator: op[1]!, target, isWrite: op[1] !== '<' && target !== '/dev/null' });
      } else if (argv.length === 0 && /^[A-Z_]+=/.test(word)) assignments.push(word);
      else if (argv.length === 0 && WRAPPERS.has(word)) wrappers.push(word);
      else argv.push(word.replace(/^['"]|['"]$/g, ''));
    }
    if (argv.length === 0) continue;
    subcommands.push({
      source: part.trim(),
      text: argv.join(' '),
      argv,
      assignments,
      unsafeAssignments: [],
      wrappers,
      dynamic: argv.some((a) => a.includes('$')),
    });
  }
  return {
    ok: true,
    command,
    subcommands,
    redirects,
    hasCommandSubstitution: inner.length > 0,
    hasProcessSubstitution: /[<>]\(/.test(command),
    hasBackticks: command.includes('`'),
    hasEval: subcommands.some((s) => s.argv[0] === 'eval'),
    unapprovableByPrefix: subcommands.some((s) =>
      ['watch', 'setsid', 'ionice', 'flock'].includes(s.argv[0]!),
    ),
  };
}

function matchBashPattern(pattern: string, sub: BashSubcommand, _behavior: RuleBehavior): boolean {
  const text = sub.text;
  if (pattern.endsWith(':*')) {
    const prefix = pattern.slice(0, -2);
    return text === prefix || text.startsWith(`${prefix} `);
  }
  const escaped = pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  let body = escaped.join('.*');
  if (pattern.endsWith(' *')) body = `${escaped.slice(0, -1).join('.*').slice(0, -1)}(?: .*)?`;
  return new RegExp(`^${body}$`, 's').test(text);
}

function matchCommand(analysis: BashAnalysis, pattern: string, behavior: RuleBehavior): boolean {
  if (!analysis.ok) {
    const whole = analysis.command.trim();
    const sub = {
      source: whole,
      text: whole,
      argv: [whole],
      assignments: [],
      unsafeAssignments: [],
      wrappers: [],
      dynamic: true,
    };
    return behavior !== 'allow' && matchBashPattern(pattern, sub, behavior);
  }
  if (behavior !== 'allow') return analysis.subcommands.some((s) => matchBashPattern(pattern, s, behavior));
  if (
    analysis.hasCommandSubstitution ||
    analysis.hasProcessSubstitution ||
    analysis.hasBackticks ||
    analysis.hasEval
  )
    return false;
  return (
    analysis.subcommands.length > 0 &&
    analysis.subcommands.every((s) => matchBashPattern(pattern, s, behavior))
  );
}

export const fakeBash: BashSupport = {
  analyzer: { analyze },
  matchCommand,
  isReadOnlyCommand: (sub) =>
    READ_ONLY.has(sub.argv[0] ?? '') ||
    (sub.argv[0] === 'git' && ['status', 'log', 'diff'].includes(sub.argv[1] ?? '')),
};
