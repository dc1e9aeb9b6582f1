/**
 * Gatehouse's handlers in Codex's hooks.json, and how to recognise them again. Codex 0.169 runs a command
 * handler's `command` string through the shell and knows no exec form, so each path is quoted for sh.
 * Its root may hold only `description` and `hooks`: any other key makes Codex ignore the whole file.
 */
import { CODEX_HOOK_EVENTS, CODEX_PERMISSION_REQUEST } from '../hook/codex-events';
import type { CodexHookEvent } from '../hook/codex-events';
import { isObject } from '../hook/shape';
import type { JsonObject } from '../hook/shape';
import type { Change } from '../config-files/change-settings';
import { commandRunsBundle, shellWord } from '../config-files/hook-bundle';
import {
  checkHookShape,
  eventsLeavingOut,
  installedHandlers,
  installHooksLeavingOut,
  uninstallHooks,
} from '../config-files/hook-groups';
import type { FoundHandler, HookFlavour, Launcher } from '../config-files/hook-groups';
import { MalformedSettings, parseSettings } from '../config-files/settings-file';

const ROOT_KEYS = ['description', 'hooks'];

/**
 * Seconds Codex gives each handler before it kills it and shows its own prompt. The hook hands back well
 * before that on its own (GATEHOUSE_HOOK_TIMEOUT_MS); this only bounds a longer wait someone sets. The
 * other events finish in milliseconds.
 */
function timeoutOf(event: CodexHookEvent): number {
  if (event === CODEX_PERMISSION_REQUEST) return 600;
  // Codex clamps SessionEnd to 3 s with a warning on every start (seen in `codex app-server` hooks/list).
  return event.name === 'SessionEnd' ? 3 : 5;
}

export function codexHandler(launcher: Launcher, event: CodexHookEvent): JsonObject {
  return {
    type: 'command',
    command: [launcher.node, launcher.cli].map(shellWord).join(' ') + ` hook codex ${event.arg}`,
    timeout: timeoutOf(event),
  };
}

export function codexGroup(launcher: Launcher, event: CodexHookEvent): JsonObject {
  return {
    ...(event.toolEvent ? { matcher: '*' } : {}),
    hooks: [codexHandler(launcher, event)],
  };
}

/** Gatehouse's handler for the event, from any install location, so a re-install replaces it in place. */
export function isCodexHandler(handler: unknown, event: CodexHookEvent): boolean {
  return (
    isObject(handler) &&
    handler.type === 'command' &&
    typeof handler.command === 'string' &&
    commandRunsBundle(handler.command, ['hook', 'codex', event.arg])
  );
}

const CODEX_FLAVOUR: HookFlavour = {
  events: CODEX_HOOK_EVENTS,
  handler: codexHandler,
  group: codexGroup,
  isOurs: isCodexHandler,
};

/** The hooks.json in a file's text, checked as far as Gatehouse edits it; throws MalformedSettings. */
export function hooksFileOf(text: string | undefined): JsonObject {
  const parsed = parseSettings(text);
  if ('problem' in parsed) throw new MalformedSettings(parsed.problem);
  const file = checkHookShape(parsed.value, CODEX_FLAVOUR);
  const extra = Object.keys(file).filter((key) => !ROOT_KEYS.includes(key));
  if (extra.length)
    throw new MalformedSettings(
      `its root holds ${extra.map((key) => `"${key}"`).join(', ')}, and Codex ignores a hooks.json whose root holds anything but "description" and "hooks"`,
    );
  return file;
}

/**
 * PostToolUse, which tells the console a call ran. Codex runs it on every tool call and waits for it (it
 * runs an `async` hook in the foreground), a process started per call; its own `codex.tool_result` record
 * says the same, so where Gatehouse's exporter sends those to the console it is left out.
 */
export const CODEX_TOOL_RESULT_EVENTS: readonly CodexHookEvent[] = CODEX_HOOK_EVENTS.filter(
  (event) => event.sessionEvent === 'tool.finished',
);

/** The events Gatehouse's handlers go on, given whether Codex's telemetry reaches the console. */
export function codexWantedEvents(telemetryRetires: boolean): readonly CodexHookEvent[] {
  return eventsLeavingOut(CODEX_HOOK_EVENTS, telemetryRetires ? CODEX_TOOL_RESULT_EVENTS : []);
}

/** Adds Gatehouse's handlers; with `telemetryRetires`, takes out its tool-result handler instead of adding it. */
export function installCodexHooks(file: JsonObject, launcher: Launcher, telemetryRetires = false): Change {
  return installHooksLeavingOut(
    file,
    launcher,
    CODEX_FLAVOUR,
    telemetryRetires ? CODEX_TOOL_RESULT_EVENTS : [],
  );
}

export function uninstallCodexHooks(file: JsonObject): Change {
  return uninstallHooks(file, CODEX_FLAVOUR);
}

export function codexHandlers(file: JsonObject): Map<CodexHookEvent, FoundHandler> {
  return installedHandlers(file, CODEX_FLAVOUR);
}
