/**
 * Finds and reads the settings files of a profile (docs/engine.md, Sources, files and precedence):
 *
 * | source          | claude profile                          | agent profile                        |
 * |-----------------|-----------------------------------------|--------------------------------------|
 * | policySettings  | managed-settings.json at the OS path    | managed-settings.json at the OS path |
 * | flagSettings    | a `--settings` file, when given         | the same                             |
 * | userSettings    | ~/.claude/settings.json                 | ~/.agent/settings.json               |
 * | projectSettings | <cwd>/.claude/settings.json             | <cwd>/.agent/settings.json           |
 * | localSettings   | <cwd>/.claude/settings.local.json       | <cwd>/.agent/settings.local.json     |
 *
 * A missing file holds no rules; a file that cannot be read or parsed is an error naming it. The caller
 * passes the reader (files/read-bounded.ts, which the engine may not import), so a repository's settings
 * link to /dev/zero or a FIFO is refused rather than read.
 */
import { dirname, join, resolve } from 'node:path';
import type { SettingsProfile } from '../types';
import type { SettingsLayer } from '../context/context';
import type { FileSource } from '../types';
import { emptySettings, parseSettingsText } from '../context/settings';
import { phrase, type Phrase, type Phrased } from '../explain/phrases';

/**
 * Managed policy files. Claude Code's are documented (docs/engine.md, Sources, files and precedence); the
 * agent profile mirrors them.
 */
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
    said: Phrased,
  ) {
    super(said.message);
    this.phrase = said.phrase;
  }
  /** The code and parameters of the message, for the console's language. */
  readonly phrase: Phrase;
}

/** One settings file as the reader gave it: the shape of files/read-bounded.ts's result. */
export type SettingsFileRead =
  { readonly kind: 'text'; readonly text: string } | { readonly kind: 'missing' } | SettingsRefusal;

export type SettingsRefusal =
  | { readonly kind: 'refused'; readonly reason: 'not-a-regular-file'; readonly type: string }
  | { readonly kind: 'refused'; readonly reason: 'too-large'; readonly size: number; readonly limit: number }
  | { readonly kind: 'refused'; readonly reason: 'unreadable'; readonly code: string };

export type ReadSettingsFile = (file: string) => Promise<SettingsFileRead>;

/** Reads every settings file of the profile, highest precedence first. Throws SettingsFileError. */
export async function loadSettings(
  options: LocateOptions,
  read: ReadSettingsFile,
): Promise<readonly SettingsLayer[]> {
  return Promise.all(settingsLocations(options).map((location) => loadLayer(location, read)));
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The sentence for a settings file that exists but is not read, whoever reads it. */
export function unreadableSettings(file: string, refusal: SettingsRefusal): Phrased {
  const problem: Phrase =
    refusal.reason === 'not-a-regular-file'
      ? refusal.type === 'folder'
        ? { code: 'settings.isFolder', params: {} }
        : {
            code: 'settings.notRegular',
            params: { type: { text: refusal.type === 'fifo' ? 'FIFO' : refusal.type } },
          }
      : refusal.reason === 'too-large'
        ? { code: 'settings.tooLarge', params: { size: { text: megabytes(refusal.limit) } } }
        : refusal.code === 'EACCES' || refusal.code === 'EPERM'
          ? { code: 'settings.permissionDenied', params: {} }
          : { code: 'settings.unreadable', params: { code: { literal: refusal.code } } };
  return phrase('settings.unusable', { file: { path: file }, problem: { phrase: problem } });
}

async function loadLayer(location: SettingsLocation, read: ReadSettingsFile): Promise<SettingsLayer> {
  const result = await read(location.file);
  if (result.kind === 'missing') return { ...location, exists: false, settings: emptySettings };
  if (result.kind === 'refused')
    throw new SettingsFileError(location.file, unreadableSettings(location.file, result));
  const parsed = parseSettingsText(result.text, location.file);
  if (!parsed.ok)
    throw new SettingsFileError(location.file, { message: parsed.error, phrase: parsed.errorPhrase });
  return { ...location, exists: true, settings: parsed.settings };
}
