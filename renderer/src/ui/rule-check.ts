/**
 * A rule typed by a person, checked as they type with the engine's own parser (and its error sentence),
 * and whether it covers the tool being asked about.
 */
import { compileToolName, toolNameMatches } from '../../../engine';
import { parseRule } from '../../../engine';

export type RuleCheck =
  | {
      readonly ok: true;
      readonly toolName: string;
      readonly ruleContent?: string;
      /** False when the rule's tool name cannot match the tool this request is for. */
      readonly coversTool: boolean;
    }
  | { readonly ok: false; readonly error: string };

export function checkRule(text: string, tool: string): RuleCheck {
  const parsed = parseRule(text);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  const { toolName, ruleContent } = parsed.value;
  return {
    ok: true,
    toolName,
    ...(ruleContent === undefined ? {} : { ruleContent }),
    coversTool: toolNameMatches(compileToolName(toolName), tool),
  };
}
