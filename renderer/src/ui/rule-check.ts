/**
 * A rule typed by a person, checked as they type with exactly the check the engine gives a settings file
 * when it loads it, plus Claude Code's own (engine/review/validate.ts), and whether it covers the tool
 * being asked about.
 */
import { compileToolName, checkRule as engineCheck, toolNameMatches } from '../../../engine';
import type { Phrase, RuleBehavior } from '../../../engine';

export type RuleCheck =
  | {
      readonly ok: true;
      readonly toolName: string;
      readonly ruleContent?: string;
      /** False when the rule's tool name cannot match the tool this request is for. */
      readonly coversTool: boolean;
      /** Why the rule loads but never applies, or applies differently from how it reads. */
      readonly warning?: string;
      /** The engine's phrase of `warning`, when it has one (engine/explain/phrases.ts). */
      readonly warningPhrase?: Phrase;
    }
  /** `errorPhrase` is the engine's phrase of `error` (engine/explain/phrases.ts). */
  | { readonly ok: false; readonly error: string; readonly errorPhrase?: Phrase; readonly fix?: string };

export function checkRule(text: string, tool: string, behavior: RuleBehavior = 'allow'): RuleCheck {
  const checked = engineCheck(text, behavior);
  if (!checked.ok) return checked;
  const { toolName, ruleContent } = checked.value;
  return {
    ok: true,
    toolName,
    ...(ruleContent === undefined ? {} : { ruleContent }),
    coversTool: toolNameMatches(compileToolName(toolName), tool),
    ...(checked.warning === undefined ? {} : { warning: checked.warning }),
    ...(checked.warningPhrase === undefined ? {} : { warningPhrase: checked.warningPhrase }),
  };
}
