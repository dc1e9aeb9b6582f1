/**
 * Does a rule match its examples? Each example is a tool call for the rule's tool, decided by the engine in
 * a context that holds only that rule, in its own source and anchored at its own folder, so the answer is
 * the one the rule gives when it is enforced.
 */
import type { ExampleVerdict, FileSourceName, RuleExamples } from '../../../common/rules-contract';
import { toolInputFromText } from '../../../common/tool-call-text';
import { createPermissionContext, decide, emptySettings, parseRule } from '../../../engine';
import type { BashSupport, RuleBehavior } from '../../../engine';

export interface ExampleRule {
  readonly rule: string;
  readonly behavior: RuleBehavior;
  readonly source: FileSourceName;
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
  if (!parsed.ok) return all.map((example) => ({ ...example, passed: false, error: parsed.error }));
  const context = createPermissionContext({
    cwd: setting.cwd,
    home: setting.home,
    settings: [
      {
        source: target.source,
        file: target.file,
        anchorDir: target.anchorDir,
        exists: true,
        settings: { ...emptySettings, rules: { ...emptySettings.rules, [target.behavior]: [parsed.value] } },
      },
    ],
  });
  const tool = parsed.value.toolName;
  return all.map((example) => {
    const input = toolInputFromText(tool, example.text);
    if (!input.ok) return { ...example, passed: false, error: input.error };
    const decision = decide(context, { toolName: tool, input: input.input }, { bash: setting.bash });
    const matched = decision.reason.type === 'rule';
    return { ...example, passed: matched === (example.expected === 'match') };
  });
}
