/**
 * Finds and reads the settings files of a profile (design.md "Settings profiles"):
 *
 * | source          | claude profile                          | agent profile                        |
 * |-----------------|-----------------------------------------|--------------------------------------|
 * | policySettings  | managed-settings.json at the OS path    | managed-settings.json at the OS path |
 * | flagSettings    | a `--settings` file, when given         | the same                             |
 * | userSettings    | ~/.claude/settings.json                 | ~/.agent/settings.json               |
 * | projectSettings | <cwd>/.claude/settings.json             | <cwd>/.agent/settings.json           |
 * | localSettings   | <cwd>/.claude/settings.local.json       | <cwd>/.agent/settings.local.json     |
 *
 * A missing file holds no rules; a file that cannot be read or parsed is an error naming it.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { SettingsProfile } from '../types';
import type { FileSource, SettingsLayer } from '../context/context';
import { emptySettings, parseSettingsText } from '../context/settings';

/** Managed policy files. Claude Code's are documented (claude-code.md §2); the agent profile mirrors them. */
const MANAGED: Readonly<Record<SettingsProfile, Readonly<Record<'darwin' | 'linux' | 'win32', string>>>> = {
  claude: {
    darwin: '/Library/Application Support/ClaudeCode/managed-settings.json',
    linux: '/etc/claude-code/managed-settings.json',
    win32: 'C:\\Program Files\\ClaudeCode\\managed-settings.json',
  },
  agent: {
    darwin: '/Library/Application Support/Agent/managed-settings.json',
    linux: '/etc/agent/managed-settings.json',
    win32: 'C:\\Program Files\\Agent\\managed-settings.json',
  },
};

/** The managed policy file of a profile on a platform; every platform but macOS and Windows uses Linux's. */
export function managedSettingsPath(profile: SettingsProfile, platform: string): string {
  const table = MANAGED[profile];
  return platform === 'darwin' || platform === 'win32' ? table[platform] : table.linux;
}

export interface SettingsLocation {
  readonly source: FileSource;
  readonly file: string;
  readonly anchorDir: string;
}

export interface LocateOptions {
  readonly profile: SettingsProfile;
  readonly cwd: string;
  readonly home: string;
  readonly platform?: string;
  /** Replaces the managed policy file (tests, `--policy`). */
  readonly policyFile?: string;
  /** A `--settings` file: flagSettings, anchored at its own folder. */
  readonly flagSettingsFile?: string;
  /** Where user settings live instead of <home>/.claude (Claude Code's CLAUDE_CONFIG_DIR). */
  readonly userConfigDir?: string;
}

export function settingsLocations(options: LocateOptions): readonly SettingsLocation[] {
  const cwd = resolve(options.cwd);
  const folder = options.profile === 'claude' ? '.claude' : '.agent';
  const userDir = resolve(options.userConfigDir ?? join(options.home, folder));
  const policy = resolve(
    options.policyFile ?? managedSettingsPath(options.profile, options.platform ?? process.platform),
  );
  return [
    { source: 'policySettings', file: policy, anchorDir: dirname(policy) },
    ...(options.flagSettingsFile === undefined
      ? []
      : [
          {
            source: 'flagSettings' as const,
            file: resolve(options.flagSettingsFile),
            anchorDir: dirname(resolve(options.flagSettingsFile)),
          },
        ]),
    { source: 'userSettings', file: join(userDir, 'settings.json'), anchorDir: userDir },
    { source: 'projectSettings', file: join(cwd, folder, 'settings.json'), anchorDir: cwd },
    { source: 'localSettings', file: join(cwd, folder, 'settings.local.json'), anchorDir: cwd },
  ];
}

export class SettingsFileError extends Error {
  override readonly name = 'SettingsFileError';
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(message);
  }
}

/** Reads every settings file of the profile, highest precedence first. Throws SettingsFileError. */
export async function loadSettings(options: LocateOptions): Promise<readonly SettingsLayer[]> {
  return Promise.all(settingsLocations(options).map(loadLayer));
}

/** The sentence for a settings file that exists but cannot be read, whoever reads it. */
export function unreadableSettings(file: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  const why =
    code === 'EISDIR'
      ? 'is a folder, not a file'
      : code === 'EACCES' || code === 'EPERM'
        ? 'cannot be read (permission denied)'
        : `cannot be read (${code ?? String(error)})`;
  return `The settings file ${file} ${why}.`;
}

export async function loadLayer(location: SettingsLocation): Promise<SettingsLayer> {
  let text: string;
  try {
    text = await readFile(location.file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR')
      return { ...location, exists: false, settings: emptySettings };
    throw new SettingsFileError(location.file, unreadableSettings(location.file, error));
  }
  const parsed = parseSettingsText(text, location.file);
  if (!parsed.ok) throw new SettingsFileError(location.file, parsed.error);
  return { ...location, exists: true, settings: parsed.settings };
}
