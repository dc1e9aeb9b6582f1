/** Rules that decided none of the calls history remembers, each tried alone (../rule-alone.ts). */
import type { BashSupport } from '../../tools/bash-tool';
import type { ToolCall } from '../../tools/types';
import type { ToolPermissionContext } from '../../context/context';
import type { CompiledRule } from '../../rules/compile';
import { ruleAlone } from '../rule-alone';
import type { RuleWarning } from './types';
import { phrase, rulePhrase } from '../../explain/phrases';

/** Content rules that Bash calls consult: Bash's own, and Read/Edit rules through a command's files. */
const PARSER_NEEDED: ReadonlySet<string> = new Set(['Bash', 'Read', 'Edit']);

export function neverMatchedWarnings(
  context: ToolPermissionContext,
  rules: readonly CompiledRule[],
  history: readonly ToolCall[],
  bash: BashSupport | undefined,
): RuleWarning[] {
  if (history.length === 0) return [];
  const warnings: RuleWarning[] = [];
  for (const rule of rules) {
    // A rule that already carries a load warning is known never to apply; without the parser, a rule that
    // Bash calls consult cannot be judged against them.
    if (rule.warning !== undefined) continue;
    if (!bash && rule.content !== undefined && PARSER_NEEDED.has(rule.rule.ruleValue.toolName)) continue;
    const decides = ruleAlone(rule.rule, {
      cwd: context.cwd,
      home: context.home,
      additionalDirectories: context.additionalWorkingDirectories.map((d) => d.path),
      bash,
    });
    if (history.some(decides)) continue;
    warnings.push({
      kind: 'never-matched',
      rule: rule.ref,
      ...phrase(history.length === 1 ? 'warning.neverMatchedOne' : 'warning.neverMatched', {
        rule: { phrase: rulePhrase(rule.ref) },
        count: { count: history.length },
      }),
    });
  }
  return warnings;
}
