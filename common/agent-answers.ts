/**
 * Which answers an agent can take from the console. Codex fails closed on an edited input, lasting rules
 * and an interrupt (agents-2026-12.md), so its cards offer none of them; every other agent takes all.
 */
export interface AgentAnswers {
  /** Edit… (an allow with `updatedInput`). */
  readonly edit: boolean;
  /** Always allow (an allow with `updatedPermissions` into the agent's settings files). */
  readonly always: boolean;
  /** Deny and stop (a deny with `interrupt`). */
  readonly interrupt: boolean;
}

const EVERY_ANSWER: AgentAnswers = { edit: true, always: true, interrupt: true };
const CODEX_ANSWERS: AgentAnswers = { edit: false, always: false, interrupt: false };

export function answersFor(agentName: string): AgentAnswers {
  return agentName === 'codex' ? CODEX_ANSWERS : EVERY_ANSWER;
}
