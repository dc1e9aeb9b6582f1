/**
 * `POST /hooks/claude/pre-tool-use` on the console's loopback port: Claude Code's PreToolUse `http` hook
 * (docs/claude-code.md, "The retried call"). Claude Code posts every tool call here and waits for the
 * answer, so the console answers at once from memory: allow when a person's one-shot retry grant
 * (main/rules/retry-grants.ts) matches the exact call, which uses it up, else `{}` (no opinion, and Claude
 * Code decides as it would without the hook). It is guarded as the telemetry endpoint is: this very loopback
 * port, the telemetry token in `x-gatehouse-telemetry`, and no browser page.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PRE_TOOL_USE_PATH, TELEMETRY_HEADER } from '../../files/telemetry-token';
import { isLoopbackHost } from '../server/upgrade-place';
import { inputShapeProblem } from '../../common/input-bounds';
import type { PermissionRequest } from '../../common/protocol';

/** The call as a retry grant names it (main/rules/retry-grants.ts). */
export type RetryCall = Pick<PermissionRequest, 'sessionId' | 'cwd' | 'tool' | 'input' | 'mcpServer'>;

export { PRE_TOOL_USE_PATH };
/** A Write's whole file arrives in the input; past this the call is left to Claude Code, as with no console. */
export const MAX_HOOK_BODY_BYTES = 4 * 1024 * 1024;
const CLAUDE_CODE = 'claude-code';

export interface PreToolUseOptions {
  readonly accepts: (token: string) => boolean;
  /** Uses up the grant that answers this call; the refusal it came from, or undefined when none does. */
  readonly takeGrant: (call: RetryCall, agent: string) => string | undefined;
  /** The grant of refusal `refusalId` let the call `callId` through, told once Claude Code has the answer. */
  readonly letThrough: (refusalId: string, callId: string | undefined) => void;
}

const ALLOW = JSON.stringify({
  hookSpecificOutput: {
    hookEventName: 'PreToolUse',
    permissionDecision: 'allow',
    permissionDecisionReason: 'A person overturned the refusal of this call in Gatehouse.',
  },
});

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The call in a PreToolUse hook input, as the refusal's request named it, with its `tool_use_id` when given;
 * undefined when it is not one.
 */
export function readPreToolUse(raw: unknown): (RetryCall & { readonly callId?: string }) | undefined {
  if (!isObject(raw) || raw.hook_event_name !== 'PreToolUse') return undefined;
  const { session_id, cwd, tool_name, tool_input, mcp_server, tool_use_id } = raw;
  if (!isText(session_id) || !isText(cwd) || !isText(tool_name) || !isObject(tool_input)) return undefined;
  if (inputShapeProblem(tool_input) !== undefined) return undefined;
  const server =
    isObject(mcp_server) && isText(mcp_server.name) && isText(mcp_server.source)
      ? { name: mcp_server.name, source: mcp_server.source }
      : undefined;
  return {
    sessionId: session_id,
    cwd,
    tool: tool_name,
    input: tool_input,
    ...(server ? { mcpServer: server } : {}),
    ...(isText(tool_use_id) ? { callId: tool_use_id } : {}),
  };
}

export function servePreToolUse(
  options: PreToolUseOptions,
): (request: IncomingMessage, response: ServerResponse, port: number) => void {
  return (request, response, port) => {
    const refused = refusal(request, port, options.accepts);
    if (refused) {
      response.setHeader('Connection', 'close');
      return void response
        .writeHead(refused.status, { 'Content-Type': 'text/plain; charset=utf-8' })
        .end(refused.reason);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_HOOK_BODY_BYTES) chunks.push(chunk);
    });
    request.on('error', () => response.destroy());
    request.on('end', () => {
      let call: ReturnType<typeof readPreToolUse>;
      try {
        call =
          size <= MAX_HOOK_BODY_BYTES
            ? readPreToolUse(JSON.parse(Buffer.concat(chunks).toString('utf8')))
            : undefined;
      } catch {
        call = undefined;
      }
      const refusalId = call === undefined ? undefined : options.takeGrant(call, CLAUDE_CODE);
      response
        .writeHead(200, { 'Content-Type': 'application/json', 'X-Content-Type-Options': 'nosniff' })
        .end(refusalId === undefined ? '{}' : ALLOW);
      if (refusalId !== undefined) options.letThrough(refusalId, call?.callId);
    });
  };
}

function refusal(
  request: IncomingMessage,
  port: number,
  accepts: (token: string) => boolean,
): { status: number; reason: string } | undefined {
  if (!isLoopbackHost(request.headers.host, port))
    return { status: 403, reason: 'The Host header must be 127.0.0.1 or localhost with this port.' };
  if (request.headers.origin !== undefined)
    return { status: 403, reason: 'Browser pages may not call Gatehouse’s hooks.' };
  if (request.method !== 'POST') return { status: 405, reason: 'This hook endpoint takes POST only.' };
  const token = request.headers[TELEMETRY_HEADER];
  if (typeof token !== 'string' || !accepts(token))
    return {
      status: 401,
      reason: `The ${TELEMETRY_HEADER} header is missing or wrong: run "gatehouse install claude" again.`,
    };
  return undefined;
}
