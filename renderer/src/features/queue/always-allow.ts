/** The queue card's always-allow draft: the permission update the agent persists, and where it lands. */
import type { PermissionUpdate } from '../../../../common/protocol';
import type { PendingRequestView } from '../../../../common/queue-contract';
import { checkRule } from '../../../../engine';

export const destinations = ['localSettings', 'projectSettings', 'userSettings'] as const;
export type Destination = (typeof destinations)[number];

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

/**
 * Where each destination lives for the agent's settings profile (docs/engine.md, Sources, files and
 * precedence).
 */
export function settingsFileFor(destination: Destination, agent: string): string {
  const dir = agent === 'claude-code' ? '.claude' : '.agent';
  if (destination === 'localSettings') return `${dir}/settings.local.json`;
  if (destination === 'projectSettings') return `${dir}/settings.json`;
  return `~/${dir}/settings.json`;
}

/**
 * The rule a grant or Always-allow field starts with: the first suggestion, else the tool's own name, but
 * never a rule that opens the door (`Bash` is every command): then the field starts empty.
 */
export function firstRule(request: PendingRequestView): string {
  const suggested = request.explanation?.suggestedRules[0];
  if (suggested !== undefined) return suggested;
  const whole = checkRule(request.tool, 'allow');
  return whole.ok && whole.broad === undefined ? request.tool : '';
}
