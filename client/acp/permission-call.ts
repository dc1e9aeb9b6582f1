/**
 * An ACP `session/request_permission` as a Gatehouse card, and the console's answer as the agent's own
 * option. A console answer only ever becomes an option the agent offered, of a kind ACP defines.
 */
import { optionFor } from '../../common/agent-answers';
import { agentOptionKinds } from '../../common/protocol';
import type { AgentOption, PermissionDecision } from '../../common/protocol';
import type { PermissionCall } from '../sdk';
import type { RequestPermissionParams } from './acp-schemas';

type Option = RequestPermissionParams['options'][number];

export interface CallContext {
  readonly id: string;
  readonly cwd: string;
}

const MAX_TOOL = 500;
/** The wire's bounds for an option (common/protocol.ts). */
const MAX_OPTIONS = 20;
const MAX_ID = 200;
const MAX_NAME = 200;

/**
 * tool: the tool call's title (what the agent says it is doing), else its kind. input: the agent's raw
 * input, plus what ACP describes beside it (kind, content: diffs, terminals, text; locations). options:
 * the agent's own, of ACP's kinds only, so the card offers exactly those by their names.
 */
export function toPermissionCall(params: RequestPermissionParams, context: CallContext): PermissionCall {
  const { toolCall } = params;
  const raw = toolCall.rawInput;
  const input: Record<string, unknown> = isRecord(raw)
    ? { ...raw }
    : raw === undefined
      ? {}
      : { rawInput: raw };
  if (toolCall.kind) input.kind = toolCall.kind;
  if (toolCall.content?.length) input.content = toolCall.content;
  if (toolCall.locations?.length) input.locations = toolCall.locations;
  const tool = (toolCall.title?.trim() || toolCall.kind || 'tool call').slice(0, MAX_TOOL);
  const options = params.options.filter(isKnown).slice(0, MAX_OPTIONS).map(cardOption);
  return {
    id: context.id,
    sessionId: params.sessionId,
    cwd: context.cwd,
    tool,
    input,
    ...(options.length ? { options } : {}),
  };
}

export type Outcome =
  { readonly outcome: 'selected'; readonly optionId: string } | { readonly outcome: 'cancelled' };

/**
 * The agent's option for the console's decision (common/agent-answers.ts optionFor); a plain deny with no
 * reject option is `cancelled`, which ACP agents read as a refusal. Anything else is undefined: the
 * question stays with the editor, since choosing another option could approve more than the person did.
 * Options of unknown kinds are never chosen.
 */
export function outcomeFor(decision: PermissionDecision, options: readonly Option[]): Outcome | undefined {
  const option = optionFor(options.filter(isKnown), decision);
  if (option) return { outcome: 'selected', optionId: option.optionId };
  return decision.behavior === 'deny' && !decision.optionId ? { outcome: 'cancelled' } : undefined;
}

/** An unknown kind, or an id the wire cannot carry, is left off the card: the editor still offers it. */
function isKnown(option: Option): option is Option & { kind: AgentOption['kind'] } {
  const { kind, optionId } = option;
  return (
    (agentOptionKinds as readonly string[]).includes(kind) && optionId.length > 0 && optionId.length <= MAX_ID
  );
}

function cardOption(option: Option & { kind: AgentOption['kind'] }): AgentOption {
  const name = option.name.trim().slice(0, MAX_NAME) || option.optionId.slice(0, MAX_NAME);
  return { optionId: option.optionId, name, kind: option.kind };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
