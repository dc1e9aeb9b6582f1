/**
 * An ACP `session/request_permission` as a Gatehouse card, and the console's answer as the agent's own
 * option. A console answer only ever becomes an option the agent offered, of a kind ACP defines.
 */
import { ACP_PROVENANCE } from '../../common/acp-call';
import { optionFor } from '../../common/agent-answers';
import { agentOptionKinds } from '../../common/protocol';
import type { AgentOption, PermissionDecision } from '../../common/protocol';
import type { PermissionCall, Withdrawal } from '../sdk';
import type { RequestPermissionParams } from './acp-schemas';
import type { EditorOutcome } from './router';

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
 * tool: the tool call's title (what the agent says it is doing), else its kind. input: what ACP describes,
 * under ACP's own names (kind; content: diffs, terminals, text; locations; rawInput), so no field of the
 * agent's raw input can stand in for one of ACP's; common/acp-call.ts reads them back. provenance: the
 * agent asked its editor, which is the whole of why it asked. options: the agent's own, of ACP's kinds
 * only, so the card offers exactly those by their names.
 */
export function toPermissionCall(params: RequestPermissionParams, context: CallContext): PermissionCall {
  const { toolCall } = params;
  const input: Record<string, unknown> = {};
  if (toolCall.kind) input.kind = toolCall.kind;
  if (toolCall.content?.length) input.content = toolCall.content;
  if (toolCall.locations?.length) input.locations = toolCall.locations;
  if (toolCall.rawInput !== undefined) input.rawInput = toolCall.rawInput;
  const tool = (unquoted(toolCall.title?.trim() ?? '') || toolCall.kind || 'tool call').slice(0, MAX_TOOL);
  const options = params.options.filter(isKnown).slice(0, MAX_OPTIONS).map(cardOption);
  return {
    id: context.id,
    sessionId: params.sessionId,
    cwd: context.cwd,
    tool,
    input,
    provenance: { type: ACP_PROVENANCE },
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

/**
 * What the console is told when the editor answered first, so history says what happened there: the
 * option the editor chose (one the card offered; an option of a kind the card left out is no answer the
 * console can read, so the question is recorded as left to the editor), or, for `cancelled`, that the turn
 * was cancelled, the one reason ACP gives an editor to answer so. An error or an unreadable answer says
 * nothing of what was chosen.
 */
export function withdrawalFor(outcome: EditorOutcome | undefined, options: readonly Option[]): Withdrawal {
  if (outcome?.outcome === 'cancelled') return { reason: 'aborted', because: 'turn-cancelled' };
  const chosen = outcome && options.find((option) => option.optionId === outcome.optionId);
  return chosen && isKnown(chosen)
    ? { reason: 'answered-in-terminal', answer: { optionId: chosen.optionId } }
    : { reason: 'answered-in-terminal' };
}

/** Claude's ACP agent titles a command as Markdown code (`npm test`); the card's title is plain text. */
function unquoted(title: string): string {
  return /^`[^`]+`$/.test(title) ? title.slice(1, -1).trim() : title;
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
