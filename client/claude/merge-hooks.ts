/**
 * Adding and removing Gatehouse's handlers in a parsed settings object. Pure, and conservative: only the
 * `hooks` entries of the events Gatehouse handles are read or changed, everything else is carried over as
 * it was (key order included), and nothing is removed that Gatehouse did not put there.
 */
import { isDeepStrictEqual } from 'node:util';
import { CLAUDE_HOOK_EVENTS } from '../hook/claude-events';
import type { ClaudeHookEvent } from '../hook/claude-events';
import { isObject } from '../hook/shape';
import type { JsonObject } from '../hook/shape';
import { gatehouseGroup, gatehouseHandler, isGatehouseHandler } from './gatehouse-hooks';
import type { Launcher } from './gatehouse-hooks';
import { parseSettings } from './settings-file';

/** A settings file whose shape Gatehouse will not edit; the message is one sentence about it. */
export class MalformedSettings extends Error {}

export interface Change {
  readonly settings: JsonObject;
  readonly changed: boolean;
}

type Group = JsonObject & { hooks: unknown[] };

/** The event's matcher groups, checked only as far as Gatehouse needs to edit them. */
function groupsOf(settings: JsonObject, event: ClaudeHookEvent): Group[] | undefined {
  const hooks = settings.hooks;
  if (hooks === undefined) return undefined;
  if (!isObject(hooks)) throw new MalformedSettings('its "hooks" is not an object');
  const groups = hooks[event.name];
  if (groups === undefined) return undefined;
  if (!Array.isArray(groups))
    throw new MalformedSettings(`its "hooks.${event.name}" is not a list of matcher groups`);
  groups.forEach((group, index) => {
    if (!isObject(group) || !Array.isArray(group.hooks))
      throw new MalformedSettings(
        `its "hooks.${event.name}[${index}]" is not a matcher group with a "hooks" list`,
      );
  });
  return groups as Group[];
}

/** Checks every event Gatehouse edits, so a half-applied change can never happen. */
function checkShape(settings: unknown): JsonObject {
  if (!isObject(settings)) throw new MalformedSettings('it does not hold a JSON object');
  for (const event of CLAUDE_HOOK_EVENTS) groupsOf(settings, event);
  return settings;
}

/** The settings in a file's text, checked as far as Gatehouse edits them; throws MalformedSettings. */
export function settingsOf(text: string | undefined): JsonObject {
  const parsed = parseSettings(text);
  if ('problem' in parsed) throw new MalformedSettings(parsed.problem);
  return checkShape(parsed.value);
}

function withGroups(settings: JsonObject, event: ClaudeHookEvent, groups: Group[]): JsonObject {
  const hooks = { ...(isObject(settings.hooks) ? settings.hooks : {}) };
  if (groups.length) hooks[event.name] = groups;
  else delete hooks[event.name];
  const next: JsonObject = { ...settings, hooks };
  if (!Object.keys(hooks).length) delete next.hooks;
  return next;
}

/**
 * Removes Gatehouse's handlers for the event except the one at `keep` (group, handler), and the groups
 * left empty by that; groups that were empty already stay.
 */
function withoutOurs(groups: Group[], event: ClaudeHookEvent, keep?: [number, number]): Group[] {
  return groups.flatMap((group, g) => {
    const hooks = group.hooks.filter(
      (handler, h) => !isGatehouseHandler(handler, event) || (keep?.[0] === g && keep[1] === h),
    );
    if (hooks.length === group.hooks.length) return [group];
    return hooks.length ? [{ ...group, hooks }] : [];
  });
}

function installEvent(settings: JsonObject, event: ClaudeHookEvent, launcher: Launcher): JsonObject {
  const groups = groupsOf(settings, event) ?? [];
  const g = groups.findIndex((group) => group.hooks.some((handler) => isGatehouseHandler(handler, event)));
  if (g === -1) return withGroups(settings, event, [...groups, gatehouseGroup(launcher, event) as Group]);
  // Already there: bring the first one up to date where it stands, and drop any duplicates.
  const h = groups[g]!.hooks.findIndex((handler) => isGatehouseHandler(handler, event));
  const wanted = gatehouseHandler(launcher, event);
  const updated = groups.map((group, i) =>
    i === g ? { ...group, hooks: group.hooks.map((handler, j) => (j === h ? wanted : handler)) } : group,
  );
  return withGroups(settings, event, withoutOurs(updated, event, [g, h]));
}

function uninstallEvent(settings: JsonObject, event: ClaudeHookEvent): JsonObject {
  const groups = groupsOf(settings, event);
  if (!groups) return settings;
  const kept = withoutOurs(groups, event);
  return kept.length === groups.length && kept.every((group, i) => group === groups[i])
    ? settings
    : withGroups(settings, event, kept);
}

function compare(before: JsonObject, after: JsonObject): Change {
  // Key order is not a change: a handler someone reformatted is still up to date.
  return { settings: after, changed: !isDeepStrictEqual(before, after) };
}

export function installHooks(settings: JsonObject, launcher: Launcher): Change {
  const after = CLAUDE_HOOK_EVENTS.reduce(
    (current, event) => installEvent(current, event, launcher),
    settings,
  );
  return compare(settings, after);
}

export function uninstallHooks(settings: JsonObject): Change {
  const after = CLAUDE_HOOK_EVENTS.reduce((current, event) => uninstallEvent(current, event), settings);
  return compare(settings, after);
}

/** Which of Gatehouse's events the settings hold a handler for, with the handlers found. */
export function installedHandlers(settings: JsonObject): Map<ClaudeHookEvent, JsonObject> {
  const found = new Map<ClaudeHookEvent, JsonObject>();
  for (const event of CLAUDE_HOOK_EVENTS) {
    const handler = (groupsOf(settings, event) ?? [])
      .flatMap((group) => group.hooks)
      .find((candidate) => isGatehouseHandler(candidate, event));
    if (isObject(handler)) found.set(event, handler);
  }
  return found;
}
