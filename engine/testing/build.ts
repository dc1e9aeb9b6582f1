/** Builds contexts for tests from rule lists, without files: one layer per source that has rules. */
import {
  createPermissionContext,
  type ContextOptions,
  type SettingsLayer,
  type ToolPermissionContext,
} from '../context/context';
import { emptySettings, type PermissionSettings } from '../context/settings';
import { parseRule } from '../rules/syntax';
import type { FileSource, RuleBehavior, RuleValue } from '../types';

export const CWD = '/work/project';
export const HOME = '/home/dev';

export type RuleLists = { readonly [B in RuleBehavior]?: readonly string[] };

export function layer(
  source: FileSource,
  rules: RuleLists,
  extra: Partial<PermissionSettings> = {},
): SettingsLayer {
  const parse = (list: readonly string[] = []): RuleValue[] =>
    list.map((text) => {
      const parsed = parseRule(text);
      if (!parsed.ok) throw new Error(parsed.error);
      return parsed.value;
    });
  const folder =
    source === 'userSettings'
      ? `${HOME}/.claude`
      : source === 'policySettings'
        ? '/etc/claude-code'
        : `${CWD}/.claude`;
  const name =
    source === 'localSettings'
      ? 'settings.local.json'
      : source === 'policySettings'
        ? 'managed-settings.json'
        : 'settings.json';
  return {
    source,
    file: `${folder}/${name}`,
    anchorDir:
      source === 'userSettings' ? `${HOME}/.claude` : source === 'policySettings' ? '/etc/claude-code' : CWD,
    exists: true,
    settings: {
      ...emptySettings,
      ...extra,
      rules: { deny: parse(rules.deny), ask: parse(rules.ask), allow: parse(rules.allow) },
    },
  };
}

/** A context with `rules` in projectSettings unless `settings` says otherwise. */
export function contextWith(
  rules: RuleLists = {},
  options: Partial<ContextOptions> = {},
): ToolPermissionContext {
  return createPermissionContext({
    cwd: CWD,
    home: HOME,
    settings: [layer('projectSettings', rules)],
    ...options,
  });
}
