/**
 * One edit of one settings file, as install and uninstall both make it: read, check, transform and diff,
 * then (unless it is a dry run) back up and write. Nothing is written when nothing changes, when the
 * file is malformed, or on a dry run.
 */
import { createTwoFilesPatch } from 'diff';
import type { JsonObject } from '../hook/shape';
import { MalformedSettings, settingsOf } from './merge-hooks';
import type { Change } from './merge-hooks';
import { formatSettings } from '../../files/json-splice';
import { readSettingsText, writeBackup, writeSettings } from './settings-file';

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
  transform: (settings: JsonObject) => Change,
  options: { readonly dryRun: boolean },
): Promise<ChangeResult> {
  for (let attempt = 1; ; attempt += 1) {
    const before = await readSettingsText(path);
    let settings: JsonObject;
    try {
      settings = settingsOf(before.text);
    } catch (error) {
      if (!(error instanceof MalformedSettings)) throw error;
      throw new SettingsProblem(`${path} cannot be edited: ${error.message}. Fix it by hand and try again.`);
    }
    const change = transform(settings);
    if (!change.changed) return { kind: 'unchanged' };
    const text = formatSettings(change.settings, { text: before.text, value: settings });
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
