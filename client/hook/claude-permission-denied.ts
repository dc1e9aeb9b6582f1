/**
 * Claude Code's PermissionDenied hook (2.1.89+; docs/claude-code.md, PermissionDenied) translated to and
 * from the bridge protocol. It fires when auto mode's classifier refuses a call, after the refusal: the call
 * did not run, and the only answer the hook has is whether the model may try it again. Pure: the I/O is
 * the PermissionRequest hook's (client/cli/commands/hook.ts).
 */
import type { PermissionCall } from '../../common/protocol';
import { REFUSAL_PROVENANCE } from '../../common/classifier-refusal';
import { readPermissionRequest, toPermissionCall } from './claude-permission-request';
import type { PermissionRequestPayload } from './claude-permission-request';
import { LIMITS } from './lean-protocol';
import type { ConsoleDecision } from './lean-protocol';
import { isObject } from './shape';

export interface PermissionDeniedPayload extends PermissionRequestPayload {
  /** The classifier's reason, as Claude Code gives it to the hook. */
  readonly reason: string;
}

/** The payload, or undefined when it is not a PermissionDenied one Gatehouse can forward. */
export function readPermissionDenied(raw: unknown): PermissionDeniedPayload | undefined {
  if (!isObject(raw) || raw.hook_event_name !== 'PermissionDenied' || typeof raw.reason !== 'string')
    return undefined;
  const { hook_event_name: _event, transcript_path: _transcript, ...rest } = raw;
  // The shared reader checks the call itself. The transcript stays behind: the refused call has no result
  // to follow there, and the console would wait for one.
  const call = readPermissionRequest(rest);
  return call && { ...call, reason: raw.reason };
}

/**
 * The request the console shows: the refused call, marked as a refusal, with the classifier's reason as what
 * the agent says (cut to the protocol's bound; the call itself is what is decided on).
 */
export function toRefusalCall(
  payload: PermissionRequestPayload & { readonly reason?: string },
  id: string,
  timeoutMs: number,
  attended?: boolean,
): PermissionCall {
  const { permission_suggestions: _suggestions, ...call } = payload;
  const reason = (payload.reason ?? '').trim();
  return {
    ...toPermissionCall(call, id, timeoutMs, attended),
    provenance: {
      type: REFUSAL_PROVENANCE,
      source: 'classifier',
      ...(reason ? { message: reason.slice(0, LIMITS.message) } : {}),
    },
  };
}

export type PermissionDeniedOutput =
  { hookSpecificOutput: { hookEventName: 'PermissionDenied'; retry: true } } | Record<string, never>;

/**
 * A person's allow lets the model try the call again; anything else (left refused, the card's time up)
 * leaves the refusal as it stands.
 */
export function toPermissionDeniedOutput(decision: ConsoleDecision): PermissionDeniedOutput {
  return decision.behavior === 'allow'
    ? { hookSpecificOutput: { hookEventName: 'PermissionDenied', retry: true } }
    : {};
}
