/**
 * Which files the rule editor may touch: only the settings files of a project folder's sources, found by
 * the engine's own locator. The renderer names a source and a folder; the folder must be an existing
 * absolute directory, so a crafted folder cannot point a write anywhere else.
 */
import { lstat, realpath, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, normalize, sep } from 'node:path';
import type { FileSource } from '../../../engine';
import { settingsLocations, type SettingsLocation } from '../../../engine/node';
import { refusal } from '../../../common/refusals';
import { EditorRefusal } from './editor-refusal';

export interface ProjectScope {
  /** The user's home folder, where user settings live. */
  readonly home: string;
  /** Replaces the managed policy file (tests). */
  readonly policyFile?: string;
}

/** A folder, or a settings file in it, the editor will not use. */
export class FolderError extends EditorRefusal {}

/** The folder as main will use it, or a FolderError saying what is wrong with it. */
export async function checkProjectFolder(cwd: string): Promise<string> {
  if (!isAbsolute(cwd))
    throw new FolderError(
      refusal(
        'folder-not-absolute',
        `The folder "${cwd}" is not an absolute path; choose a project folder such as /home/you/project.`,
        { folder: cwd },
      ),
    );
  const folder = normalize(cwd).replace(/(.)[\\/]+$/, '$1');
  let isDirectory: boolean;
  try {
    isDirectory = (await stat(folder)).isDirectory();
  } catch {
    isDirectory = false;
  }
  if (!isDirectory)
    throw new FolderError(
      refusal('folder-missing', `The folder ${folder} does not exist; choose an existing project folder.`, {
        folder,
      }),
    );
  return folder;
}

/** The Claude Code settings files of the folder, highest precedence first. */
export function projectLocations(cwd: string, scope: ProjectScope): readonly SettingsLocation[] {
  return settingsLocations({
    profile: 'claude',
    cwd,
    home: scope.home,
    ...(scope.policyFile === undefined ? {} : { policyFile: scope.policyFile }),
  });
}

export function locationOf(
  locations: readonly SettingsLocation[],
  source: FileSource,
): SettingsLocation | undefined {
  return locations.find((l) => l.source === source);
}

/**
 * A project's own settings file may be a symlink (a checked-in link is the repository's to choose), but a
 * save never follows one out of the project: a cloned repository must not make the editor write elsewhere.
 * A file not there yet is judged by its nearest existing folder, and a linked settings folder is refused
 * outright, since it decides where every file created in it lands.
 */
export async function checkInsideProject(file: string, cwd: string): Promise<void> {
  const folder = dirname(file);
  if ((await lstatOrUndefined(folder))?.isSymbolicLink())
    throw new FolderError(
      refusal(
        'settings-folder-linked',
        `The settings folder ${folder} is a symbolic link; Gatehouse writes project rules only into a real folder of the project, because a link can lead to your own or another project's settings.`,
        { folder },
      ),
    );
  const target = await resolveExisting(file);
  const root = await realpath(cwd);
  if (target !== root && !target.startsWith(root + sep))
    throw new FolderError(
      refusal(
        'settings-file-outside',
        `The settings file ${file} leads to ${target}, outside the project folder; Gatehouse will not write through it.`,
        { file, target },
      ),
    );
}

async function lstatOrUndefined(path: string) {
  try {
    return await lstat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The real path of the nearest existing ancestor, with the missing rest of the path joined back on. */
async function resolveExisting(path: string): Promise<string> {
  const missing: string[] = [];
  for (let current = path; ; current = dirname(current)) {
    try {
      return join(await realpath(current), ...missing);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(current) === current) throw error;
      missing.unshift(basename(current));
    }
  }
}
