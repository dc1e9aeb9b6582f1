/** Helpers every tool family uses to walk its content rules. */
import type { CompiledRule } from '../rules/compile';
import type { DecisionReason } from '../decision';
import type { RuleBehavior } from '../types';
import type { CheckEnv, ToolCall } from './types';
import { phrase, rulePhrase, type Phrase, type PhraseCode } from '../explain/phrases';

/**
 * A `Tool(param:value)` rule's verdict, or undefined when the call has no such top-level scalar, in which
 * case the content is read the family's way (so `Bash(git:*)` stays the legacy prefix form).
 */
export function paramVerdict(rule: CompiledRule, input: ToolCall['input']): boolean | undefined {
  if (!rule.param || !Object.hasOwn(input, rule.param.key)) return undefined;
  const value = input[rule.param.key];
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return undefined;
  return rule.param.regex.test(String(value));
}

/** The first content rule of `behavior` for `ruleToolName` that `matches`, in effective order. */
export function firstMatching(
  env: CheckEnv,
  behavior: RuleBehavior,
  ruleToolName: string,
  matches: (rule: CompiledRule) => boolean,
): CompiledRule | undefined {
  for (const rule of env.rules.contentRules(behavior, ruleToolName)) if (matches(rule)) return rule;
  return undefined;
}

/** The rule decided: the sentence `code` says, with the rule (and where it lives) as its `rule`. */
export function ruleReason(
  rule: CompiledRule,
  code: PhraseCode,
  params: Phrase['params'] = {},
): DecisionReason {
  return {
    type: 'rule',
    rule: rule.ref,
    ...phrase(code, { rule: { phrase: rulePhrase(rule.ref) }, ...params }),
  };
}

export function stringField(input: ToolCall['input'], key: string): string | undefined {
  const value = input[key];
  return typeof value === 'string' ? value : undefined;
}
