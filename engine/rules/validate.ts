/**
 * One rule as the rule editor types it: the same syntax and content checks a settings file gets at load
 * time, and the warning `gatehouse rules` would show, without building a context.
 */
import type { RuleBehavior, RuleValue } from '../types';
import { compileRule } from './compile';
import { parseRule } from './syntax';

export type RuleCheck =
  | { readonly ok: true; readonly value: RuleValue; readonly warning?: string }
  | { readonly ok: false; readonly error: string };

export function checkRule(text: string, behavior: RuleBehavior): RuleCheck {
  const parsed = parseRule(text);
  if (!parsed.ok) return parsed;
  // Anchors only place `/path` patterns; they cannot make a rule valid or invalid.
  const compiled = compileRule(
    { source: 'session', ruleBehavior: behavior, ruleValue: parsed.value, origin: { anchorDir: '/' } },
    0,
    { cwd: '/', home: '/' },
  );
  if (!compiled.ok)
    return { ok: false, error: `${compiled.error.charAt(0).toUpperCase()}${compiled.error.slice(1)}.` };
  return compiled.rule.warning === undefined
    ? { ok: true, value: parsed.value }
    : { ok: true, value: parsed.value, warning: compiled.rule.warning };
}
