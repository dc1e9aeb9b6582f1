/**
 * Warnings about a context's rules for the rule editor: rules that can never apply because
 * another wins first, duplicates, dangerously broad allows, and rules that matched nothing in history.
 * Pure: it reads the context's compiled rules and, for history, runs decide(); it never touches a file.
 */
import type { ToolPermissionContext } from '../../context/context';
import type { BashSupport } from '../../tools/bash-tool';
import type { ToolCall } from '../../tools/types';
import { ruleIndexOf } from '../../rules/rule-index';
import { broadAllowWarnings } from './broad-allow';
import { duplicateWarnings } from './duplicates';
import { neverMatchedWarnings } from './never-matched';
import { shadowedWarnings } from './shadowed';
import { ruleWarningKinds, type RuleWarning } from './types';

export { ruleWarningKinds, type RuleWarning, type RuleWarningKind } from './types';

export interface AnalyzeOptions {
  /** Past calls; without them (or with none) no rule is reported as never matched. */
  readonly history?: readonly ToolCall[];
  /** The Bash parser; without it, rules that Bash calls consult are not judged against history. */
  readonly bash?: BashSupport;
}

/** Every warning, in the rules' effective order, then by kind. */
export function analyzeRules(context: ToolPermissionContext, options: AnalyzeOptions = {}): RuleWarning[] {
  const rules = ruleIndexOf(context).rules;
  const warnings = [
    ...shadowedWarnings(rules),
    ...duplicateWarnings(rules),
    ...broadAllowWarnings(rules),
    ...(options.history ? neverMatchedWarnings(context, rules, options.history, options.bash) : []),
  ];
  const order = new Map(rules.map((r) => [r.ref, r.order]));
  return warnings.sort(
    (a, b) =>
      (order.get(a.rule) ?? 0) - (order.get(b.rule) ?? 0) ||
      ruleWarningKinds.indexOf(a.kind) - ruleWarningKinds.indexOf(b.kind),
  );
}
