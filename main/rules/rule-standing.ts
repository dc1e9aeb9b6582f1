/**
 * Would this rule decide this request? Asked before a person makes a grant or an always-allow rule: the
 * engine runs on the request with the rule added where it would live, in the context the card's
 * explanation was computed in. A rule that would not decide it says why (the ask or deny rule and file
 * that win first, the protected path, the subcommands it leaves out), and the card offers what would work.
 * The warnings are the rule editor's own (analyzeRules), so the card and the Rules view say the same.
 */
import type { RulePlacement, RuleStanding } from '../../common/queue-contract';
import {
  analyzeRules,
  decide,
  formatRule,
  parseRule,
  PermissionContextError,
  placeOf,
  withRules,
  withWorkingDirectory,
} from '../../engine';
import type { BashSupport, Decision, Phrase, ToolPermissionContext } from '../../engine';
import { dirname } from 'node:path';
import { refView } from './rule-ref-view';

export interface StandingQuestion {
  readonly context: ToolPermissionContext;
  readonly call: { readonly toolName: string; readonly input: Record<string, unknown> };
  readonly rule: string;
  readonly placement: RulePlacement;
  /** Rules to try instead when this one cannot decide the request (the card's suggestions). */
  readonly candidates: readonly string[];
  readonly bash: BashSupport;
}

type Judged =
  | { readonly kind: 'wins'; readonly context: ToolPermissionContext }
  | { readonly kind: 'loses'; readonly decision: Decision; readonly context: ToolPermissionContext }
  | { readonly kind: 'refused'; readonly detail: string; readonly detailPhrase: Phrase };

/**
 * A rule decides a call when the call is allowed with it and not without it. A compound Bash command is
 * allowed by the rules of all its subcommands together, and the decision names only one of them, so
 * "this rule is the one named" would miss the grant that covers the one part still asked about.
 */
export function judgeRule(
  context: ToolPermissionContext,
  call: StandingQuestion['call'],
  rule: string,
  placement: RulePlacement,
  bash: BashSupport,
): Judged {
  let withRule;
  try {
    withRule = withRules(context, placement, 'allow', [rule]);
  } catch (error) {
    if (error instanceof PermissionContextError)
      return { kind: 'refused', detail: error.message, detailPhrase: error.phrase };
    throw error;
  }
  const decision = decide(withRule, call, { bash });
  if (decision.behavior !== 'allow' || decide(context, call, { bash }).behavior === 'allow')
    return { kind: 'loses', decision, context: withRule };
  return { kind: 'wins', context: withRule };
}

const judge = (question: StandingQuestion, rule: string) =>
  judgeRule(question.context, question.call, rule, question.placement, question.bash);

/** The subcommands of a Bash call that the context does not allow, each judged alone. */
function uncoveredSubcommands(question: StandingQuestion, context: ToolPermissionContext): string[] {
  const { call, bash } = question;
  if (call.toolName !== 'Bash' || typeof call.input.command !== 'string') return [];
  const analysis = bash.analyzer.analyze(call.input.command);
  if (!analysis.ok || analysis.subcommands.length < 2) return [];
  return analysis.subcommands
    .map((sub) => sub.source)
    .filter(
      (source) =>
        decide(context, { toolName: 'Bash', input: { command: source } }, { bash }).behavior !== 'allow',
    );
}

/** The rule editor's warnings about the added rule: the last one of its behavior in its placement. */
function warningsFor(question: StandingQuestion, context: ToolPermissionContext, text: string) {
  const index = context.alwaysAllowRules[question.placement].length - 1;
  return analyzeRules(context)
    .filter(
      (w) =>
        w.rule.source === question.placement &&
        w.rule.behavior === 'allow' &&
        w.rule.text === text &&
        (w.rule.index === undefined || w.rule.index === index),
    )
    .map((w) => ({ kind: w.kind, message: w.message, phrase: w.phrase }));
}

export function ruleStanding(question: StandingQuestion): RuleStanding {
  const parsed = parseRule(question.rule);
  if (!parsed.ok) {
    const { error, errorPhrase } = parsed;
    return {
      wins: false,
      why: 'invalid',
      detail: error,
      detailPhrase: errorPhrase,
      instead: [],
      warnings: [],
    };
  }
  const judged = judge(question, question.rule);
  if (judged.kind === 'refused')
    return {
      wins: false,
      why: 'refused',
      detail: judged.detail,
      detailPhrase: judged.detailPhrase,
      instead: [],
      warnings: [],
    };
  const warnings = warningsFor(question, judged.context, formatRule(parsed.value));
  if (judged.kind === 'wins') return { wins: true, warnings };

  const { decision } = judged;
  const { reason } = decision;
  if (decision.behavior === 'allow' && reason.type === 'rule')
    return { wins: false, why: 'already-allowed', by: refView(reason.rule), instead: [], warnings };
  // An ask or deny rule, or a protected path, is consulted before any allow rule: no other rule can help.
  if (reason.type === 'rule' && reason.rule.behavior !== 'allow')
    return { wins: false, why: 'outranked', by: refView(reason.rule), instead: [], warnings };
  if (reason.type === 'safetyCheck')
    return { wins: false, why: 'protected', detail: reason.path, instead: [], warnings };
  // The working-directory check comes before any allow rule: the rule may match and still not answer.
  if (reason.type === 'workingDirectories') {
    const folder = dirname(reason.path);
    const inside = { ...question, context: withWorkingDirectory(question.context, folder) };
    if (judge(inside, question.rule).kind === 'wins')
      return { wins: false, why: 'outside', detail: reason.path, folder, instead: [], warnings };
  }
  const instead = question.candidates.filter(
    (candidate) => candidate !== question.rule && judge(question, candidate).kind === 'wins',
  );
  const uncovered = uncoveredSubcommands(question, judged.context);
  return {
    wins: false,
    why: 'no-match',
    ...(uncovered.length ? { uncovered } : {}),
    instead,
    warnings,
  };
}

/** One sentence for a rule that cannot decide its request, for a caller that shows no card (a refusal). */
export function standingSentence(rule: string, standing: Exclude<RuleStanding, { wins: true }>): string {
  const instead = standing.instead.length ? ` ${standing.instead.join(' or ')} would.` : '';
  switch (standing.why) {
    case 'invalid':
    case 'refused':
      return `${rule} cannot be used here: ${standing.detail ?? ''}`;
    case 'already-allowed':
      return `${rule} is not needed: ${standing.by?.text} from ${placeOf(standing.by!)} already allows this request.`;
    case 'outranked':
      return (
        `${rule} would not answer this request: the ${standing.by?.behavior} rule ${standing.by?.text} from ` +
        `${placeOf(standing.by!)} is consulted before any allow rule. Allow once, or change that rule.`
      );
    case 'protected':
      return `${rule} would not answer this request: ${standing.detail ?? 'its path'} is protected, and only a person's answer allows it.`;
    case 'outside':
      return `${rule} matches this request but cannot answer it: ${standing.detail ?? 'its path'} is outside the session's working directories. Add ${standing.folder ?? 'its folder'} to them first (/add-dir, or additionalDirectories in the settings).`;
    case 'no-match':
      return standing.uncovered?.length
        ? `${rule} would not answer this request: it does not cover ${standing.uncovered.join(', ')}.${instead}`
        : `${rule} does not match this request.${instead}`;
  }
}
