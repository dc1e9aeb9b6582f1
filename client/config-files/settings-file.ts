/**
 * Reading and writing one agent's JSON config file (Claude Code's settings, Codex's hooks.json) without
 * losing anything: the text is parsed as plain JSON, written back with the indentation it had, a backup of the exact bytes
 * goes next to it first, and the new content replaces it atomically. A symlinked file (a dotfiles
 * checkout) is written through the link rather than replaced by a copy.
 */
import { constants } from 'node:fs';
import { copyFile, readFile, realpath, stat } from 'node:fs/promises';
import { writeFileAtomic } from '../../files/atomic-write';

export interface SettingsText {
  /** Undefined when the file does not exist yet. */
  readonly text: string | undefined;
  readonly mode: number | undefined;
}

export async function readSettingsText(path: string): Promise<SettingsText> {
  try {
    const [text, info] = await Promise.all([readFile(path, 'utf8'), stat(path)]);
    return { text, mode: info.mode & 0o777 };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { text: undefined, mode: undefined };
    throw error;
  }
}

/** A config file whose shape Gatehouse will not edit; the message is one sentence about it. */
export class MalformedSettings extends Error {}

/** JSON.parse's complaint, as the end of a sentence; an empty file reads as `{}`. */
export function parseSettings(text: string | undefined): { value: unknown } | { problem: string } {
  if (text === undefined || text.trim() === '') return { value: {} };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    return { problem: `it is not valid JSON (${(error as Error).message.replace(/\.$/, '')})` };
  }
}

/** `settings.json.gatehouse-backup-2026-08-22T10-15-30-123Z`: sorts by time, never overwrites one. */
export async function writeBackup(path: string, now: Date): Promise<string> {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  for (let attempt = 0; ; attempt += 1) {
    const backup = `${path}.gatehouse-backup-${stamp}${attempt ? `-${attempt}` : ''}`;
    try {
      await copyFile(path, backup, constants.COPYFILE_EXCL);
      return backup;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/** Replaces the file (or, through a symlink, its target) with `text`, keeping the mode it had. */
export async function writeSettings(path: string, text: string, before: SettingsText): Promise<void> {
  if (before.text === undefined || before.mode === undefined) {
    await writeFileAtomic(path, text);
    return;
  }
  await writeFileAtomic(await realpath(path), text, { mode: before.mode });
}
