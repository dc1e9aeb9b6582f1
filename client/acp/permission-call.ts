/**
 * An ACP `session/request_permission` as a Gatehouse card, and the console's answer as the agent's own
 * option. A console answer only ever becomes an option the agent offered, of a kind ACP defines.
 */
import type { PermissionDecision } from '../../common/protocol';
import type { PermissionCall } from '../sdk';
import type { RequestPermissionParams } from './acp-schemas';

type Option = RequestPermissionParams['options'][number];

export interface CallContext {
  readonly id: string;
  readonly cwd: string;
}

const MAX_TOOL = 500;

/**
 * tool: the tool call's title (what the agent says it is doing), else its kind. input: the agent's raw
 * input, plus what ACP describes beside it (kind, content: diffs, terminals, text; locations) and the
 * agent's own option names, so the card shows them.
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
  input.options = params.options.map((option) => `${option.name} (${option.kind})`);
  const tool = (toolCall.title?.trim() || toolCall.kind || 'tool call').slice(0, MAX_TOOL);
  return { id: context.id, sessionId: params.sessionId, cwd: context.cwd, tool, input };
}

export type Outcome =
  { readonly outcome: 'selected'; readonly optionId: string } | { readonly outcome: 'cancelled' };

/**
 * allow → allow_once (allow_always first when the person also made a rule); deny → reject_once, else
 * reject_always, else `cancelled`, which ACP agents read as a refusal. An allow the agent offers no option
 * for, or an allow of an edited call (ACP cannot carry the edit), is undefined: the question stays with the
 * editor, since choosing any other option could approve more than the person did. Options of unknown kinds
 * are never chosen.
 */
export function outcomeFor(decision: PermissionDecision, options: readonly Option[]): Outcome | undefined {
  const pick = (...kinds: string[]) => {
    for (const kind of kinds) {
      const option = options.find((each) => each.kind === kind);
      if (option) return { outcome: 'selected', optionId: option.optionId } as const;
    }
    return undefined;
  };
  // ACP has no way to send an edited call: allowing would run the original the person changed.
  if (decision.behavior === 'allow' && decision.updatedInput) return undefined;
  if (decision.behavior === 'allow')
    return decision.updatedPermissions?.length ? pick('allow_always', 'allow_once') : pick('allow_once');
  return pick('reject_once', 'reject_always') ?? { outcome: 'cancelled' };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
