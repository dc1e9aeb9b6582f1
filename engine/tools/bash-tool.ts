/**
 * The Bash self-check, step 1c (docs/engine.md, Matching, per tool family). The command is parsed by the
 * analyser in engine/bash (a real shell grammar, never regex splitting); rules are matched per subcommand:
 *
 * - a deny or ask rule applies when it matches ANY subcommand;
 * - the call is allowed only when EVERY subcommand is allowed, each by some allow rule or by being
 *   read-only, and never when the line has `$()`, `<()`, backticks or `eval`;
 * - redirect targets are checked as edits (Edit rules, protected paths), and the file arguments of
 *   `rm`, `mv`, `cp`, ... and of `cat`, `head`, ... as edits and reads, so `cat .env` meets `Read(./.env)`;
 * - `rm -rf ~` and friends ask in every mode.
 */
import type { BashAnalysis, BashAnalyzer, BashSubcommand } from '../bash/types';
import { resolvePath } from '../paths/posix';
import type { CompiledRule } from '../rules/compile';
import type { RuleBehavior } from '../types';
import type { DecisionReason } from '../decision';
import { isCriticalRemovalGlob, isCriticalRemovalTarget } from '../safety/critical-removal';
import { outsideResult, pathResult } from './file-tools';
import { paramVerdict, ruleReason, stringField } from './rule-eval';
import { phrase, rulePhrase, sentenceArg, type Phrase, type Phrased } from '../explain/phrases';
import { bashCandidates, lineWords } from './bash-rule-index';
import type { CheckEnv, ToolCall, ToolCheck, ToolResult } from './types';

export type OkBashAnalysis = Extract<BashAnalysis, { ok: true }>;

/** What the engine needs from engine/bash; injected, so the pure pipeline never loads WebAssembly itself. */
export interface BashSupport {
  readonly analyzer: BashAnalyzer;
  /**
   * Compound semantics: deny/ask if any subcommand matches, allow only if every one does and nothing is
   * substituted; an unparseable line meets deny and ask rules on its raw text and no allow rule.
   */
  readonly matchCommand: (analysis: BashAnalysis, pattern: string, behavior: RuleBehavior) => boolean;
  readonly isReadOnlyCommand: (subcommand: BashSubcommand) => boolean;
}

/** acceptEdits allows these in the working folders besides file edits (docs/engine.md, Modes). */
const ACCEPT_EDITS_COMMANDS: ReadonlySet<string> = new Set([
  'mkdir',
  'touch',
  'rm',
  'rmdir',
  'mv',
  'cp',
  'sed',
]);
/** Commands whose operands are files they write. */
const WRITES_OPERANDS: ReadonlySet<string> = new Set([
  'mkdir',
  'touch',
  'rm',
  'rmdir',
  'mv',
  'cp',
  'tee',
  'ln',
  'truncate',
]);
/** Commands whose operands are files they read. */
const READS_OPERANDS: ReadonlySet<string> = new Set([
  'cat',
  'head',
  'tail',
  'less',
  'more',
  'wc',
  'stat',
  'du',
  'ls',
  'diff',
  'file',
  'nl',
  'sort',
  'uniq',
  'cut',
  'strings',
  'xxd',
  'od',
]);
/** Commands whose first operand is a pattern, not a file (unless -e or -f gave it). */
const PATTERN_FIRST: ReadonlySet<string> = new Set(['grep', 'egrep', 'fgrep', 'rg']);

interface PathUse {
  readonly path: string;
  readonly access: 'read' | 'edit';
  /** The redirect, or the subcommand whose operand this is. */
  readonly origin: 'redirect' | BashSubcommand;
  /** For messages: "the redirect to out.txt", "the file .git/config that rm writes". */
  readonly what: Phrase;
}

export function checkBashTool(call: ToolCall, env: CheckEnv, bash: BashSupport | undefined): ToolCheck {
  const command = stringField(call.input, 'command');
  const ask = (said: Phrased): ToolCheck => ({
    result: { behavior: 'ask', reason: { type: 'tool', ...said }, classifierApprovable: false },
    matches: () => false,
  });
  if (command === undefined) return ask(phrase('bash.noCommand'));
  if (!bash) return ask(phrase('bash.noAnalyser'));

  const analysis = bash.analyzer.analyze(command);
  const words = lineWords(analysis.ok ? analysis.subcommands : analysis.command.trim());
  const memo = new Map<RuleBehavior, readonly CompiledRule[]>();
  const candidates = (behavior: RuleBehavior): readonly CompiledRule[] => {
    let found = memo.get(behavior);
    if (!found) memo.set(behavior, (found = bashCandidates(env.rules.contentRules(behavior, 'Bash'), words)));
    return found;
  };
  const matches = (rule: CompiledRule): boolean =>
    paramVerdict(rule, call.input) ??
    (rule.content?.kind === 'bash' &&
      candidates(rule.ref.behavior).includes(rule) &&
      bash.matchCommand(analysis, rule.content.pattern, rule.ref.behavior));
  const first = (behavior: RuleBehavior) => candidates(behavior).find(matches);
  const result = analysis.ok ? decideParsed(env, bash, analysis, first) : decideUnparsed(first, analysis);
  return { result, matches };
}

function decideParsed(
  env: CheckEnv,
  bash: BashSupport,
  analysis: OkBashAnalysis,
  first: (behavior: RuleBehavior) => CompiledRule | undefined,
): ToolResult {
  const uses = pathUses(analysis, env);
  const verdicts = uses.map((use) => ({ use, result: pathResult(env, use.path, use.access, 'Bash') }));

  // Step 1: denies, from Bash rules or from the files the command touches.
  const deny = first('deny');
  if (deny)
    return {
      behavior: 'deny',
      reason: ruleReason(deny, 'bash.ruleMatches', { command: { command: analysis.command } }),
    };
  const deniedPath = verdicts.find((v) => v.result.behavior === 'deny');
  if (deniedPath)
    return {
      behavior: 'deny',
      reason: withWhat(deniedPath.result, deniedPath.use),
    };

  // Step 2: explicit asks, then the safety check.
  const askRule = first('ask');
  if (askRule) {
    return {
      behavior: 'ask',
      reason: ruleReason(askRule, 'bash.ruleMatches', { command: { command: analysis.command } }),
      classifierApprovable: false,
    };
  }
  const askedPath = verdicts.find((v) => v.result.behavior === 'ask' && v.result.reason.type === 'rule');
  if (askedPath && askedPath.result.behavior === 'ask') {
    return {
      ...askedPath.result,
      reason: withWhat(askedPath.result, askedPath.use),
    };
  }
  const critical = criticalRemoval(analysis, env);
  if (critical) {
    return {
      behavior: 'ask',
      reason: {
        type: 'safetyCheck',
        path: critical,
        classifierApprovable: false,
        ...phrase('bash.criticalRemoval', {
          command: { command: analysis.command },
          path: { path: critical },
        }),
      },
      classifierApprovable: false,
    };
  }
  const protectedUse = verdicts.find(
    (v) => v.result.behavior === 'ask' && v.result.reason.type === 'safetyCheck',
  );
  if (protectedUse && protectedUse.result.behavior === 'ask') return protectedUse.result;
  // A path outside the working directories asks even when a Bash allow rule matches the command.
  const outside = verdicts.find(
    (v) => v.result.behavior === 'ask' && v.result.reason.type === 'workingDirectories',
  );
  if (outside) {
    const { use } = outside;
    const path = { path: use.path };
    const subject: Phrase =
      use.origin === 'redirect'
        ? {
            code: use.access === 'edit' ? 'bash.outsideRedirectWrites' : 'bash.outsideRedirectReads',
            params: { path },
          }
        : {
            code: use.access === 'read' ? 'bash.outsideReads' : 'bash.outsideWrites',
            params: { path, program: { text: use.origin.argv[0] ?? '' } },
          };
    return outsideResult(env, use.path, subject);
  }

  // Step 3: allow only when every subcommand is covered and nothing is substituted.
  const clean = !(
    analysis.hasCommandSubstitution ||
    analysis.hasProcessSubstitution ||
    analysis.hasBackticks ||
    analysis.hasEval
  );
  const subs = analysis.subcommands;
  // A read-only command is approved only if what it reads needs no approval either.
  const readsInside = (sub: BashSubcommand): boolean =>
    verdicts.every((v) => v.use.origin !== sub || v.result.behavior === 'allow');
  // An unknown word hides which file a reader opens, so only readers of no file may have one (`echo $HOME`).
  const readOnly = (sub: BashSubcommand): boolean =>
    clean &&
    !analysis.unapprovableByPrefix &&
    !(sub.dynamic && accessOf(sub) !== undefined) &&
    bash.isReadOnlyCommand(sub) &&
    readsInside(sub);
  const writes = verdicts.filter((v) => v.use.access === 'edit');

  if (subs.length > 0) {
    const covering: CompiledRule[] = [];
    const allowRules = env.rules.contentRules('allow', 'Bash');
    const everyCovered = subs.every((sub) => {
      const view: OkBashAnalysis = subs.length === 1 ? analysis : { ...analysis, subcommands: [sub] };
      const rule = bashCandidates(allowRules, lineWords([sub])).find(
        (r) => r.content?.kind === 'bash' && bash.matchCommand(view, r.content.pattern, 'allow'),
      );
      if (rule) {
        if (!covering.includes(rule)) covering.push(rule);
        return true;
      }
      return readOnly(sub);
    });
    // A redirect is a write of its own: the Bash rule that allows `echo` does not allow `> file`.
    const redirectsAllowed = writes.every(
      (v) => v.use.origin !== 'redirect' || v.result.behavior === 'allow',
    );
    if (everyCovered && redirectsAllowed) return allowResult(analysis, covering);
  }

  // acceptEdits: file edits and mkdir/touch/rm/rmdir/mv/cp/sed, all inside the working folders.
  const acceptEdits =
    clean &&
    subs.length > 0 &&
    subs.every((sub) => readOnly(sub) || (!sub.dynamic && ACCEPT_EDITS_COMMANDS.has(sub.argv[0] ?? ''))) &&
    writes.every(
      (v) => v.result.behavior === 'allow' || (v.result.behavior === 'passthrough' && v.result.acceptEdits),
    );
  return {
    behavior: 'passthrough',
    acceptEdits,
    ...phrase('bash.notReadOnly', { command: { command: analysis.command } }),
  };
}

function allowResult(analysis: OkBashAnalysis, covering: readonly CompiledRule[]): ToolResult {
  const [rule, ...others] = covering;
  if (!rule) {
    return {
      behavior: 'allow',
      reason: { type: 'tool', ...phrase('bash.readOnly', { command: { command: analysis.command } }) },
    };
  }
  const command = { command: analysis.command };
  const said =
    others.length === 0
      ? phrase('bash.ruleAllows', { rule: { phrase: rulePhrase(rule.ref) }, command })
      : phrase('bash.everyPartAllowed', {
          command,
          rules: { literal: covering.map((r) => r.ref.text).join(', ') },
        });
  return {
    behavior: 'allow',
    reason: { type: 'rule', rule: rule.ref, ...said, otherRules: others.map((r) => r.ref) },
  };
}

/** A command the analyser could not parse (or too long) always asks; only deny and ask rules meet its raw text. */
function decideUnparsed(
  first: (behavior: RuleBehavior) => CompiledRule | undefined,
  problem: { readonly message: string; readonly phrase?: Phrase },
): ToolResult {
  const deny = first('deny');
  if (deny)
    return {
      behavior: 'deny',
      reason: ruleReason(deny, 'bash.ruleMatchesUnparsed'),
    };
  const askRule = first('ask');
  if (askRule) {
    return {
      behavior: 'ask',
      reason: ruleReason(askRule, 'bash.ruleMatchesUnparsed'),
      classifierApprovable: false,
    };
  }
  return {
    behavior: 'ask',
    reason: { type: 'tool', ...phrase('bash.unparsed', { problem: sentenceArg(problem) }) },
    classifierApprovable: false,
  };
}

/** The files a command line touches, as far as its literal words tell. */
function pathUses(analysis: OkBashAnalysis, env: CheckEnv): PathUse[] {
  const { cwd, home } = env.context;
  const uses: PathUse[] = [];
  for (const redirect of analysis.redirects) {
    // Only a write or `<` opens a file: `2>&1` and `> /dev/null` need no path.
    if (!(redirect.isWrite || redirect.operator === '<') || isUnknown(redirect.target)) continue;
    const path = resolvePath(cwd, redirect.target, home);
    if (redirect.isWrite)
      uses.push({
        path,
        access: 'edit',
        origin: 'redirect',
        what: { code: 'bash.redirectTo', params: { target: { literal: redirect.target } } },
      });
    else
      uses.push({
        path,
        access: 'read',
        origin: 'redirect',
        what: { code: 'bash.redirectFrom', params: { target: { literal: redirect.target } } },
      });
  }
  for (const sub of analysis.subcommands) {
    const name = sub.argv[0] ?? '';
    const access = accessOf(sub);
    if (!access) continue;
    for (const operand of operandsOf(sub)) {
      if (isUnknown(operand)) continue;
      uses.push({
        path: resolvePath(cwd, operand, home),
        access,
        origin: sub,
        what: {
          code: access === 'read' ? 'bash.operandReads' : 'bash.operandWrites',
          params: { operand: { literal: operand }, program: { text: name } },
        },
      });
    }
  }
  return uses;
}

function accessOf(sub: BashSubcommand): 'read' | 'edit' | undefined {
  const name = sub.argv[0] ?? '';
  if (WRITES_OPERANDS.has(name)) return 'edit';
  if (name === 'sed')
    return sub.argv.some((a) => a === '-i' || a.startsWith('-i') || a === '--in-place') ? 'edit' : 'read';
  if (READS_OPERANDS.has(name) || PATTERN_FIRST.has(name) || name === 'find') return 'read';
  return undefined;
}

/** Operands: words after the command name that are not options (everything after `--`). */
function operandsOf(sub: BashSubcommand): string[] {
  const name = sub.argv[0] ?? '';
  // find's starting points come before its expression; the expression's words are not files.
  if (name === 'find') {
    const end = sub.argv.findIndex((w, i) => i > 0 && /^[-(!]/.test(w));
    return sub.argv.slice(1, end === -1 ? undefined : end);
  }
  const operands: string[] = [];
  let patternGiven = false;
  let optionsDone = false;
  for (const word of sub.argv.slice(1)) {
    if (!optionsDone && word === '--') optionsDone = true;
    else if (!optionsDone && word.startsWith('-') && word !== '-') {
      if (/^-[ef]$|^--(regexp|file|expression)/.test(word)) patternGiven = true;
    } else operands.push(word);
  }
  // sed's first operand is its script and grep's its pattern, unless -e/-f supplied them.
  const skipFirst = (PATTERN_FIRST.has(name) || name === 'sed') && !patternGiven;
  return skipFirst ? operands.slice(1) : operands;
}

function isUnknown(word: string): boolean {
  return word === '' || word === '-' || /[$`*?[]/.test(word) || word.startsWith('/dev/');
}

function criticalRemoval(analysis: OkBashAnalysis, env: CheckEnv): string | undefined {
  for (const sub of analysis.subcommands) {
    const name = sub.argv[0];
    if (name !== 'rm' && name !== 'rmdir') continue;
    for (const operand of operandsOf(sub)) {
      if (isCriticalRemovalGlob(operand)) return operand;
      if (isUnknown(operand)) continue;
      const path = resolvePath(env.context.cwd, operand, env.context.home);
      if (isCriticalRemovalTarget(path, env.context.home)) return path;
    }
  }
  return undefined;
}

/** A file's verdict, said of the word in the command that names it: "The redirect to .env: …". */
function withWhat(result: ToolResult, use: PathUse): DecisionReason {
  const said = phrase('bash.pathVerdict', {
    what: { phrase: use.what },
    why: sentenceArg(result.behavior === 'passthrough' ? result : result.reason),
  });
  if (result.behavior === 'passthrough') return { type: 'tool', ...said };
  return { ...result.reason, ...said };
}
