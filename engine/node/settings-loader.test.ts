import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSettings, managedSettingsPath, settingsLocations } from './settings-loader';

const dirs: string[] = [];
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-settings-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

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

describe('loadSettings', () => {
  it('reads existing files and treats missing ones as empty', async () => {
    const home = temp();
    const cwd = temp();
    mkdirSync(join(cwd, '.agent'));
    writeFileSync(join(cwd, '.agent', 'settings.json'), '{"permissions":{"deny":["Bash(rm *)"]}}');
    const layers = await loadSettings({ profile: 'agent', cwd, home, policyFile: join(home, 'none.json') });
    expect(layers.map((l) => [l.source, l.exists])).toEqual([
      ['policySettings', false],
      ['userSettings', false],
      ['projectSettings', true],
      ['localSettings', false],
    ]);
    expect(layers[2]!.settings.rules.deny).toEqual([{ toolName: 'Bash', ruleContent: 'rm *' }]);
  });

  it('names the file and the problem when a file is malformed', async () => {
    const home = temp();
    mkdirSync(join(home, '.claude'));
    const file = join(home, '.claude', 'settings.json');
    writeFileSync(file, '{"permissions": {"allow": "Bash"}}');
    await expect(
      loadSettings({ profile: 'claude', cwd: temp(), home, policyFile: join(home, 'none.json') }),
    ).rejects.toThrow(
      `The settings file ${file} has "permissions.allow" as a string, but it must be a list of rules.`,
    );
  });

  it('names a settings path that is a folder', async () => {
    const home = temp();
    mkdirSync(join(home, '.claude', 'settings.json'), { recursive: true });
    await expect(
      loadSettings({ profile: 'claude', cwd: temp(), home, policyFile: join(home, 'none.json') }),
    ).rejects.toThrow(`The settings file ${join(home, '.claude', 'settings.json')} is a folder, not a file.`);
  });
});
