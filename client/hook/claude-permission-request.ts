/**
 * Claude Code's PermissionRequest hook (docs/claude-code.md, 2.1.328 (pinned)) translated to and from the
 * bridge protocol. Pure: the I/O lives in ask-console.ts and client/cli/commands/hook.ts.
 */
import type { PermissionMode, PermissionUpdate } from '../../common/protocol';
import type { PermissionCall } from '../../common/protocol';
import { isPermissionUpdate, LIMITS, PERMISSION_MODES } from './lean-protocol';
import type { ConsoleDecision } from './lean-protocol';
import { inputShapeProblem } from '../../common/input-bounds';
import { isObject, isOneOf, isText } from './shape';
import type { JsonObject } from './shape';

export interface PermissionRequestPayload {
  readonly session_id: string;
  readonly cwd: string;
  readonly permission_mode?: string;
  readonly tool_name: string;
  readonly tool_input: JsonObject;
  readonly permission_suggestions?: readonly unknown[];
  /** Where Claude Code writes the conversation; the hook watches it for an answer given in the terminal. */
  readonly transcript_path?: string;
  /** For an MCP tool (2.1.3xx): its server's config key and where that server was defined. */
  readonly mcp_server?: { readonly name: string; readonly source: string };
  /** Codex's turn. */
  readonly turn_id?: string;
}

function mcpServerOf(value: unknown): PermissionRequestPayload['mcp_server'] {
  if (
    !isObject(value) ||
    !isText(value.name, 1, LIMITS.mcpName) ||
    !isText(value.source, 1, LIMITS.mcpSource)
  )
    return undefined;
  return { name: value.name, source: value.source };
}

/** The payload, or undefined when it is not one Gatehouse can forward within the protocol's limits. */
export function readPermissionRequest(raw: unknown): PermissionRequestPayload | undefined {
  if (!isObject(raw)) return undefined;
  const { session_id, cwd, hook_event_name, permission_mode, tool_name, tool_input } = raw;
  const suggestions = raw.permission_suggestions;
  const transcript = raw.transcript_path;
  const turn = raw.turn_id;
  if (
    !isText(session_id, 1, LIMITS.id) ||
    !isText(cwd, 1, LIMITS.cwd) ||
    !isText(tool_name, 1, LIMITS.tool) ||
    !isObject(tool_input) ||
    inputShapeProblem(tool_input) !== undefined ||
    (hook_event_name !== undefined && hook_event_name !== 'PermissionRequest') ||
    (permission_mode !== undefined && typeof permission_mode !== 'string') ||
    (suggestions !== undefined && !Array.isArray(suggestions))
  )
    return undefined;
  return {
    session_id,
    cwd,
    tool_name,
    tool_input,
    ...(permission_mode !== undefined ? { permission_mode } : {}),
    ...(suggestions !== undefined ? { permission_suggestions: suggestions } : {}),
    // A path it cannot use is dropped alone: the request still goes to the console.
    ...(isText(transcript, 1, LIMITS.cwd) ? { transcript_path: transcript } : {}),
    // Likewise a server it cannot read: the card then shows the tool's name alone, and nothing trusts it.
    ...(mcpServerOf(raw.mcp_server) ? { mcp_server: mcpServerOf(raw.mcp_server)! } : {}),
    ...(isText(turn, 1, LIMITS.id) ? { turn_id: turn } : {}),
  };
}

/**
 * Whether a person is at Claude Code's terminal, from the environment it gives its hooks: 2.1.3xx sets
 * CLAUDE_CODE_SESSION_ATTENDED to 1 in an interactive session and 0 under `-p` (where the PermissionRequest
 * hooks decide before its automatic deny). Undefined when it says neither (an older Claude Code).
 */
export function attendedOf(env: Readonly<Record<string, string | undefined>>): boolean | undefined {
  const value = env.CLAUDE_CODE_SESSION_ATTENDED;
  return value === '1' ? true : value === '0' ? false : undefined;
}

/** Claude Code's "Manual" mode arrives as `default` or, since 2.1.200, as `manual`. */
function modeOf(value: string | undefined): PermissionMode {
  if (value === 'manual') return 'default';
  return isOneOf(value, PERMISSION_MODES) ? value : 'default';
}

export function toPermissionCall(
  payload: PermissionRequestPayload,
  id: string,
  timeoutMs: number,
  attended?: boolean,
): PermissionCall {
  // A suggestion in a shape we do not know is dropped alone rather than failing the whole request.
  const suggestions = (payload.permission_suggestions ?? [])
    .filter(isPermissionUpdate)
    .slice(0, LIMITS.suggestions);
  return {
    id,
    sessionId: payload.session_id,
    cwd: payload.cwd,
    tool: payload.tool_name,
    input: payload.tool_input,
    mode: modeOf(payload.permission_mode),
    ...(suggestions.length ? { suggestions } : {}),
    ...(payload.mcp_server ? { mcpServer: payload.mcp_server } : {}),
    ...(attended === undefined ? {} : { attended }),
    ...(payload.transcript_path?.startsWith('/') ? { transcriptPath: payload.transcript_path } : {}),
    timeoutMs,
  };
}

const CLAUDE_DESTINATIONS = ['session', 'localSettings', 'projectSettings', 'userSettings'] as const;
const CLAUDE_MODES = ['default', 'auto', 'acceptEdits', 'dontAsk', 'bypassPermissions', 'plan', 'manual'];

/**
 * Whether Claude Code documents this entry (§1.5): the protocol also carries `cliArg` and free-form modes,
 * which a hook must not hand back. Dropping an entry only ever grants less.
 */
function claudeAccepts(entry: PermissionUpdate): boolean {
  if (!isOneOf(entry.destination, CLAUDE_DESTINATIONS)) return false;
  return entry.type !== 'setMode' || CLAUDE_MODES.includes(entry.mode);
}

export interface HookOutput {
  hookSpecificOutput: {
    hookEventName: 'PermissionRequest';
    decision:
      | {
          behavior: 'allow';
          updatedInput?: Record<string, unknown>;
          updatedPermissions?: PermissionUpdate[];
        }
      | { behavior: 'deny'; message?: string; interrupt?: boolean };
  };
}

/** The JSON to print, or undefined for "no decision" (passthrough): Claude Code's own dialog stays in charge. */
export function toHookOutput(decision: ConsoleDecision): HookOutput | undefined {
  if (decision.behavior === 'passthrough') return undefined;
  if (decision.behavior === 'allow') {
    const updates = (decision.updatedPermissions ?? []).filter(claudeAccepts);
    return {
      hookSpecificOutput: {
        hookEventName: 'PermissionRequest',
        decision: {
          behavior: 'allow',
          ...(decision.updatedInput ? { updatedInput: decision.updatedInput } : {}),
          ...(updates.length ? { updatedPermissions: updates } : {}),
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
