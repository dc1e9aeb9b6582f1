/**
 * The `permissions` part of a settings file (claude-code.md §2), validated by hand so that every problem
 * becomes one sentence that names the file and the key. Keys the engine does not own (hooks, env, ...) are
 * left alone.
 */
import { permissionModes, ruleBehaviors, type PermissionMode, type RuleBehavior } from '../types';
import { parseRule } from '../rules/syntax';
import type { RuleValue } from '../types';

export interface PermissionSettings {
  readonly rules: { readonly [B in RuleBehavior]: readonly RuleValue[] };
  readonly additionalDirectories: readonly string[];
  readonly defaultMode: PermissionMode | undefined;
  readonly disableBypassPermissionsMode: boolean;
  readonly allowManagedPermissionRulesOnly: boolean;
  /** Claude Code 2.1.3xx: a call that would prompt is denied at once (PermissionRequest hooks decide first). */
  readonly denyInsteadOfPrompting: boolean;
  /** Claude Code 2.1.3xx: reads outside the session's working directories are refused, not asked. */
  readonly blockReadsOutsideWorkingDirectories: boolean;
  /** Claude Code 2.1.3xx: writes outside the session's working directories are refused, not asked. */
  readonly blockWritesOutsideWorkingDirectories: boolean;
}

/** The `permissions` switches of Claude Code 2.1.3xx, each true or false. */
export const permissionSwitches = [
  'denyInsteadOfPrompting',
  'blockReadsOutsideWorkingDirectories',
  'blockWritesOutsideWorkingDirectories',
] as const;
export type PermissionSwitch = (typeof permissionSwitches)[number];

export const emptySettings: PermissionSettings = {
  rules: { deny: [], ask: [], allow: [] },
  additionalDirectories: [],
  defaultMode: undefined,
  disableBypassPermissionsMode: false,
  allowManagedPermissionRulesOnly: false,
  denyInsteadOfPrompting: false,
  blockReadsOutsideWorkingDirectories: false,
  blockWritesOutsideWorkingDirectories: false,
};

export type SettingsParseResult =
  | { readonly ok: true; readonly settings: PermissionSettings }
  | { readonly ok: false; readonly error: string };

/** Parses a settings file's text; `file` only names it in the error. An empty file holds no settings. */
export function parseSettingsText(text: string, file: string): SettingsParseResult {
  const fail = (problem: string): SettingsParseResult => ({
    ok: false,
    error: `The settings file ${file} ${problem}.`,
  });
  if (text.trim() === '') return { ok: true, settings: emptySettings };

  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return fail(`is not valid JSON (${describeJsonError(error, text)})`);
  }
  if (!isObject(raw)) return fail(`must hold a JSON object, not ${kindOf(raw)}`);

  const permissions = raw['permissions'];
  if (permissions === undefined) return { ok: true, settings: { ...emptySettings, ...topLevelFlags(raw) } };
  if (!isObject(permissions))
    return fail(`has "permissions" as ${kindOf(permissions)}, but it must be an object`);

  const rules: Record<RuleBehavior, RuleValue[]> = { deny: [], ask: [], allow: [] };
  for (const behavior of ruleBehaviors) {
    const list = permissions[behavior];
    if (list === undefined) continue;
    if (!Array.isArray(list))
      return fail(`has "permissions.${behavior}" as ${kindOf(list)}, but it must be a list of rules`);
    for (const [index, entry] of list.entries()) {
      if (typeof entry !== 'string')
        return fail(`has permissions.${behavior}[${index}] as ${kindOf(entry)}, but a rule must be a string`);
      const parsed = parseRule(entry);
      if (!parsed.ok)
        return fail(`has an invalid rule at permissions.${behavior}[${index}]: ${embed(parsed.error)}`);
      rules[behavior].push(parsed.value);
    }
  }

  const dirs = permissions['additionalDirectories'];
  if (dirs !== undefined && !(Array.isArray(dirs) && dirs.every((d) => typeof d === 'string'))) {
    return fail('has "permissions.additionalDirectories" that is not a list of folder paths');
  }

  const mode = permissions['defaultMode'];
  let defaultMode: PermissionMode | undefined;
  if (mode !== undefined) {
    // `manual` is Claude Code's newer name for default (claude-code.md §3.5).
    const name = mode === 'manual' ? 'default' : mode;
    if (typeof name !== 'string' || !(permissionModes as readonly string[]).includes(name)) {
      return fail(
        `has "permissions.defaultMode" set to ${JSON.stringify(mode)}, which is not one of ${permissionModes.join(', ')}`,
      );
    }
    defaultMode = name as PermissionMode;
  }

  const bypass = permissions['disableBypassPermissionsMode'];
  if (bypass !== undefined && bypass !== 'disable') {
    return fail(
      `has "permissions.disableBypassPermissionsMode" set to ${JSON.stringify(bypass)}, but its only value is "disable"`,
    );
  }

  const switches: Record<PermissionSwitch, boolean> = {
    denyInsteadOfPrompting: false,
    blockReadsOutsideWorkingDirectories: false,
    blockWritesOutsideWorkingDirectories: false,
  };
  for (const name of permissionSwitches) {
    const value = permissions[name];
    if (value === undefined) continue;
    if (typeof value !== 'boolean')
      return fail(`has "permissions.${name}" set to ${JSON.stringify(value)}, but it must be true or false`);
    switches[name] = value;
  }

  const flags = topLevelFlags(raw);
  return {
    ok: true,
    settings: {
      rules,
      additionalDirectories: (dirs as string[] | undefined) ?? [],
      defaultMode,
      disableBypassPermissionsMode: bypass === 'disable',
      allowManagedPermissionRulesOnly: flags.allowManagedPermissionRulesOnly,
      ...switches,
    },
  };
}

function topLevelFlags(raw: Record<string, unknown>): { allowManagedPermissionRulesOnly: boolean } {
  return { allowManagedPermissionRulesOnly: raw['allowManagedPermissionRulesOnly'] === true };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/** JSON.parse reports a character offset (for some errors); people want a line and column. */
function describeJsonError(error: unknown, text: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const position = /at position (\d+)/.exec(message);
  // V8 quotes a snippet of the text in some messages; the file name already says where to look.
  const base = message
    .replace(/\s*\(line \d+ column \d+\)$/, '')
    .replace(/ in JSON at position \d+.*$/s, '')
    .replace(/, (\.\.\.)?"[\s\S]*" is not valid JSON$/, '');
  if (!position) return unsentence(base);
  const offset = Number(position[1]);
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `${unsentence(base)} at line ${line}, column ${column}`;
}

/** Lets a sentence sit inside another one. */
function unsentence(text: string): string {
  return text.replace(/[.]$/, '');
}

function embed(sentence: string): string {
  const inner = unsentence(sentence);
  return inner.charAt(0).toLowerCase() + inner.slice(1);
}
