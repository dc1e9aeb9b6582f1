import { describe, expect, it } from 'vitest';
import {
  loadSettings,
  managedSettingsPath,
  settingsLocations,
  SettingsFileError,
  type ReadSettingsFile,
  type SettingsFileRead,
} from './settings-loader';

describe('settings locations', () => {
  it.each([
    ['claude', 'darwin', '/Library/Application Support/ClaudeCode/managed-settings.json'],
    ['claude', 'linux', '/etc/claude-code/managed-settings.json'],
    ['claude', 'win32', 'C:\\Program Files\\ClaudeCode\\managed-settings.json'],
    ['agent', 'darwin', '/Library/Application Support/Agent/managed-settings.json'],
    ['agent', 'linux', '/etc/agent/managed-settings.json'],
    ['agent', 'win32', 'C:\\Program Files\\Agent\\managed-settings.json'],
    ['claude', 'freebsd', '/etc/claude-code/managed-settings.json'],
  ] as const)('puts the %s managed file on %s at %s', (profile, platform, path) => {
    expect(managedSettingsPath(profile, platform)).toBe(path);
  });

  it.each([
    ['agent', '.agent'],
    ['claude', '.claude'],
  ] as const)('lays out the %s profile with its anchors', (profile, folder) => {
    expect(settingsLocations({ profile, cwd: '/p', home: '/h', policyFile: '/etc/x/managed.json' })).toEqual([
      { source: 'policySettings', file: '/etc/x/managed.json', anchorDir: '/etc/x' },
      { source: 'userSettings', file: `/h/${folder}/settings.json`, anchorDir: `/h/${folder}` },
      { source: 'projectSettings', file: `/p/${folder}/settings.json`, anchorDir: '/p' },
      { source: 'localSettings', file: `/p/${folder}/settings.local.json`, anchorDir: '/p' },
    ]);
  });

  it('adds a flag settings file, anchored at its folder, and honours a relocated user folder', () => {
    const locations = settingsLocations({
      profile: 'claude',
      cwd: '/p',
      home: '/h',
      policyFile: '/m.json',
      flagSettingsFile: '/cfg/extra.json',
      userConfigDir: '/cc',
    });
    expect(locations[1]).toEqual({ source: 'flagSettings', file: '/cfg/extra.json', anchorDir: '/cfg' });
    expect(locations[2]).toEqual({ source: 'userSettings', file: '/cc/settings.json', anchorDir: '/cc' });
  });
});

/** The reader the loader is given, over an in-memory folder: what reading does to real files is files/'s test. */
const readerOf =
  (files: Record<string, SettingsFileRead>): ReadSettingsFile =>
  async (file) =>
    files[file] ?? { kind: 'missing' };
const at = { profile: 'claude', cwd: '/p', home: '/h', policyFile: '/m.json' } as const;

describe('loadSettings', () => {
  it('reads existing files and treats missing ones as empty', async () => {
    const read = readerOf({
      '/p/.agent/settings.json': { kind: 'text', text: '{"permissions":{"deny":["Bash(rm *)"]}}' },
    });
    const layers = await loadSettings({ ...at, profile: 'agent' }, read);
    expect(layers.map((l) => [l.source, l.exists])).toEqual([
      ['policySettings', false],
      ['userSettings', false],
      ['projectSettings', true],
      ['localSettings', false],
    ]);
    expect(layers[2]!.settings.rules.deny).toEqual([{ toolName: 'Bash', ruleContent: 'rm *' }]);
  });

  it('names the file and the problem when a file is malformed', async () => {
    const file = '/h/.claude/settings.json';
    const read = readerOf({ [file]: { kind: 'text', text: '{"permissions": {"allow": "Bash"}}' } });
    await expect(loadSettings(at, read)).rejects.toThrow(
      `The settings file ${file} has "permissions.allow" as a string, but it must be a list of rules.`,
    );
  });

  it.each([
    [{ reason: 'not-a-regular-file', type: 'folder' }, 'is a folder, not a file.'],
    [{ reason: 'not-a-regular-file', type: 'device' }, 'is a device, not a regular file, so it is not read.'],
    [{ reason: 'not-a-regular-file', type: 'fifo' }, 'is a FIFO, not a regular file, so it is not read.'],
    [
      { reason: 'too-large', size: 5 * 1024 * 1024, limit: 1024 * 1024 },
      'is over 1.0 MB, too large for a settings file, so it is not read.',
    ],
    [{ reason: 'unreadable', code: 'EACCES' }, 'cannot be read (permission denied).'],
    [{ reason: 'unreadable', code: 'ELOOP' }, 'cannot be read (ELOOP).'],
  ] as const)('names a refused settings file and why (%o)', async (refusal, why) => {
    const file = '/p/.claude/settings.json';
    const read = readerOf({ [file]: { kind: 'refused', ...refusal } });
    const loading = loadSettings(at, read);
    await expect(loading).rejects.toThrow(`The settings file ${file} ${why}`);
    await expect(loading).rejects.toBeInstanceOf(SettingsFileError);
  });
});
