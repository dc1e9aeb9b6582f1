/**
 * Does a rule match its examples? Each example is a tool call for the rule's tool, and the rule is tried
 * alone on it (the engine's `ruleAlone`), so the answer is the one the rule gives when it is enforced.
 */
import type { ExampleVerdict, RuleExamples } from '../../../common/rules-contract';
import { refusal, withPhrase } from '../../../common/refusals';
import { toolInputFromText } from '../../../common/tool-call-text';
import { parseRule, ruleAlone } from '../../../engine';
import type { BashSupport, FileSource, RuleBehavior } from '../../../engine';

export interface ExampleRule {
  readonly rule: string;
  readonly behavior: RuleBehavior;
  readonly source: FileSource;
  readonly file: string;
  readonly anchorDir: string;
}

export interface ExampleSetting {
  readonly cwd: string;
  readonly home: string;
  readonly bash: BashSupport;
}

export function evaluateExamples(
  target: ExampleRule,
  examples: RuleExamples,
  setting: ExampleSetting,
): ExampleVerdict[] {
  const parsed = parseRule(target.rule);
  const all = [
    ...examples.match.map((text) => ({ text, expected: 'match' as const })),
    ...examples.noMatch.map((text) => ({ text, expected: 'noMatch' as const })),
  ].filter((example) => example.text.trim() !== '');
  if (!parsed.ok) {
    const error = withPhrase(
      refusal('bad-rule', parsed.error, { rule: target.rule, detail: parsed.error }),
      'detail',
      parsed.errorPhrase,
    );
    return all.map((example) => ({ ...example, passed: false, error }));
  }
  const decides = ruleAlone(
    {
      source: target.source,
      ruleBehavior: target.behavior,
      ruleValue: parsed.value,
      origin: { file: target.file, anchorDir: target.anchorDir },
    },
    setting,
  );
  const tool = parsed.value.toolName;
  return all.map((example) => {
    const input = toolInputFromText(tool, example.text);
    if (!input.ok) return { ...example, passed: false, error: input.error };
    const matched = decides({ toolName: tool, input: input.input });
    return { ...example, passed: matched === (example.expected === 'match') };
  });
}
