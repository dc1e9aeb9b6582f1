/**
 * Gatehouse's handlers in Claude Code's settings, and how to recognise them again. They use the exec form
 * (`command` + `args`, Claude Code 2.1.139+, §1.1): no shell sits between Claude Code and the hook, so no
 * path needs quoting for sh, PowerShell or cmd, no shell profile can print into the decision, and no shell
 * start-up is paid on every prompt.
 */
import { PERMISSION_DENIED, PERMISSION_REQUEST } from '../hook/claude-events';
import { REFUSAL_WAIT_MS } from '../../common/classifier-refusal';
import type { ClaudeHookEvent } from '../hook/claude-events';
import { isObject } from '../hook/shape';
import type { JsonObject } from '../hook/shape';
import type { Launcher } from '../config-files/hook-groups';
import { commandRunsBundle, isHookBundle } from '../config-files/hook-bundle';

/**
 * Seconds Claude Code gives each handler. The permission request waits for a person; the rest are hints
 * that finish in milliseconds, so a short bound keeps a stuck one from holding up a tool call or a prompt.
 */
function timeoutOf(event: ClaudeHookEvent): number | undefined {
  if (event === PERMISSION_REQUEST) return 600;
  // The refusal's card goes back after its wait, and the hook answers then; the margin covers a loaded
  // machine's start-up, so Claude Code never kills the hook with its card still up.
  if (event === PERMISSION_DENIED) return REFUSAL_WAIT_MS / 1000 + 15;
  // SessionEnd keeps its own short budget (1.5 s, §1.1): any timeout here would only lengthen it.
  return event.name === 'SessionEnd' ? undefined : 5;
}

/**
 * The events whose handler Claude Code runs in the background (`async: true`): 2.1.328 spawns it, writes
 * the hook input to its stdin and goes on at once, so a tool call or a prompt no longer waits for a node
 * start and a round trip to the console (docs/claude-code.md, "What Gatehouse adds to a call"). These only
 * tell the console what already happened, so nothing waits for their answer. SessionEnd runs in its own
 * short budget at exit, where a background process could be cut off; PermissionRequest waits for a person.
 */
const IN_BACKGROUND = new Set(['PostToolUse', 'PostToolUseFailure', 'UserPromptSubmit', 'Stop']);

export function gatehouseHandler(launcher: Launcher, event: ClaudeHookEvent): JsonObject {
  const timeout = timeoutOf(event);
  return {
    type: 'command',
    command: launcher.node,
    args: [launcher.cli, 'hook', event.arg],
    ...(timeout === undefined ? {} : { timeout }),
    ...(IN_BACKGROUND.has(event.name) ? { async: true } : {}),
  };
}

/** A new matcher group for the event: tool events match every tool, the others take no matcher. */
export function gatehouseGroup(launcher: Launcher, event: ClaudeHookEvent): JsonObject {
  return {
    ...(event.toolEvent ? { matcher: '*' } : {}),
    hooks: [gatehouseHandler(launcher, event)],
  };
}

/**
 * Whether a handler is Gatehouse's for this event: it runs a Gatehouse bundle with `hook <event>`. Any
 * install location counts, so re-installing from a moved checkout replaces the old entry instead of adding
 * a second hook beside it; the string form counts too, as earlier READMEs had people write it by hand.
 */
export function isGatehouseHandler(handler: unknown, event: ClaudeHookEvent): boolean {
  if (!isObject(handler) || handler.type !== 'command') return false;
  const { args, command } = handler;
  if (Array.isArray(args)) {
    const [cli, verb, arg, ...rest] = args as unknown[];
    return (
      typeof cli === 'string' &&
      isHookBundle(cli) &&
      verb === 'hook' &&
      arg === event.arg &&
      rest.length === 0
    );
  }
  return typeof command === 'string' && commandRunsBundle(command, ['hook', event.arg]);
}
