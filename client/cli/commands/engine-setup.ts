/**
 * What `gatehouse check` and `gatehouse rules` share: turning the folder options into loaded settings and
 * a permission context. Every failure here is the user's to fix (a bad file, a bad rule), so it surfaces
 * as one sentence and exit code 2.
 */
import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { UsageError } from '../../../common/cli';
import {
  createPermissionContext,
  PermissionContextError,
  type ContextOptions,
  type MemoryRule,
  type SettingsProfile,
  type ToolPermissionContext,
} from '../../../engine';
import { loadSettings, SettingsFileError } from '../../../engine/node';
import { readBoundedSettings } from '../../../files/read-bounded';

export interface FolderOptions {
  readonly cwd?: string;
  readonly home?: string;
  readonly profile?: string;
  readonly policy?: string;
}

export const folderOptionSpec = {
  cwd: { type: 'string' },
  home: { type: 'string' },
  profile: { type: 'string' },
  policy: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export const folderHelp = `  --cwd DIR              The project folder (project and local settings come from here); default: the current folder
  --home DIR             The home folder (user settings in DIR/.claude or DIR/.agent); default: yours
  --profile agent|claude Which settings layout to read; default: claude
  --policy FILE          The managed policy file, instead of the OS's managed-settings.json`;

export function profileOf(value: string | undefined): SettingsProfile {
  if (value === undefined || value === 'claude' || value === 'agent') return value ?? 'claude';
  throw new UsageError(`--profile must be agent or claude, not "${value}"`);
}

/** A settings or rule problem, already one sentence; the CLI prints it as is and exits 2. */
export class SetupError extends Error {}

export async function buildContext(
  options: FolderOptions,
  env: Readonly<Record<string, string | undefined>>,
  extra: Omit<ContextOptions, 'cwd' | 'home' | 'settings'> & { readonly rules?: readonly MemoryRule[] } = {},
): Promise<ToolPermissionContext> {
  const profile = profileOf(options.profile);
  const cwd = resolve(options.cwd ?? process.cwd());
  if (!isFolder(cwd)) throw new UsageError(`the folder "${cwd}" given to --cwd does not exist`);
  const home = resolve(options.home ?? homedir());
  if (options.home !== undefined && !isFolder(home))
    throw new UsageError(`the folder "${home}" given to --home does not exist`);
  // Claude Code's CLAUDE_CONFIG_DIR relocates ~/.claude; an explicit --home means "this home", so it wins.
  const relocated = profile === 'claude' && options.home === undefined ? env['CLAUDE_CONFIG_DIR'] : undefined;
  try {
    const settings = await loadSettings(
      {
        profile,
        cwd,
        home,
        ...(options.policy === undefined ? {} : { policyFile: options.policy }),
        ...(relocated ? { userConfigDir: relocated } : {}),
      },
      readBoundedSettings,
    );
    return createPermissionContext({ ...extra, cwd, home, settings });
  } catch (error) {
    if (error instanceof SettingsFileError || error instanceof PermissionContextError)
      throw new SetupError(error.message);
    throw error;
  }
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
