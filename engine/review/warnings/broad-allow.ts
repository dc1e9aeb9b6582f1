/**
 * Allows that hand over far more than they read as: every command, every edit, every URL, an interpreter
 * or runner with any arguments (which is again every command: `python -c …`, `npx anything`), a shell or
 * interpreter alone (it runs whatever is piped into it: `curl … | sh`), or a downloader with any arguments.
 */
import type { CompiledRule } from '../../rules/compile';
import { bashPatternGlobs, bashPatternMatchesEverything, globsContain, type Glob } from './wildcard';
import type { RuleWarning } from './types';
import { phrase, rulePhrase, type Phrase, type PhraseCode } from '../../explain/phrases';
import { DOWNLOADERS, READS_PROGRAM_FROM_INPUT, READS_PROGRAM_FROM_INPUT_SET } from '../../bash/programs';

const WHOLE_TOOLS = {
  Bash: 'broad.everyCommand',
  Edit: 'broad.everyEdit',
  MultiEdit: 'broad.everyEdit',
  Write: 'broad.everyWrite',
  NotebookEdit: 'broad.everyNotebook',
  WebFetch: 'broad.everyUrl',
} as const satisfies Record<string, PhraseCode>;
// A Map, so a rule for a tool named `__proto__` or `constructor` finds nothing rather than Object's own keys.
const WHOLE_TOOL_BY_NAME: ReadonlyMap<string, PhraseCode> = new Map(Object.entries(WHOLE_TOOLS));

/** Commands that run whatever their arguments say; a longer form comes after the word it starts with. */
const RUNNERS = [
  ...READS_PROGRAM_FROM_INPUT,
  'eval',
  'exec',
  'sudo',
  'doas',
  'su',
  'env',
  'xargs',
  'npx',
  'bunx',
  'uvx',
  'pnpm dlx',
  'yarn dlx',
  'npm exec',
  'uv run',
  'docker exec',
  'docker run',
  'kubectl exec',
  'ssh',
  'bash -c',
  'sh -c',
  'python -c',
  'python3 -c',
  'node -e',
  'perl -e',
  'ruby -e',
] as const;

/** Each command "with any arguments", read once: every Bash allow rule is held against all of them. */
const withAnyArguments = (commands: readonly string[]) =>
  commands.map((command) => ({ command, globs: bashPatternGlobs(`${command} *`) }));
const RUNNERS_WITH_ANY_ARGUMENTS = withAnyArguments(RUNNERS);
const DOWNLOADERS_WITH_ANY_ARGUMENTS = withAnyArguments(DOWNLOADERS);

/**
 * Whether a command (or a Bash rule's pattern) starts with a runner, shell, interpreter or downloader, past
 * any leading `NAME=value` assignments: even its exact form runs or fetches what its arguments say.
 */
export function startsWithRunner(command: string): boolean {
  const words = command.trim().split(/\s+/);
  while (words.length > 1 && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0]!)) words.shift();
  return [...RUNNERS, ...DOWNLOADERS].some((runner) =>
    runner.split(' ').every((word, i) => words[i] === word),
  );
}

export function broadAllowWarnings(rules: readonly CompiledRule[]): RuleWarning[] {
  const warnings: RuleWarning[] = [];
  for (const rule of rules) {
    if (rule.ref.behavior !== 'allow') continue;
    const what = broadAllowPhrase(rule);
    if (what === undefined) continue;
    warnings.push({
      kind: 'broad-allow',
      rule: rule.ref,
      ...phrase('warning.broadAllow', { rule: { phrase: rulePhrase(rule.ref) }, what: { phrase: what } }),
    });
  }
  return warnings;
}

/** What an allow of this rule would hand over without asking, when that is far more than it reads as. */
export function broadAllowPhrase(rule: CompiledRule): Phrase | undefined {
  const whole = (code: PhraseCode | undefined): Phrase | undefined =>
    code === undefined ? undefined : { code, params: {} };
  if (rule.skipped !== undefined || rule.name.kind !== 'exact') return undefined;
  const tool = rule.name.name;
  const content = rule.content;
  if (content === undefined) return whole(WHOLE_TOOL_BY_NAME.get(tool));
  if (content.kind === 'bash') {
    if (bashPatternMatchesEverything(content.pattern)) return whole(WHOLE_TOOLS.Bash);
    const globs = bashPatternGlobs(content.pattern);
    const within = ({ globs: inner }: { globs: readonly Glob[] }) => globsContain(inner, globs);
    const runner = RUNNERS_WITH_ANY_ARGUMENTS.find(within)?.command;
    if (runner !== undefined) return { code: 'broad.runner', params: { command: { command: runner } } };
    const bare = content.pattern.trim();
    if (READS_PROGRAM_FROM_INPUT_SET.has(bare))
      return { code: 'broad.readsInput', params: { command: { command: bare } } };
    const downloader = DOWNLOADERS_WITH_ANY_ARGUMENTS.find(within)?.command;
    if (downloader !== undefined)
      return { code: 'broad.downloader', params: { command: { command: downloader } } };
    return undefined;
  }
  // `Edit(//**)` is every file on the disk and `WebFetch(domain:*)` every host: the whole tool in all but name.
  if (
    content.kind === 'path' &&
    tool === 'Edit' &&
    content.matcher.root === '/' &&
    content.matcher.pattern === '/**'
  )
    return whole(WHOLE_TOOLS.Edit);
  if (content.kind === 'domain' && rule.rule.ruleValue.ruleContent === 'domain:*')
    return whole(WHOLE_TOOLS.WebFetch);
  return undefined;
}
