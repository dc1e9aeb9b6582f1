/** Gatehouse's handlers in a parsed Claude Code settings object: the shared hook-table edits, Claude's way. */
import { CLAUDE_HOOK_EVENTS } from '../hook/claude-events';
import type { ClaudeHookEvent } from '../hook/claude-events';
import type { JsonObject } from '../hook/shape';
import type { Change } from '../config-files/change-settings';
import {
  checkHookShape,
  installedHandlers as foundHandlers,
  installHooks as addHooks,
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

export function installHooks(settings: JsonObject, launcher: Launcher): Change {
  return addHooks(settings, launcher, CLAUDE_FLAVOUR);
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
