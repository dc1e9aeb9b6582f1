/**
 * GitHub Copilot CLI's permissionRequest hook (docs/copilot.md, 1.0.102 (pinned)) translated to and from
 * the bridge protocol. Copilot sends `{hookName, sessionId, timestamp, cwd, toolName, toolInput,
 * permissionSuggestions}` and takes `{behavior: allow | deny, message, interrupt}`; `{}` leaves the call to
 * its own rules and prompt. Pure: the file reads live in client/cli/commands/hook.ts.
 */
import { approvalCovers, savedApprovalsFor } from '../../common/copilot-approvals';
import type { PermissionCall } from '../../common/protocol';
import type { PermissionRequestPayload } from './claude-permission-request';
import { readPermissionRequest, toPermissionCall } from './claude-permission-request';
import type { ConsoleDecision } from './lean-protocol';
import { isObject } from './shape';

/** Copilot's payload in the shape the Claude Code reader checks, or undefined when it is not one. */
export function readCopilotPermissionRequest(raw: unknown): PermissionRequestPayload | undefined {
  if (!isObject(raw) || raw.hookName !== 'permissionRequest') return undefined;
  return readPermissionRequest({
    session_id: raw.sessionId,
    cwd: raw.cwd,
    tool_name: raw.toolName,
    tool_input: raw.toolInput,
  });
}

/**
 * Copilot's request as the console gets it. Its shell tool, `bash` with `{command}`, is the call Claude
 * Code names `Bash`: under that name the card shows the command as a command, and the console's rules and
 * grants for shell commands apply to it.
 */
export function toCopilotPermissionCall(
  payload: PermissionRequestPayload,
  id: string,
  timeoutMs: number,
): PermissionCall {
  const call = toPermissionCall(payload, id, timeoutMs);
  return payload.tool_name === 'bash' ? { ...call, tool: 'Bash' } : call;
}

export type CopilotHookOutput =
  Record<string, never> | { behavior: 'allow' } | { behavior: 'deny'; message?: string; interrupt?: true };

export interface CopilotAnswer {
  readonly output: CopilotHookOutput;
  readonly note?: string;
}

/** No verdict: Copilot applies its own rules and saved approvals, then prompts. */
export const FALL_THROUGH: CopilotHookOutput = {};

export function toCopilotOutput(decision: ConsoleDecision): CopilotAnswer {
  if (decision.behavior === 'passthrough') return { output: FALL_THROUGH };
  if (decision.behavior === 'allow') {
    // Copilot's hook output has no edited input: allowing the original would run what the person did not see.
    if (decision.updatedInput)
      return { output: FALL_THROUGH, note: 'Copilot cannot take an edited command, so it decides itself.' };
    return {
      output: { behavior: 'allow' },
      ...(decision.updatedPermissions?.length
        ? { note: 'Copilot cannot take lasting rules from a hook; this call alone is allowed.' }
        : {}),
    };
  }
  return {
    output: {
      behavior: 'deny',
      ...(decision.message ? { message: decision.message } : {}),
      ...(decision.interrupt ? { interrupt: true as const } : {}),
    },
  };
}

/** `COPILOT_ALLOW_ALL` as Copilot reads it (`copilot help environment`): these words, any case, trimmed. */
const TRUTHY = ['true', '1', 'yes', 'on', 'y'];

export function allowsAll(env: Readonly<Record<string, string | undefined>>): boolean {
  return TRUTHY.includes((env.COPILOT_ALLOW_ALL ?? '').trim().toLowerCase());
}

/**
 * Whether Copilot would allow this call by itself, from what the hook can see of its settings: allow-all
 * in the environment, or an approval saved for the session's folder in permissions-config.json ("Yes, and
 * don't ask again … in this directory"). The hook fires before Copilot's own checks, so without this every
 * such call would become a card. Flags on Copilot's command line (--allow-tool) are not visible to a hook.
 */
export function copilotAllowsItself(
  payload: PermissionRequestPayload,
  env: Readonly<Record<string, string | undefined>>,
  permissionsConfig: unknown,
): boolean {
  if (allowsAll(env)) return true;
  return (savedApprovalsFor(permissionsConfig, payload.cwd) ?? []).some((approval) =>
    approvalCovers(approval, payload.tool_name, payload.tool_input),
  );
}
