/**
 * Claude Code's log export pointed at the console, as `env` in the user's settings (docs/claude-code.md,
 * "Telemetry"): the binary drops OTEL keys from project and local settings, so only the user's file works.
 * Claude Code sends its logs to one OTLP endpoint, so a person who already exports them keeps theirs and
 * Gatehouse adds nothing. Which keys Gatehouse added is kept beside them (`GATEHOUSE_TELEMETRY_ADDED`), so
 * uninstall removes exactly those and leaves every key the person had.
 */
import { PRE_TOOL_USE_PATH, TELEMETRY_HEADER } from '../../files/telemetry-token';
import type { TelemetryTarget } from '../../files/telemetry-token';
import type { Change } from '../config-files/change-settings';
import { isObject } from '../hook/shape';
import type { JsonObject } from '../hook/shape';

export const ADDED_KEY = 'GATEHOUSE_TELEMETRY_ADDED';
/** In the added list when `env` itself was made by Gatehouse, so uninstall removes it again. */
const MADE_ENV = 'env';

/** A call's records reach the console within this, well inside the 2 s the activity view promises. */
export const EXPORT_INTERVAL_MS = 1000;
const SHUTDOWN_TIMEOUT_MS = 500;

export function telemetryEnv(target: TelemetryTarget): Record<string, string> {
  return {
    CLAUDE_CODE_ENABLE_TELEMETRY: '1',
    OTEL_LOGS_EXPORTER: 'otlp',
    OTEL_EXPORTER_OTLP_LOGS_PROTOCOL: 'http/protobuf',
    OTEL_EXPORTER_OTLP_LOGS_ENDPOINT: target.endpoint,
    OTEL_EXPORTER_OTLP_LOGS_HEADERS: `${TELEMETRY_HEADER}=${target.token}`,
    OTEL_LOGS_EXPORT_INTERVAL: String(EXPORT_INTERVAL_MS),
    // At exit Claude Code waits for its last export up to this (2 s by default): with no console listening,
    // that wait would be added to every session's end. A console on loopback takes an export in milliseconds.
    CLAUDE_CODE_OTEL_SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    // The call's input, which joins a call to the card Gatehouse showed for it (its hook input has no tool_use_id).
    OTEL_LOG_TOOL_DETAILS: '1',
  };
}

/** The PreToolUse http hook's header names this; Claude Code interpolates only the variables a hook lists. */
const TOKEN_VAR = 'GATEHOUSE_TELEMETRY_TOKEN';
/**
 * Seconds Claude Code waits for the console's answer. The console answers from memory in milliseconds; a
 * refused connection (no console) fails at once, so this bounds only a console that hangs.
 */
const PRE_TOOL_USE_TIMEOUT_S = 2;

/**
 * The PreToolUse `http` hook that lets a retried call through once a person overturned its refusal
 * (docs/claude-code.md, "The retried call"): Claude Code posts each tool call to the console, which answers
 * `{}` unless a one-shot retry grant matches it. No process is started per call, but Claude Code's own http
 * hook machinery still adds 12-25 ms to every call, so it goes in only with `--retry-hook`.
 */
export function preToolUseHook(target: TelemetryTarget): JsonObject {
  return {
    type: 'http',
    url: new URL(PRE_TOOL_USE_PATH, target.endpoint).href,
    timeout: PRE_TOOL_USE_TIMEOUT_S,
    headers: { [TELEMETRY_HEADER]: `$${TOKEN_VAR}` },
    allowedEnvVars: [TOKEN_VAR],
  };
}

/** Whether a handler is Gatehouse's PreToolUse http hook, to whichever port it points. */
export function isPreToolUseHook(handler: unknown): boolean {
  if (!isObject(handler) || handler.type !== 'http' || typeof handler.url !== 'string') return false;
  try {
    const url = new URL(handler.url);
    return url.hostname === '127.0.0.1' && url.pathname === PRE_TOOL_USE_PATH;
  } catch {
    return false;
  }
}

type Groups = JsonObject[];

function preToolUseGroups(settings: JsonObject): Groups {
  const hooks = isObject(settings.hooks) ? settings.hooks : {};
  return Array.isArray(hooks.PreToolUse) ? (hooks.PreToolUse as Groups) : [];
}

/** The settings with Gatehouse's PreToolUse handlers taken out, and groups and keys it leaves empty. */
function withoutPreToolUseHook(settings: JsonObject): JsonObject {
  const ours = (group: unknown) =>
    isObject(group) && Array.isArray(group.hooks) && group.hooks.some(isPreToolUseHook);
  if (!preToolUseGroups(settings).some(ours) || !isObject(settings.hooks)) return settings;
  const groups = preToolUseGroups(settings).flatMap((group) => {
    if (!isObject(group) || !Array.isArray(group.hooks)) return [group];
    const kept = group.hooks.filter((handler) => !isPreToolUseHook(handler));
    if (kept.length === group.hooks.length) return [group];
    return kept.length ? [{ ...group, hooks: kept }] : [];
  });
  const { PreToolUse: _, ...otherEvents } = settings.hooks;
  const hooks = groups.length ? { ...otherEvents, PreToolUse: groups } : otherEvents;
  const { hooks: __, ...rest } = settings;
  return Object.keys(hooks).length ? { ...settings, hooks } : rest;
}

function withPreToolUseHook(settings: JsonObject, target: TelemetryTarget): JsonObject {
  const base = withoutPreToolUseHook(settings);
  const hooks = isObject(base.hooks) ? base.hooks : {};
  const group = { matcher: '*', hooks: [preToolUseHook(target)] };
  return { ...base, hooks: { ...hooks, PreToolUse: [...preToolUseGroups(base), group] } };
}

/** Whether the settings hold Gatehouse's PreToolUse hook, to whichever port it points. */
function hasAnyPreToolUseHook(settings: JsonObject): boolean {
  return preToolUseGroups(settings).some(
    (group) => isObject(group) && Array.isArray(group.hooks) && group.hooks.some(isPreToolUseHook),
  );
}

/** Whether the settings hold the PreToolUse hook pointed at this console. */
function hasPreToolUseHook(settings: JsonObject, target: TelemetryTarget): boolean {
  const wanted = JSON.stringify(preToolUseHook(target));
  return preToolUseGroups(settings).some(
    (group) =>
      isObject(group) &&
      Array.isArray(group.hooks) &&
      group.hooks.some((handler) => JSON.stringify(handler) === wanted),
  );
}

export type TelemetryChange = Change | { readonly conflict: string };

/** Why the person's own settings keep Gatehouse's export out, or undefined when it can go in. */
export function telemetryConflict(settings: JsonObject, path: string): string | undefined {
  const env = isObject(settings.env) ? settings.env : undefined;
  if (settings.env !== undefined && env === undefined)
    return `"env" in ${path} is not an object, so Gatehouse did not add Claude Code's telemetry to it.`;
  const added = addedKeys(env);
  const theirs = (key: string) => env?.[key] !== undefined && !added.has(key);
  if (theirs('OTEL_LOGS_EXPORTER') || theirs('OTEL_EXPORTER_OTLP_LOGS_ENDPOINT'))
    return `${path} already exports Claude Code's logs (OTEL_LOGS_EXPORTER=${String(env?.OTEL_LOGS_EXPORTER ?? 'otlp')}), and Claude Code sends them to one place only, so Gatehouse left yours in place: the activity view shows only the calls that reach the console.`;
  const enabled = env?.CLAUDE_CODE_ENABLE_TELEMETRY;
  if (theirs('CLAUDE_CODE_ENABLE_TELEMETRY') && !['1', 'true', 1, true].includes(enabled as string))
    return `${path} turns Claude Code's telemetry off (CLAUDE_CODE_ENABLE_TELEMETRY=${String(enabled)}), so Gatehouse left it off: the activity view shows only the calls that reach the console.`;
  return undefined;
}

/**
 * The settings with the console's export added (or brought up to date), or why the person's own export stays.
 * The PreToolUse http hook goes in with `retryHook`, and one already there is kept and pointed at this
 * console: installing again without the flag never takes away what the person asked for before.
 */
export function installTelemetry(
  settings: JsonObject,
  target: TelemetryTarget,
  path: string,
  retryHook: boolean,
): TelemetryChange {
  const conflict = telemetryConflict(settings, path);
  if (conflict !== undefined) return { conflict };
  const env = isObject(settings.env) ? settings.env : undefined;
  const added = addedKeys(env);
  const withHook = retryHook || hasAnyPreToolUseHook(settings);
  const wanted = { ...telemetryEnv(target), ...(withHook ? { [TOKEN_VAR]: target.token } : {}) };
  const theirs = (key: string) => env?.[key] !== undefined && !added.has(key);
  const next: JsonObject = { ...env };
  const nowAdded = new Set(added);
  if (env === undefined) nowAdded.add(MADE_ENV);
  for (const [key, value] of Object.entries(wanted)) {
    if (theirs(key)) continue;
    next[key] = value;
    nowAdded.add(key);
  }
  next[ADDED_KEY] = [...nowAdded].join(',');
  const envChanged = JSON.stringify(next) !== JSON.stringify(env ?? {}) || env === undefined;
  const hookChanged = withHook && !hasPreToolUseHook(settings, target);
  if (!envChanged && !hookChanged) return { settings, changed: false };
  const withEnv = { ...settings, env: next };
  return { settings: withHook ? withPreToolUseHook(withEnv, target) : withEnv, changed: true };
}

/** The settings without the keys Gatehouse added, and without `env` if Gatehouse made it and it is now empty. */
export function uninstallTelemetry(original: JsonObject): Change {
  const settings = withoutPreToolUseHook(original);
  if (!isObject(settings.env) || settings.env[ADDED_KEY] === undefined)
    return { settings, changed: settings !== original };
  const added = addedKeys(settings.env);
  const next: JsonObject = {};
  for (const [key, value] of Object.entries(settings.env))
    if (key !== ADDED_KEY && !added.has(key)) next[key] = value;
  const { env: _, ...rest } = settings;
  return {
    settings: added.has(MADE_ENV) && Object.keys(next).length === 0 ? rest : { ...settings, env: next },
    changed: true,
  };
}

/** Whether the settings hold Gatehouse's export, up to date or not. */
export function hasGatehouseExport(settings: JsonObject): boolean {
  return isObject(settings.env) && settings.env[ADDED_KEY] !== undefined;
}

/** What `doctor` says of the user's settings: whether their export reaches this console. */
export function telemetryStatus(
  settings: JsonObject,
  target: TelemetryTarget,
): 'ok' | 'absent' | 'theirs' | 'stale' {
  const env = isObject(settings.env) ? settings.env : undefined;
  if (env?.[ADDED_KEY] === undefined) return env?.OTEL_LOGS_EXPORTER !== undefined ? 'theirs' : 'absent';
  const wanted = telemetryEnv(target);
  return env.OTEL_EXPORTER_OTLP_LOGS_ENDPOINT === wanted.OTEL_EXPORTER_OTLP_LOGS_ENDPOINT &&
    env.OTEL_EXPORTER_OTLP_LOGS_HEADERS === wanted.OTEL_EXPORTER_OTLP_LOGS_HEADERS
    ? 'ok'
    : 'stale';
}

/** What `doctor` says of the PreToolUse http hook: there and asking this console with its token, or not. */
export function retryHookStatus(settings: JsonObject, target: TelemetryTarget): 'ok' | 'absent' | 'stale' {
  if (!hasAnyPreToolUseHook(settings)) return 'absent';
  const env = isObject(settings.env) ? settings.env : undefined;
  return env?.[TOKEN_VAR] === target.token && hasPreToolUseHook(settings, target) ? 'ok' : 'stale';
}

function addedKeys(env: JsonObject | undefined): Set<string> {
  const list = env?.[ADDED_KEY];
  return new Set(typeof list === 'string' && list.length > 0 ? list.split(',') : []);
}
