/**
 * The same rule written twice: same behavior, same text once parsed (`Bash(*)` is `Bash`), and for path
 * rules the same root, since `/src/**` in user settings and in a project are different rules. The first
 * copy in effective order is the one decisions name; the later ones change nothing.
 */
import type { CompiledRule } from '../compile';
import { placeOf, type RuleWarning } from './types';

export function duplicateWarnings(rules: readonly CompiledRule[]): RuleWarning[] {
  const first = new Map<string, CompiledRule>();
  const warnings: RuleWarning[] = [];
  for (const rule of rules) {
    const key = keyOf(rule);
    const earlier = first.get(key);
    if (!earlier) {
      first.set(key, rule);
      continue;
    }
    warnings.push({ kind: 'duplicate', rule: rule.ref, by: earlier.ref, message: sentence(rule, earlier) });
  }
  return warnings;
}

function keyOf(rule: CompiledRule): string {
  const root = rule.content?.kind === 'path' ? rule.content.matcher.root : '';
  return [rule.ref.behavior, rule.ref.text, root].join('\u0000');
}

function sentence(rule: CompiledRule, earlier: CompiledRule): string {
  const { behavior, text } = rule.ref;
  const sameList = rule.ref.source === earlier.ref.source && rule.ref.file === earlier.ref.file;
  if (sameList) {
    const at =
      rule.ref.index === undefined || earlier.ref.index === undefined
        ? ''
        : ` (permissions.${behavior}[${earlier.ref.index}] and [${rule.ref.index}])`;
    return `The ${behavior} rule ${text} appears twice in ${placeOf(rule.ref)}${at}; the first copy applies, so this one can be removed.`;
  }
  return `The ${behavior} rule ${text} in ${placeOf(rule.ref)} repeats the one in ${placeOf(earlier.ref)}, which comes first and applies, so this one can be removed.`;
}
