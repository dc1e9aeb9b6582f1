/**
 * The Claude Code hook events Gatehouse handles, by the argument `gatehouse hook <event>` takes: one table
 * for the hook (what to send) and the installer (what to register), so the two always agree.
 */
import type { SessionEvent } from '../../common/protocol';

export interface ClaudeHookEvent {
  /** `gatehouse hook <arg>`. */
  readonly arg: string;
  /** The event's key under `hooks` in Claude Code's settings, and its `hook_event_name`. */
  readonly name: string;
  /** Tool events take a matcher on the tool name; the others have none. */
  readonly toolEvent: boolean;
  /** What the console is told, for the events that retire cards or change the session's directories. */
  readonly sessionEvent?: SessionEvent['event'];
}

export const PERMISSION_REQUEST: ClaudeHookEvent = {
  arg: 'permission-request',
  name: 'PermissionRequest',
  toolEvent: true,
};

/**
 * Auto mode's classifier refused a call (2.1.89+): the hook raises a card that may overturn the refusal,
 * and Claude Code waits for it (docs/claude-code.md, PermissionDenied).
 */
export const PERMISSION_DENIED: ClaudeHookEvent = {
  arg: 'permission-denied',
  name: 'PermissionDenied',
  toolEvent: true,
};

export const RETIRING_EVENTS: readonly ClaudeHookEvent[] = [
  { arg: 'post-tool-use', name: 'PostToolUse', toolEvent: true, sessionEvent: 'tool.finished' },
  { arg: 'post-tool-use-failure', name: 'PostToolUseFailure', toolEvent: true, sessionEvent: 'tool.failed' },
  { arg: 'user-prompt-submit', name: 'UserPromptSubmit', toolEvent: false, sessionEvent: 'prompt.submitted' },
  { arg: 'stop', name: 'Stop', toolEvent: false, sessionEvent: 'stopped' },
  { arg: 'session-end', name: 'SessionEnd', toolEvent: false, sessionEvent: 'session.ended' },
];

/** `/add-dir` in the terminal: the console counts the directory in later explanations of the session. */
export const DIRECTORY_ADDED: ClaudeHookEvent = {
  arg: 'directory-added',
  name: 'DirectoryAdded',
  toolEvent: false,
  sessionEvent: 'directory.added',
};

export const CLAUDE_HOOK_EVENTS: readonly ClaudeHookEvent[] = [
  PERMISSION_REQUEST,
  PERMISSION_DENIED,
  ...RETIRING_EVENTS,
  DIRECTORY_ADDED,
];

/**
 * The event `gatehouse hook <arg>` names, by its argument or by the agent's own name for it
 * (`PermissionRequest`), which is what a person copies from the agent's documentation.
 */
export function eventNamed<Event extends ClaudeHookEvent>(
  events: readonly Event[],
  arg: string | undefined,
): Event | undefined {
  return events.find((event) => event.arg === arg || event.name === arg);
}

export function hookEventByArg(arg: string | undefined): ClaudeHookEvent | undefined {
  return eventNamed(CLAUDE_HOOK_EVENTS, arg);
}
