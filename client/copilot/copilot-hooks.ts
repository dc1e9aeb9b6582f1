/**
 * Gatehouse's handler in a GitHub Copilot CLI hook config, and how to recognise it again. Copilot lists
 * handlers straight under the event (`hooks.permissionRequest: [{type, bash, timeoutSec}]`), with no
 * matcher groups, and runs `bash` through bash, so each path is quoted for sh. Pure.
 */
import { isDeepStrictEqual } from 'node:util';
import { COPILOT_PERMISSION_REQUEST } from '../hook/copilot-events';
import { isObject } from '../hook/shape';
import type { JsonObject } from '../hook/shape';
import type { Change } from '../config-files/change-settings';
import { commandRunsBundle, shellWord } from '../config-files/hook-bundle';
import type { Launcher } from '../config-files/hook-groups';
import { MalformedSettings, parseSettings } from '../config-files/settings-file';

const EVENT = COPILOT_PERMISSION_REQUEST.name;

/**
 * Seconds Copilot gives the hook before it skips it and shows its own prompt. The hook hands back well
 * before that on its own (GATEHOUSE_HOOK_TIMEOUT_MS); this only bounds a longer wait someone sets.
 */
const TIMEOUT_SEC = 600;

export function copilotHandler(launcher: Launcher): JsonObject {
  return {
    type: 'command',
    bash:
      [launcher.node, launcher.cli].map(shellWord).join(' ') +
      ` hook copilot ${COPILOT_PERMISSION_REQUEST.arg}`,
    timeoutSec: TIMEOUT_SEC,
  };
}

export function isCopilotHandler(handler: unknown): boolean {
  return (
    isObject(handler) &&
    handler.type === 'command' &&
    typeof handler.bash === 'string' &&
    commandRunsBundle(handler.bash, ['hook', 'copilot', COPILOT_PERMISSION_REQUEST.arg])
  );
}

/** The event's handlers, checked only as far as Gatehouse edits them. */
function handlersOf(file: JsonObject): unknown[] | undefined {
  if (file.hooks === undefined) return undefined;
  if (!isObject(file.hooks)) throw new MalformedSettings('its "hooks" is not an object');
  const handlers = file.hooks[EVENT];
  if (handlers === undefined) return undefined;
  if (!Array.isArray(handlers)) throw new MalformedSettings(`its "hooks.${EVENT}" is not a list of hooks`);
  return handlers;
}

/** A project hook file starts as Copilot's documented `{"version": 1, "hooks": {}}`. */
export function copilotHookFileOf(text: string | undefined, project: boolean): JsonObject {
  const parsed = parseSettings(text);
  if ('problem' in parsed) throw new MalformedSettings(parsed.problem);
  if (!isObject(parsed.value)) throw new MalformedSettings('it does not hold a JSON object');
  const file = project && text === undefined ? { version: 1 } : parsed.value;
  handlersOf(file);
  return file;
}

function withHandlers(file: JsonObject, handlers: unknown[]): JsonObject {
  const hooks = { ...(isObject(file.hooks) ? file.hooks : {}) };
  if (handlers.length) hooks[EVENT] = handlers;
  else delete hooks[EVENT];
  const next: JsonObject = { ...file, hooks };
  if (!Object.keys(hooks).length && !('version' in file)) delete next.hooks;
  return next;
}

/** Adds Gatehouse's handler after any there are, or brings the first one up to date where it stands. */
export function installCopilotHook(file: JsonObject, launcher: Launcher): Change {
  const handlers = handlersOf(file) ?? [];
  const wanted = copilotHandler(launcher);
  const first = handlers.findIndex(isCopilotHandler);
  const next =
    first === -1
      ? [...handlers, wanted]
      : handlers.flatMap((handler, i) =>
          i === first ? [wanted] : isCopilotHandler(handler) ? [] : [handler],
        );
  const after = withHandlers(file, next);
  return { settings: after, changed: !isDeepStrictEqual(file, after) };
}

export function uninstallCopilotHook(file: JsonObject): Change {
  const handlers = handlersOf(file);
  if (!handlers?.some(isCopilotHandler)) return { settings: file, changed: false };
  return {
    settings: withHandlers(
      file,
      handlers.filter((handler) => !isCopilotHandler(handler)),
    ),
    changed: true,
  };
}

/** Gatehouse's handler in the file, if it is there. */
export function installedCopilotHandler(file: JsonObject): JsonObject | undefined {
  const found = (handlersOf(file) ?? []).find(isCopilotHandler);
  return isObject(found) ? found : undefined;
}
