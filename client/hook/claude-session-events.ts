/**
 * The hook events that retire cards (docs/claude-code.md, 2.1.328 (pinned)) turned into `session.event`
 * frames. Pure.
 */
import type { SessionEventCall } from '../../common/protocol';
import type { ClaudeHookEvent } from './claude-events';
import { LIMITS } from './lean-protocol';
import { isObject, isText } from './shape';

/** The frame to send, or undefined when the payload lacks what the console needs to match it. */
export function toSessionEvent(hook: ClaudeHookEvent, raw: unknown): SessionEventCall | undefined {
  if (!hook.sessionEvent || !isObject(raw) || !isText(raw.session_id, 1, LIMITS.id)) return undefined;
  if (hook.sessionEvent === 'session.started') {
    // Without its folder a start tells history nothing a later request would not.
    if (!isText(raw.cwd, 1, LIMITS.cwd)) return undefined;
    return { sessionId: raw.session_id, event: hook.sessionEvent, cwd: raw.cwd };
  }
  if (hook.sessionEvent === 'directory.added') {
    if (!isText(raw.cwd, 1, LIMITS.cwd) || !isText(raw.directory, 1, LIMITS.cwd)) return undefined;
    return { sessionId: raw.session_id, event: hook.sessionEvent, cwd: raw.cwd, directory: raw.directory };
  }
  if (!hook.toolEvent) return { sessionId: raw.session_id, event: hook.sessionEvent };
  const { tool_name, tool_input } = raw;
  if (!isText(tool_name, 1, LIMITS.tool) || !isObject(tool_input)) return undefined;
  return { sessionId: raw.session_id, event: hook.sessionEvent, tool: tool_name, input: tool_input };
}
