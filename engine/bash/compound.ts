/**
 * Rules against a whole command line (step 1c; docs/engine.md, Matching, per tool family): a deny or ask rule
 * matches when any subcommand does, because one bad part is enough; an allow rule approves only when every
 * subcommand is covered, and never a line whose effect the parts do not show (substitution, backticks,
 * `eval`, an unparseable or over-long line, or a construct such as `watch` or `find -exec` that runs other
 * commands). The whole-tool pattern (`*` or empty, Claude Code's `Bash(*)` = `Bash`) is the exception: it is
 * the bare tool rule and matches every call, whatever its shape.
 */
import type { RuleBehavior } from '../types';
import { isWholeToolPattern, matchBashPattern, matchBashPatternText } from './match';
import { isReadOnlyCommand } from './read-only';
import type { BashAnalysis, BashSubcommand } from './types';

type OkAnalysis = Extract<BashAnalysis, { ok: true }>;

/** Whether any allow rule short of the whole tool could approve this line. */
export function isApprovableByPrefix(analysis: BashAnalysis): analysis is OkAnalysis {
  return (
    analysis.ok &&
    analysis.subcommands.length > 0 &&
    !analysis.hasCommandSubstitution &&
    !analysis.hasProcessSubstitution &&
    !analysis.hasBackticks &&
    !analysis.hasEval &&
    !analysis.unapprovableByPrefix
  );
}

export function matchCommand(analysis: BashAnalysis, pattern: string, behavior: RuleBehavior): boolean {
  if (isWholeToolPattern(pattern)) return true;
  if (behavior === 'allow') {
    return (
      isApprovableByPrefix(analysis) &&
      analysis.subcommands.every((sub) => matchBashPattern(pattern, sub, 'allow'))
    );
  }
  // A line we cannot split still meets deny and ask rules as written, so a broken quote cannot hide `rm -rf`.
  if (!analysis.ok) return matchBashPatternText(pattern, analysis.command.trim());
  return analysis.subcommands.some((sub) => matchBashPattern(pattern, sub, behavior));
}

export type AllowCoverage<R> =
  | {
      readonly approved: true;
      /** For each subcommand, in order, the rule that approves it, or 'read-only' for the fixed read-only set. */
      readonly by: readonly (R | 'read-only')[];
    }
  | {
      readonly approved: false;
      /** The subcommands no rule approves; all of them when the line cannot be approved by prefix rules. */
      readonly uncovered: readonly BashSubcommand[];
    };

/**
 * Several allow rules together, the way "Don't ask again" saves them: each subcommand needs one rule of its
 * own (or the read-only set), so `npm install && npm test` is approved by `npm install *` plus `npm test *`
 * though neither covers both. `contentOf` gives a rule's Bash content, undefined for the bare tool.
 */
export function coverWithAllowRules<R>(
  analysis: BashAnalysis,
  rules: readonly R[],
  contentOf: (rule: R) => string | undefined,
): AllowCoverage<R> {
  const subcommands = analysis.ok ? analysis.subcommands : [];
  const wholeTool = rules.find((rule) => isWholeToolPattern(contentOf(rule) ?? ''));
  if (wholeTool !== undefined) return { approved: true, by: subcommands.map(() => wholeTool) };
  if (!isApprovableByPrefix(analysis)) return { approved: false, uncovered: subcommands };

  const by: (R | 'read-only')[] = [];
  const uncovered: BashSubcommand[] = [];
  for (const sub of subcommands) {
    const rule = isReadOnlyCommand(sub)
      ? 'read-only'
      : rules.find((r) => matchBashPattern(contentOf(r) ?? '', sub, 'allow'));
    if (rule === undefined) uncovered.push(sub);
    else by.push(rule);
  }
  return uncovered.length === 0 ? { approved: true, by } : { approved: false, uncovered };
}
