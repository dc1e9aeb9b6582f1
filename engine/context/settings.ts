/**
 * The `permissions` part of a settings file (docs/engine.md, Sources, files and precedence), validated by
 * hand so that every problem becomes one sentence that names the file and the key. Keys the engine does not
 * own (hooks, env, ...) are left alone.
 */
import { permissionModes, ruleBehaviors, type PermissionMode, type RuleBehavior } from '../types';
import { parseRule } from '../rules/syntax';
import type { RuleValue } from '../types';
import { phrase, type Phrase, type PhraseArg, type PhraseCode } from '../explain/phrases';

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
  /** `errorPhrase` is the code and parameters `error` was built from, for the console's language. */
  | { readonly ok: false; readonly error: string; readonly errorPhrase: Phrase };

/** Parses a settings file's text; `file` only names it in the error. An empty file holds no settings. */
export function parseSettingsText(text: string, file: string): SettingsParseResult {
  const fail = (code: PhraseCode, params: Phrase['params'] = {}): SettingsParseResult => {
    const said = phrase('settings.unusable', {
      file: { path: file },
      problem: { phrase: { code, params } },
    });
    return { ok: false, error: said.message, errorPhrase: said.phrase };
  };
  if (text.trim() === '') return { ok: true, settings: emptySettings };

  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    const { code, params } = jsonSyntaxProblem(error, text);
    return fail(code, params);
  }
  if (!isObject(raw)) return fail('settings.notObject', { kind: kindOf(raw) });

  const permissions = raw['permissions'];
  if (permissions === undefined) return { ok: true, settings: { ...emptySettings, ...topLevelFlags(raw) } };
  if (!isObject(permissions)) return fail('settings.permissionsNotObject', { kind: kindOf(permissions) });

  const rules: Record<RuleBehavior, RuleValue[]> = { deny: [], ask: [], allow: [] };
  for (const behavior of ruleBehaviors) {
    const list = permissions[behavior];
    if (list === undefined) continue;
    if (!Array.isArray(list))
      return fail('settings.rulesNotList', {
        key: { literal: `permissions.${behavior}` },
        kind: kindOf(list),
      });
    for (const [index, entry] of list.entries()) {
      const key = { literal: `permissions.${behavior}[${index}]` };
      if (typeof entry !== 'string') return fail('settings.ruleNotString', { key, kind: kindOf(entry) });
      const parsed = parseRule(entry);
      if (!parsed.ok) return fail('settings.invalidRule', { key, why: { phrase: parsed.errorPhrase } });
      rules[behavior].push(parsed.value);
    }
  }

  const dirs = permissions['additionalDirectories'];
  if (dirs !== undefined && !(Array.isArray(dirs) && dirs.every((d) => typeof d === 'string'))) {
    return fail('settings.directoriesNotList');
  }

  const mode = permissions['defaultMode'];
  let defaultMode: PermissionMode | undefined;
  if (mode !== undefined) {
    // `manual` is Claude Code's newer name for default (docs/claude-code.md, The hooks across versions).
    const name = mode === 'manual' ? 'default' : mode;
    if (typeof name !== 'string' || !(permissionModes as readonly string[]).includes(name)) {
      return fail('settings.badMode', {
        value: { literal: JSON.stringify(mode) },
        modes: { text: permissionModes.join(', ') },
      });
    }
    defaultMode = name as PermissionMode;
  }

  const bypass = permissions['disableBypassPermissionsMode'];
  if (bypass !== undefined && bypass !== 'disable') {
    return fail('settings.badBypass', { value: { literal: JSON.stringify(bypass) } });
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
      return fail('settings.badSwitch', {
        key: { literal: `permissions.${name}` },
        value: { literal: JSON.stringify(value) },
      });
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

/** A JSON value's kind, as the sentence names it. */
function kindOf(value: unknown): PhraseArg {
  if (value === null) return { phrase: { code: 'kind.null', params: {} } };
  if (Array.isArray(value)) return { phrase: { code: 'kind.list', params: {} } };
  const kind = typeof value;
  if (kind === 'object' || kind === 'string' || kind === 'number' || kind === 'boolean')
    return { phrase: { code: `kind.${kind}`, params: {} } };
  return { text: `a ${kind}` };
}

/**
 * JSON.parse's complaint, as the problem of the file: V8's words stay as they are (a quoted detail), the
 * character offset some of them give becomes the line and column people want.
 */
export function jsonSyntaxProblem(error: unknown, text: string): Phrase {
  const message = error instanceof Error ? error.message : String(error);
  const position = /at position (\d+)/.exec(message);
  // V8 quotes a snippet of the text in some messages; the file name already says where to look.
  const detail = {
    text: message
      .replace(/\s*\(line \d+ column \d+\)$/, '')
      .replace(/ in JSON at position \d+.*$/s, '')
      .replace(/, (\.\.\.)?"[\s\S]*" is not valid JSON$/, '')
      .replace(/[.]$/, ''),
  };
  if (!position) return { code: 'settings.notJson', params: { detail } };
  const offset = Number(position[1]);
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return { code: 'settings.notJsonAt', params: { detail, line: { count: line }, column: { count: column } } };
}
