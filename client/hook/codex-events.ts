/**
 * The Codex CLI hook events Gatehouse handles (docs/codex.md, 0.169.0 (pinned)), by the argument
 * `gatehouse hook codex <event>` takes: one table for the hook and the Codex installer, as for Claude Code.
 * Codex names its events in PascalCase in hooks.json and sends the same names as `hook_event_name`.
 */
import { eventNamed } from './claude-events';
import type { ClaudeHookEvent } from './claude-events';

/** Codex's events carry the same fields the Claude Code table describes. */
export type CodexHookEvent = ClaudeHookEvent;

export const CODEX_PERMISSION_REQUEST: CodexHookEvent = {
  arg: 'permission-request',
  name: 'PermissionRequest',
  toolEvent: true,
};

export const CODEX_HOOK_EVENTS: readonly CodexHookEvent[] = [
  CODEX_PERMISSION_REQUEST,
  { arg: 'session-start', name: 'SessionStart', toolEvent: false, sessionEvent: 'session.started' },
  { arg: 'post-tool-use', name: 'PostToolUse', toolEvent: true, sessionEvent: 'tool.finished' },
  { arg: 'user-prompt-submit', name: 'UserPromptSubmit', toolEvent: false, sessionEvent: 'prompt.submitted' },
  { arg: 'stop', name: 'Stop', toolEvent: false, sessionEvent: 'stopped' },
  { arg: 'session-end', name: 'SessionEnd', toolEvent: false, sessionEvent: 'session.ended' },
];

export function codexEventByArg(arg: string | undefined): CodexHookEvent | undefined {
  return eventNamed(CODEX_HOOK_EVENTS, arg);
}
