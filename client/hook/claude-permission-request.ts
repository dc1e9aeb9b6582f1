/**
 * Claude Code's PermissionRequest hook (claude-code.md §1.5) translated to and from the bridge protocol.
 * Pure: the I/O lives in client/cli/commands/hook.ts.
 */
import { z } from 'zod';
import { PermissionModeSchema, PermissionUpdateSchema } from '../../common/protocol';
import type { PermissionDecision } from '../../common/protocol';
import type { PermissionCall } from '../sdk/bridge-client';

export const PermissionRequestPayloadSchema = z.object({
  session_id: z.string().min(1).max(200),
  cwd: z.string().min(1),
  hook_event_name: z.literal('PermissionRequest').optional(),
  permission_mode: z.string().optional(),
  tool_name: z.string().min(1),
  tool_input: z.record(z.string(), z.unknown()),
  permission_suggestions: z.array(z.unknown()).optional(),
  transcript_path: z.string().optional(),
});
export type PermissionRequestPayload = z.infer<typeof PermissionRequestPayloadSchema>;

/** Claude Code's "Manual" mode arrives as `default` or, since 2.1.200, as `manual`. */
function modeOf(value: string | undefined): z.infer<typeof PermissionModeSchema> {
  if (value === 'manual') return 'default';
  const parsed = PermissionModeSchema.safeParse(value);
  return parsed.success ? parsed.data : 'default';
}

export function toPermissionCall(
  payload: PermissionRequestPayload,
  id: string,
  timeoutMs: number,
): PermissionCall {
  // A suggestion in a shape we do not know is dropped alone rather than failing the whole request.
  const suggestions = (payload.permission_suggestions ?? []).flatMap((entry) => {
    const parsed = PermissionUpdateSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
  return {
    id,
    sessionId: payload.session_id,
    cwd: payload.cwd,
    tool: payload.tool_name,
    input: payload.tool_input,
    mode: modeOf(payload.permission_mode),
    ...(suggestions.length ? { suggestions } : {}),
    timeoutMs,
  };
}

export interface HookOutput {
  hookSpecificOutput: {
    hookEventName: 'PermissionRequest';
    decision:
      | { behavior: 'allow'; updatedInput?: Record<string, unknown>; updatedPermissions?: unknown[] }
      | { behavior: 'deny'; message?: string; interrupt?: boolean };
  };
}

/** The JSON to print, or undefined for "no decision" (passthrough): Claude Code's own dialog stays in charge. */
export function toHookOutput(decision: PermissionDecision): HookOutput | undefined {
  if (decision.behavior === 'passthrough') return undefined;
  if (decision.behavior === 'allow') {
    return {
      hookSpecificOutput: {
        hookEventName: 'PermissionRequest',
        decision: {
          behavior: 'allow',
          ...(decision.updatedInput ? { updatedInput: decision.updatedInput } : {}),
          ...(decision.updatedPermissions?.length ? { updatedPermissions: decision.updatedPermissions } : {}),
        },
      },
    };
  }
  return {
    hookSpecificOutput: {
      hookEventName: 'PermissionRequest',
      decision: {
        behavior: 'deny',
        ...(decision.message ? { message: decision.message } : {}),
        ...(decision.interrupt ? { interrupt: true } : {}),
      },
    },
  };
}
