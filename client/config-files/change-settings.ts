/**
 * One edit of one agent config file, as install and uninstall both make it for every agent: read, check, transform and diff,
 * then (unless it is a dry run) back up and write. Nothing is written when nothing changes, when the
 * file is malformed, or on a dry run.
 */
import { createTwoFilesPatch } from 'diff';
import type { JsonObject } from '../hook/shape';
import { formatSettings } from '../../files/json-splice';
import { MalformedSettings, readSettingsText, writeBackup, writeSettings } from './settings-file';

export interface Change {
  readonly settings: JsonObject;
  readonly changed: boolean;
}

/** How one agent's file is read (throwing MalformedSettings for a shape Gatehouse will not edit) and changed. */
export interface SettingsEdit {
  readonly read: (text: string | undefined) => JsonObject;
  readonly transform: (settings: JsonObject) => Change;
}

export type ChangeResult =
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'dry-run'; readonly diff: string }
  | { readonly kind: 'written'; readonly diff: string; readonly backup: string | undefined };

/** The settings file cannot be edited safely; `message` is one sentence naming the file. */
export class SettingsProblem extends Error {}

/** Another program (Claude Code saving an "always allow" rule) may write the file while we work on it. */
const ATTEMPTS = 3;

export async function changeSettings(
  path: string,
  edit: SettingsEdit,
  options: { readonly dryRun: boolean },
): Promise<ChangeResult> {
  return changeText(
    path,
    (before) => {
      let settings: JsonObject;
      try {
        settings = edit.read(before);
      } catch (error) {
        if (!(error instanceof MalformedSettings)) throw error;
        throw new SettingsProblem(
          `${path} cannot be edited: ${error.message}. Fix it by hand and try again.`,
        );
      }
      const change = edit.transform(settings);
      return change.changed ? formatSettings(change.settings, { text: before, value: settings }) : undefined;
    },
    options,
  );
}

/**
 * The same for a file edited as text (Codex's config.toml): `edit` gives the new text, or undefined when
 * nothing changes, and throws SettingsProblem for a file it will not edit.
 */
export async function changeText(
  path: string,
  edit: (before: string | undefined) => string | undefined,
  options: { readonly dryRun: boolean },
): Promise<ChangeResult> {
  for (let attempt = 1; ; attempt += 1) {
    const before = await readSettingsText(path);
    const text = edit(before.text);
    if (text === undefined) return { kind: 'unchanged' };
    const diff = createTwoFilesPatch(path, path, before.text ?? '', text, 'before', 'after');
    if (options.dryRun) return { kind: 'dry-run', diff };

    if ((await readSettingsText(path)).text !== before.text) {
      if (attempt < ATTEMPTS) continue;
      throw new SettingsProblem(`${path} keeps changing while Gatehouse edits it; try again in a moment.`);
    }
    const backup = before.text === undefined ? undefined : await writeBackup(path, new Date());
    await writeSettings(path, text, before);
    return { kind: 'written', diff, backup };
  }
}
