/** Gatehouse's handlers in a parsed Claude Code settings object: the shared hook-table edits, Claude's way. */
import { CLAUDE_HOOK_EVENTS } from '../hook/claude-events';
import type { ClaudeHookEvent } from '../hook/claude-events';
import type { JsonObject } from '../hook/shape';
import type { Change } from '../config-files/change-settings';
import {
  checkHookShape,
  eventsLeavingOut,
  installedHandlers as foundHandlers,
  installHooksLeavingOut,
  uninstallHooks as removeHooks,
} from '../config-files/hook-groups';
import type { HookFlavour, Launcher } from '../config-files/hook-groups';
import { MalformedSettings, parseSettings } from '../config-files/settings-file';
import { gatehouseGroup, gatehouseHandler, isGatehouseHandler } from './gatehouse-hooks';

const CLAUDE_FLAVOUR: HookFlavour = {
  events: CLAUDE_HOOK_EVENTS,
  handler: gatehouseHandler,
  group: gatehouseGroup,
  isOurs: isGatehouseHandler,
};

/** The settings in a file's text, checked as far as Gatehouse edits them; throws MalformedSettings. */
export function settingsOf(text: string | undefined): JsonObject {
  const parsed = parseSettings(text);
  if ('problem' in parsed) throw new MalformedSettings(parsed.problem);
  return checkHookShape(parsed.value, CLAUDE_FLAVOUR);
}

/**
 * PostToolUse and PostToolUseFailure, which tell the console a call ran. Claude Code runs them on every tool
 * call; its own `tool_result` telemetry says the same (main/telemetry/agent-events.ts, `retiringEvents`),
 * so where that reaches the console they are left out and a tool call spawns nothing of Gatehouse's.
 */
export const TOOL_RESULT_EVENTS: readonly ClaudeHookEvent[] = CLAUDE_HOOK_EVENTS.filter(
  (event) => event.sessionEvent === 'tool.finished' || event.sessionEvent === 'tool.failed',
);

/** The events Gatehouse's handlers go on, given whether Claude Code's telemetry reaches the console. */
export function wantedEvents(telemetryRetires: boolean): readonly ClaudeHookEvent[] {
  return eventsLeavingOut(CLAUDE_HOOK_EVENTS, telemetryRetires ? TOOL_RESULT_EVENTS : []);
}

/** Adds Gatehouse's handlers; with `telemetryRetires`, takes out its tool-result handlers instead of adding them. */
export function installHooks(settings: JsonObject, launcher: Launcher, telemetryRetires = false): Change {
  return installHooksLeavingOut(
    settings,
    launcher,
    CLAUDE_FLAVOUR,
    telemetryRetires ? TOOL_RESULT_EVENTS : [],
  );
}

export function uninstallHooks(settings: JsonObject): Change {
  return removeHooks(settings, CLAUDE_FLAVOUR);
}

/** Which of Gatehouse's events the settings hold a handler for, with the handlers found. */
export function installedHandlers(settings: JsonObject): Map<ClaudeHookEvent, JsonObject> {
  const found = new Map<ClaudeHookEvent, JsonObject>();
  for (const [event, { handler }] of foundHandlers(settings, CLAUDE_FLAVOUR)) found.set(event, handler);
  return found;
}
