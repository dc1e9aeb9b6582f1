/**
 * The GitHub Copilot CLI hook events Gatehouse handles (docs/copilot.md, 1.0.102 (pinned)), by the argument
 * `gatehouse hook copilot <event>` takes. Copilot names its events in camelCase in its hook config.
 */
import { eventNamed } from './claude-events';
import type { ClaudeHookEvent } from './claude-events';

export const COPILOT_PERMISSION_REQUEST: ClaudeHookEvent = {
  arg: 'permission-request',
  name: 'permissionRequest',
  toolEvent: true,
};

export const COPILOT_HOOK_EVENTS: readonly ClaudeHookEvent[] = [COPILOT_PERMISSION_REQUEST];

export function copilotEventByArg(arg: string | undefined): ClaudeHookEvent | undefined {
  return eventNamed(COPILOT_HOOK_EVENTS, arg);
}
