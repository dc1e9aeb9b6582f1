/**
 * "How many past requests would this rule have matched?" — asked before a person saves an always-allow
 * rule, answered by the same engine that will enforce it, over the requests history remembers.
 */
import type { RulePreview } from '../../common/console-contract';
import { summarizeRequest } from '../../common/request-summary';
import { parseRule, ruleAlone } from '../../engine';
import type { BashSupport } from '../../engine';

export interface PastCall {
  readonly tool: string;
  readonly input: Record<string, unknown>;
  readonly cwd: string;
}

const EXAMPLE_LIMIT = 5;

/**
 * An example shows its tool and one line of its input, short enough to list several; a hidden character
 * is kept for the panel to mark, since dropping it would show a call other than the one that ran.
 */
const EXAMPLE_CHARS = 100;

const exampleOf = (call: PastCall) =>
  `${call.tool}: ${summarizeRequest(call.tool, call.input, EXAMPLE_CHARS, undefined, { keepHidden: true }).line.text}`;

export function previewRule(
  rule: string,
  cwd: string,
  past: readonly PastCall[],
  bash: BashSupport,
  home: string,
): RulePreview {
  const parsed = parseRule(rule);
  if (!parsed.ok) return { valid: false, error: parsed.error };
  // The rule is anchored as a session rule of the project it would be saved for.
  const decides = ruleAlone(
    { source: 'session', ruleBehavior: 'allow', ruleValue: parsed.value, origin: { anchorDir: cwd } },
    { cwd, home, bash },
  );
  let matched = 0;
  const examples: string[] = [];
  for (const call of past) {
    if (!decides({ toolName: call.tool, input: call.input })) continue;
    matched += 1;
    if (examples.length < EXAMPLE_LIMIT) examples.push(exampleOf(call));
  }
  return { valid: true, matched, examined: past.length, examples };
}
