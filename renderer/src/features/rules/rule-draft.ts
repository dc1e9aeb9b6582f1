/**
 * The always-allow rule editor's logic: a live syntax check with the engine's own parser (and its error
 * sentence), whether the rule covers the tool being asked about, and the permission update the agent
 * persists.
 */
import type { PermissionUpdate } from '../../../../common/protocol';
import { compileToolName, toolNameMatches } from '../../../../engine/matchers/tool-name';
import { parseRule } from '../../../../engine/rules/syntax';

export const destinations = ['localSettings', 'projectSettings', 'userSettings'] as const;
export type Destination = (typeof destinations)[number];

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

export function alwaysAllowUpdate(
  rule: { readonly toolName: string; readonly ruleContent?: string },
  destination: Destination,
): PermissionUpdate {
  return {
    type: 'addRules',
    rules: [
      {
        toolName: rule.toolName,
        ...(rule.ruleContent === undefined ? {} : { ruleContent: rule.ruleContent }),
      },
    ],
    behavior: 'allow',
    destination,
  };
}

/** Where each destination lives for the agent's settings profile (design.md, Settings profiles). */
export function settingsFileFor(destination: Destination, agent: string): string {
  const dir = agent === 'claude-code' ? '.claude' : '.agent';
  if (destination === 'localSettings') return `${dir}/settings.local.json`;
  if (destination === 'projectSettings') return `${dir}/settings.json`;
  return `~/${dir}/settings.json`;
}
