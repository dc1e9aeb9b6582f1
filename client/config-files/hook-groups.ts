/**
 * Adding and removing Gatehouse's handlers in the `hooks` table that Claude Code's settings and Codex's
 * hooks.json share (`hooks.<Event>: [{matcher?, hooks: [handler…]}]`). Pure, and conservative: only the
 * entries of the events Gatehouse handles are read or changed, everything else is carried over as it was
 * (key order included), nothing is removed that Gatehouse did not put there, and a new group goes after
 * the existing ones (Codex trusts hooks by position).
 */
import { isDeepStrictEqual } from 'node:util';
import type { ClaudeHookEvent } from '../hook/claude-events';
import { isObject } from '../hook/shape';
import type { JsonObject } from '../hook/shape';
import type { Change } from './change-settings';
import { MalformedSettings } from './settings-file';

/** Absolute paths, so the hook works whatever PATH the agent runs it with. */
export interface Launcher {
  readonly node: string;
  readonly cli: string;
}

/** One agent's way of writing and recognising Gatehouse's handlers. */
export interface HookFlavour {
  readonly events: readonly ClaudeHookEvent[];
  readonly handler: (launcher: Launcher, event: ClaudeHookEvent) => JsonObject;
  readonly group: (launcher: Launcher, event: ClaudeHookEvent) => JsonObject;
  readonly isOurs: (handler: unknown, event: ClaudeHookEvent) => boolean;
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
export function checkHookShape(settings: unknown, flavour: HookFlavour): JsonObject {
  if (!isObject(settings)) throw new MalformedSettings('it does not hold a JSON object');
  for (const event of flavour.events) groupsOf(settings, event);
  return settings;
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
function withoutOurs(
  groups: Group[],
  event: ClaudeHookEvent,
  flavour: HookFlavour,
  keep?: [number, number],
): Group[] {
  return groups.flatMap((group, g) => {
    const hooks = group.hooks.filter(
      (handler, h) => !flavour.isOurs(handler, event) || (keep?.[0] === g && keep[1] === h),
    );
    if (hooks.length === group.hooks.length) return [group];
    return hooks.length ? [{ ...group, hooks }] : [];
  });
}

function installEvent(
  settings: JsonObject,
  event: ClaudeHookEvent,
  launcher: Launcher,
  flavour: HookFlavour,
): JsonObject {
  const groups = groupsOf(settings, event) ?? [];
  const g = groups.findIndex((group) => group.hooks.some((handler) => flavour.isOurs(handler, event)));
  if (g === -1) return withGroups(settings, event, [...groups, flavour.group(launcher, event) as Group]);
  // Already there: bring the first one up to date where it stands, and drop any duplicates.
  const h = groups[g]!.hooks.findIndex((handler) => flavour.isOurs(handler, event));
  const wanted = flavour.handler(launcher, event);
  const updated = groups.map((group, i) =>
    i === g ? { ...group, hooks: group.hooks.map((handler, j) => (j === h ? wanted : handler)) } : group,
  );
  return withGroups(settings, event, withoutOurs(updated, event, flavour, [g, h]));
}

function uninstallEvent(settings: JsonObject, event: ClaudeHookEvent, flavour: HookFlavour): JsonObject {
  const groups = groupsOf(settings, event);
  if (!groups) return settings;
  const kept = withoutOurs(groups, event, flavour);
  return kept.length === groups.length && kept.every((group, i) => group === groups[i])
    ? settings
    : withGroups(settings, event, kept);
}

function compare(before: JsonObject, after: JsonObject): Change {
  // Key order is not a change: a handler someone reformatted is still up to date.
  return { settings: after, changed: !isDeepStrictEqual(before, after) };
}

export function installHooks(settings: JsonObject, launcher: Launcher, flavour: HookFlavour): Change {
  const after = flavour.events.reduce(
    (current, event) => installEvent(current, event, launcher, flavour),
    settings,
  );
  return compare(settings, after);
}

export function uninstallHooks(settings: JsonObject, flavour: HookFlavour): Change {
  const after = flavour.events.reduce((current, event) => uninstallEvent(current, event, flavour), settings);
  return compare(settings, after);
}

/** `events` but those in `leftOut`, in their order. */
export function eventsLeavingOut(
  events: readonly ClaudeHookEvent[],
  leftOut: readonly ClaudeHookEvent[],
): readonly ClaudeHookEvent[] {
  return events.filter((event) => !leftOut.includes(event));
}

/**
 * Adds the flavour's handlers but those of `leftOut`, whose handlers an earlier install wrote are taken out:
 * the tool-result hooks, where the agent's own telemetry tells the console the same.
 */
export function installHooksLeavingOut(
  settings: JsonObject,
  launcher: Launcher,
  flavour: HookFlavour,
  leftOut: readonly ClaudeHookEvent[],
): Change {
  const added = installHooks(settings, launcher, {
    ...flavour,
    events: eventsLeavingOut(flavour.events, leftOut),
  });
  if (leftOut.length === 0) return added;
  const removed = uninstallHooks(added.settings, { ...flavour, events: leftOut });
  return { settings: removed.settings, changed: added.changed || removed.changed };
}

/** Where Gatehouse's handler for an event stands: its group and its place in that group. */
export interface FoundHandler {
  readonly handler: JsonObject;
  readonly group: number;
  readonly index: number;
}

/** Which of Gatehouse's events the settings hold a handler for (the first one of each), and where. */
export function installedHandlers(
  settings: JsonObject,
  flavour: HookFlavour,
): Map<ClaudeHookEvent, FoundHandler> {
  const found = new Map<ClaudeHookEvent, FoundHandler>();
  for (const event of flavour.events) {
    const groups = groupsOf(settings, event) ?? [];
    for (const [group, { hooks }] of groups.entries()) {
      const index = hooks.findIndex((candidate) => flavour.isOurs(candidate, event));
      const handler = hooks[index];
      if (index !== -1 && isObject(handler)) {
        found.set(event, { handler, group, index });
        break;
      }
    }
  }
  return found;
}
