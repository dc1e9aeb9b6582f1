/**
 * Which answers a request can take from the console: the one statement of it, for the card, the keyboard and
 * the console's checks. A request that brings its own options (ACP) takes exactly those. Codex fails closed
 * on an edited input, lasting rules and an interrupt (docs/codex.md, Answers a Codex card offers), so its
 * cards offer none of them. Copilot's hook takes a deny's `interrupt` but neither an edited input nor a
 * lasting rule (docs/copilot.md, Answers a Copilot card offers). OpenCode takes once or reject with a message,
 * and nothing else (docs/opencode.md, Answers an OpenCode card offers); every other agent takes all.
 */
import type { AgentOption } from './protocol';
import { isClassifierRefusal } from './classifier-refusal';

export interface AgentAnswers {
  /** Edit… (an allow with `updatedInput`). */
  readonly edit: boolean;
  /** Always allow (an allow with `updatedPermissions` into the agent's settings files). */
  readonly always: boolean;
  /** Deny and stop (a deny with `interrupt`). */
  readonly interrupt: boolean;
  /** Allow for… (a console grant) and Deny with message: the agent's options carry neither choice nor words. */
  readonly grant: boolean;
  readonly message: boolean;
  /** The agent's own answers, when it offers a fixed set: the card's only buttons. */
  readonly options?: readonly AgentOption[];
}

export interface AnswerableRequest {
  readonly agent: { readonly name: string };
  readonly options?: readonly AgentOption[] | undefined;
  readonly provenance?: { readonly type: string } | undefined;
}

const EVERY_ANSWER: AgentAnswers = { edit: true, always: true, interrupt: true, grant: true, message: true };
const CODEX_ANSWERS: AgentAnswers = { ...EVERY_ANSWER, edit: false, always: false, interrupt: false };
const COPILOT_ANSWERS: AgentAnswers = { ...EVERY_ANSWER, edit: false, always: false };
const OPENCODE_ANSWERS: AgentAnswers = { ...CODEX_ANSWERS };
const OPTIONS_ONLY = { edit: false, always: false, interrupt: false, grant: false, message: false };

export function answersFor(request: AnswerableRequest): AgentAnswers {
  // A refusal's hook can only let the model retry or not: a plain allow or a plain deny.
  if (isClassifierRefusal(request)) return OPTIONS_ONLY;
  if (request.options?.length) return { ...OPTIONS_ONLY, options: request.options };
  if (request.agent.name === 'codex') return CODEX_ANSWERS;
  if (request.agent.name === 'opencode') return OPENCODE_ANSWERS;
  return request.agent.name === 'copilot' ? COPILOT_ANSWERS : EVERY_ANSWER;
}

/** The offered option `optionId` names, if it is one and its kind answers as `behavior` does. */
export function offeredOption(
  options: readonly AgentOption[] | undefined,
  optionId: string,
  behavior: 'allow' | 'deny' | 'passthrough',
): AgentOption | undefined {
  const option = options?.find((each) => each.optionId === optionId);
  return option && isAllowKind(option.kind) === (behavior === 'allow') && behavior !== 'passthrough'
    ? option
    : undefined;
}

export interface OptionAnswer {
  readonly behavior: 'allow' | 'deny' | 'passthrough';
  readonly optionId?: string | undefined;
  readonly updatedInput?: unknown;
  readonly updatedPermissions?: readonly unknown[] | undefined;
}

/**
 * The offered option an answer stands for: the one it names, else allow → allow_once (allow_always first
 * when the person also made a rule), deny → reject_once, else reject_always. An edited allow stands for
 * none: ACP cannot carry the edit, and the agent would run the original.
 */
export function optionFor(options: readonly AgentOption[], answer: OptionAnswer): AgentOption | undefined {
  if (answer.behavior === 'allow' && answer.updatedInput) return undefined;
  if (answer.optionId) return offeredOption(options, answer.optionId, answer.behavior);
  const pick = (...kinds: AgentOption['kind'][]) =>
    kinds.map((kind) => options.find((option) => option.kind === kind)).find(Boolean);
  if (answer.behavior === 'allow') {
    return answer.updatedPermissions?.length ? pick('allow_always', 'allow_once') : pick('allow_once');
  }
  return answer.behavior === 'deny' ? pick('reject_once', 'reject_always') : undefined;
}

/**
 * Whether the agent can be given this answer: a plain deny always can (ACP's cancelled outcome), and a
 * passthrough leaves the question where it is.
 */
export function canCarry(options: readonly AgentOption[] | undefined, answer: OptionAnswer): boolean {
  if (!options || answer.behavior === 'passthrough') return true;
  if (answer.behavior === 'deny' && !answer.optionId) return true;
  return optionFor(options, answer) !== undefined;
}

/**
 * Whether the agent takes every part of this answer: an edited input, lasting rules and a stop of the turn
 * only where `answersFor` offers them. Codex fails closed on each, and the hooks drop them, so an answer
 * carrying one would be recorded as something that never happened.
 */
export function takesAnswer(
  request: AnswerableRequest,
  answer: OptionAnswer & {
    readonly interrupt?: boolean | undefined;
    readonly message?: string | undefined;
    readonly grant?: unknown;
  },
): boolean {
  // An agent's own options are judged by `canCarry`.
  if (request.options?.length) return true;
  const answers = answersFor(request);
  const refusal = isClassifierRefusal(request);
  return (
    (answer.updatedInput === undefined || answers.edit) &&
    (!answer.updatedPermissions?.length || answers.always) &&
    (!answer.interrupt || answers.interrupt) &&
    // Words or a grant on a refusal would be recorded as the person's and never reach the agent.
    (!refusal || ((answer.behavior !== 'deny' || !answer.message) && answer.grant === undefined))
  );
}

export function isAllowKind(kind: AgentOption['kind']): boolean {
  return kind === 'allow_once' || kind === 'allow_always';
}
