/**
 * The console's decision as Codex's PermissionRequest hook output. Codex fails closed on `updatedInput`,
 * `updatedPermissions` and `interrupt` (docs/codex.md, Answers a Codex card offers), so none of them ever
 * reaches it. Pure.
 */
import type { PermissionCall } from '../../common/protocol';
import { toPermissionCall } from './claude-permission-request';
import type { PermissionRequestPayload } from './claude-permission-request';
import type { ConsoleDecision } from './lean-protocol';

/**
 * Codex's request as the console gets it: Claude Code's fields (with the session's rollout file, where the
 * console reads the turn's approval policy and sandbox, main/rules/codex/), plus its turn.
 */
export function toCodexPermissionCall(
  payload: PermissionRequestPayload,
  id: string,
  timeoutMs: number,
): PermissionCall {
  return {
    ...toPermissionCall(payload, id, timeoutMs),
    ...(payload.turn_id ? { turnId: payload.turn_id } : {}),
  };
}

export interface CodexHookOutput {
  hookSpecificOutput: {
    hookEventName: 'PermissionRequest';
    decision: { behavior: 'allow' } | { behavior: 'deny'; message?: string };
  };
}

export interface CodexAnswer {
  /** Undefined means no verdict: Codex shows its own prompt (or, headless, asks its reviewer). */
  readonly output: CodexHookOutput | undefined;
  /** Why part of the console's answer was left out, for the hook's stderr. */
  readonly note?: string;
}

export function toCodexOutput(decision: ConsoleDecision): CodexAnswer {
  if (decision.behavior === 'passthrough') return { output: undefined };
  if (decision.behavior === 'allow') {
    // Allowing the original command when the person approved an edited one would run what they did not see.
    if (decision.updatedInput)
      return { output: undefined, note: 'Codex cannot take an edited command, so it decides itself.' };
    return {
      output: { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } } },
      ...(decision.updatedPermissions?.length
        ? { note: 'Codex cannot take lasting rules; this call alone is allowed.' }
        : {}),
    };
  }
  return {
    output: {
      hookSpecificOutput: {
        hookEventName: 'PermissionRequest',
        decision: { behavior: 'deny', ...(decision.message ? { message: decision.message } : {}) },
      },
    },
    ...(decision.interrupt ? { note: 'Codex cannot be stopped from a hook; the call alone is denied.' } : {}),
  };
}
