/**
 * The same rule written twice: same behavior, same text once parsed (`Bash(*)` is `Bash`), and for path
 * rules the same root, since `/src/**` in user settings and in a project are different rules. The first
 * copy in effective order is the one decisions name; the later ones change nothing.
 */
import type { CompiledRule } from '../../rules/compile';
import type { RuleWarning } from './types';
import { behaviorPhrase, phrase, placePhrase, type Phrased } from '../../explain/phrases';

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
    warnings.push({ kind: 'duplicate', rule: rule.ref, by: earlier.ref, ...sentence(rule, earlier) });
  }
  return warnings;
}

function keyOf(rule: CompiledRule): string {
  const root = rule.content?.kind === 'path' ? rule.content.matcher.root : '';
  return [rule.ref.behavior, rule.ref.text, root].join('\u0000');
}

function sentence(rule: CompiledRule, earlier: CompiledRule): Phrased {
  const { behavior, text } = rule.ref;
  const named = {
    behavior: { phrase: behaviorPhrase(behavior) },
    rule: { literal: text },
    place: { phrase: placePhrase(rule.ref) },
  };
  const sameList = rule.ref.source === earlier.ref.source && rule.ref.file === earlier.ref.file;
  if (!sameList)
    return phrase('warning.duplicateElsewhere', {
      ...named,
      earlierPlace: { phrase: placePhrase(earlier.ref) },
    });
  if (rule.ref.index === undefined || earlier.ref.index === undefined)
    return phrase('warning.duplicate', named);
  return phrase('warning.duplicateAt', {
    ...named,
    first: { literal: `permissions.${behavior}[${earlier.ref.index}]` },
    second: { literal: `[${rule.ref.index}]` },
  });
}
