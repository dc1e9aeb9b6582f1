/**
 * One settings file as the rule editor reads it: its exact text and a version (the text's hash), so a save
 * can tell whether the file changed since the person read it.
 */
import { createHash } from 'node:crypto';
import type { Phrase } from '../../../engine';
import { unreadableSettings } from '../../../engine/node';
import {
  MAX_SETTINGS_BYTES,
  readBoundedSettings,
  readBoundedSync,
  type BoundedRead,
} from '../../../files/read-bounded';

export const MISSING_VERSION = 'missing';

export type SettingsRead =
  | { readonly kind: 'missing'; readonly version: typeof MISSING_VERSION }
  | { readonly kind: 'text'; readonly text: string; readonly version: string }
  | {
      readonly kind: 'unreadable';
      readonly error: string;
      readonly errorPhrase: Phrase;
      readonly version: string;
    };

export function versionOf(text: string | undefined): string {
  return text === undefined ? MISSING_VERSION : createHash('sha256').update(text).digest('hex');
}

/** A refused file's version says why, so it compares equal only while the file stays refused the same way. */
function versionOfRead(read: BoundedRead): string {
  if (read.kind === 'missing') return MISSING_VERSION;
  if (read.kind === 'text') return versionOf(read.text);
  return `unreadable:${read.reason === 'unreadable' ? read.code : read.reason}`;
}

export async function readSettingsFile(file: string): Promise<SettingsRead> {
  const read = await readBoundedSettings(file);
  const version = versionOfRead(read);
  if (read.kind === 'missing') return { kind: 'missing', version: MISSING_VERSION };
  if (read.kind === 'text') return { kind: 'text', text: read.text, version };
  const said = unreadableSettings(file, read);
  return { kind: 'unreadable', error: said.message, errorPhrase: said.phrase, version };
}

/** The file's version right now, read synchronously: for the compare step of a compare-and-rename. */
export function currentVersion(file: string): string {
  return versionOfRead(readBoundedSync(file, MAX_SETTINGS_BYTES));
}
