/**
 * One settings file as the rule editor reads it: its exact text and a version (the text's hash), so a save
 * can tell whether the file changed since the person read it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { unreadableSettings } from '../../../engine/node';

export const MISSING_VERSION = 'missing';

export type SettingsRead =
  | { readonly kind: 'missing'; readonly version: typeof MISSING_VERSION }
  | { readonly kind: 'text'; readonly text: string; readonly version: string }
  | { readonly kind: 'unreadable'; readonly error: string; readonly version: string };

export function versionOf(text: string | undefined): string {
  return text === undefined ? MISSING_VERSION : createHash('sha256').update(text).digest('hex');
}

export async function readSettingsFile(file: string): Promise<SettingsRead> {
  try {
    const text = await readFile(file, 'utf8');
    return { kind: 'text', text, version: versionOf(text) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing', version: MISSING_VERSION };
    return {
      kind: 'unreadable',
      error: unreadableSettings(file, error),
      version: `unreadable:${code ?? ''}`,
    };
  }
}

/** The file's version right now, read synchronously: for the compare step of a compare-and-rename. */
export function currentVersion(file: string): string {
  try {
    return versionOf(readFileSync(file, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? MISSING_VERSION : `unreadable:${code ?? ''}`;
  }
}
