/**
 * `gatehouse install claude` / `uninstall claude` on real settings files in a temp home: round trips that
 * keep every other key and hook, idempotence, dry runs, backups, malformed files, scopes, symlinks.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, readlink, stat, symlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CliIo } from '../../common/cli';
import { runInstall } from '../../client/cli/commands/install';
import { runUninstall } from '../../client/cli/commands/uninstall';
import { makeTempDir } from '../support/temp-dir';
import { HOOK_BANNER } from '../../files/hook-copy';

let tmp: Awaited<ReturnType<typeof makeTempDir>>;
let home: string;
let userSettings: string;
let launcher: { node: string; cli: string };
let gatehouseHome: string;
/** Gatehouse's copy of the hook, which the installed hooks run. */
let installedHook: string;

beforeEach(async () => {
  tmp = await makeTempDir();
  home = join(tmp.path, 'home');
  userSettings = join(home, '.claude', 'settings.json');
  launcher = {
    node: join(tmp.path, 'bin', 'node'),
    cli: join(tmp.path, 'gatehouse', 'out', 'cli', 'gatehouse.mjs'),
  };
  gatehouseHome = join(tmp.path, 'gatehouse-home');
  installedHook = join(gatehouseHome, 'gatehouse-hook.cjs');
  await mkdir(join(tmp.path, 'gatehouse', 'out', 'cli'), { recursive: true });
  await writeFile(launcher.cli, `${HOOK_BANNER}\n// one build\n`);
});
afterEach(() => tmp.remove());

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: (t) => void out.push(t),
    stderr: (t) => void err.push(t),
    env: { GATEHOUSE_HOME: gatehouseHome },
  };
  return { io, out: () => out.join(''), err: () => err.join('') };
}

async function install(...args: string[]) {
  const run = capture();
  // These cases are about the hooks; tests/integration/telemetry-install.test.ts is about the telemetry.
  const code = await runInstall(['claude', '--home', home, '--no-telemetry', ...args], run.io, launcher);
  return { code, stdout: run.out(), stderr: run.err() };
}

async function uninstall(...args: string[]) {
  const run = capture();
  const code = await runUninstall(['claude', '--home', home, ...args], run.io);
  return { code, stdout: run.out(), stderr: run.err() };
}

async function writeSettings(path: string, value: unknown): Promise<string> {
  const text = `${JSON.stringify(value, null, 2)}\n`;
  await mkdir(resolve(path, '..'), { recursive: true });
  await writeFile(path, text);
  return text;
}

interface Settings {
  [key: string]: unknown;
  hooks: Record<string, { matcher?: string; hooks: unknown[] }[]>;
}
const readJson = async (path: string) => JSON.parse(await readFile(path, 'utf8')) as Settings;
const backupsOf = async (path: string) =>
  (await readdir(resolve(path, '..'))).filter((name) => name.startsWith('settings.json.gatehouse-backup-'));

const otherTool = { type: 'command', command: '/opt/other/notify-me', timeout: 30 };
const existing = {
  model: 'opus',
  permissions: { allow: ['Bash(npm test)'], deny: ['Read(./.env)'] },
  env: { FOO: 'bar' },
  hooks: {
    PermissionRequest: [{ matcher: '*', hooks: [otherTool] }],
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'lint-bash' }] }],
    Stop: [{ hooks: [{ type: 'command', command: 'say done' }] }],
  },
  statusLine: { type: 'command', command: 'status.sh' },
};

/** What install writes, event by event (the report shows it too). */
function expectedEntries() {
  const handler = (arg: string, timeout?: number, background = false) => ({
    type: 'command',
    command: launcher.node,
    args: [installedHook, 'hook', arg],
    ...(timeout === undefined ? {} : { timeout }),
    // What only tells the console what already happened runs without holding Claude Code up.
    ...(background ? { async: true } : {}),
  });
  return {
    PermissionRequest: { matcher: '*', hooks: [handler('permission-request', 600)] },
    PermissionDenied: { matcher: '*', hooks: [handler('permission-denied', 75)] },
    PostToolUse: { matcher: '*', hooks: [handler('post-tool-use', 5, true)] },
    PostToolUseFailure: { matcher: '*', hooks: [handler('post-tool-use-failure', 5, true)] },
    UserPromptSubmit: { hooks: [handler('user-prompt-submit', 5, true)] },
    Stop: { hooks: [handler('stop', 5, true)] },
    SessionEnd: { hooks: [handler('session-end')] },
    DirectoryAdded: { hooks: [handler('directory-added', 5)] },
  };
}

describe('gatehouse install claude', () => {
  it('adds one matcher group per event after what is there, and keeps every other key and hook', async () => {
    const original = await writeSettings(userSettings, existing);
    const result = await install();
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain(`Installed Gatehouse's hooks in ${userSettings} (user scope)`);
    const after = await readJson(userSettings);
    const entries = expectedEntries();
    expect(after).toEqual({
      ...existing,
      hooks: {
        PermissionRequest: [existing.hooks.PermissionRequest[0], entries.PermissionRequest],
        PreToolUse: existing.hooks.PreToolUse,
        Stop: [existing.hooks.Stop[0], entries.Stop],
        PermissionDenied: [entries.PermissionDenied],
        PostToolUse: [entries.PostToolUse],
        PostToolUseFailure: [entries.PostToolUseFailure],
        UserPromptSubmit: [entries.UserPromptSubmit],
        SessionEnd: [entries.SessionEnd],
        DirectoryAdded: [entries.DirectoryAdded],
      },
    });
    expect(Object.keys(after)).toEqual(Object.keys(existing));
    const [backup] = await backupsOf(userSettings);
    expect(await readFile(join(home, '.claude', backup!), 'utf8')).toBe(original);
    expect(result.stdout).toContain(
      `Backed up the previous ${userSettings} to ${join(home, '.claude', backup!)}`,
    );
  });

  it('prints the diff of exactly what it changes', async () => {
    await writeSettings(userSettings, existing);
    const { stdout } = await install();
    expect(stdout).toMatch(/^Index: .*settings\.json\n=+\n--- .*\tbefore\n\+\+\+ .*\tafter\n@@ /);
    expect(stdout.split('\n')).toContain(`+              "${installedHook}",`);
    expect(stdout).not.toMatch(/^-(?!-- )/m);
  });

  it('is idempotent: a second install changes nothing and writes no second backup', async () => {
    await writeSettings(userSettings, existing);
    await install();
    const once = await readFile(userSettings, 'utf8');
    const again = await install();
    expect(again).toMatchObject({ code: 0, stderr: '' });
    expect(again.stdout).toBe(
      `Gatehouse's hooks are already installed in ${userSettings}; nothing changed.\n`,
    );
    expect(await readFile(userSettings, 'utf8')).toBe(once);
    expect(await backupsOf(userSettings)).toHaveLength(1);
  });

  it('writes nothing on a dry run', async () => {
    const original = await writeSettings(userSettings, existing);
    const result = await install('--dry-run');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^\+\s+"permission-request"$/m);
    expect(result.stdout).toContain(`Dry run: ${userSettings} was not changed.`);
    expect(await readFile(userSettings, 'utf8')).toBe(original);
    expect(await backupsOf(userSettings)).toEqual([]);
  });

  it('creates a missing settings file (and its folder) without a backup', async () => {
    const result = await install();
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('Backed up');
    expect(Object.keys((await readJson(userSettings)).hooks)).toEqual([
      'PermissionRequest',
      'PermissionDenied',
      'PostToolUse',
      'PostToolUseFailure',
      'UserPromptSubmit',
      'Stop',
      'SessionEnd',
      'DirectoryAdded',
    ]);
  });

  it('leaves onFailure at Claude Code’s default, continue, even over a handler set to block', async () => {
    // With "block", a hook that fails (no console, a moved copy) would refuse every prompt it guards.
    const ours = {
      type: 'command',
      command: launcher.node,
      args: [installedHook, 'hook', 'permission-request'],
      timeout: 600,
      onFailure: 'block',
    };
    await writeSettings(userSettings, { hooks: { PermissionRequest: [{ matcher: '*', hooks: [ours] }] } });
    expect((await install()).code).toBe(0);
    const { hooks } = await readJson(userSettings);
    for (const groups of Object.values(hooks))
      for (const group of groups)
        for (const handler of group.hooks as { onFailure?: string }[])
          expect(handler.onFailure ?? 'continue').toBe('continue');
    expect(hooks.PermissionRequest).toEqual([expectedEntries().PermissionRequest]);
  });

  it('brings an entry from a moved checkout, or a hand-written command string, up to date in place', async () => {
    await writeSettings(userSettings, {
      hooks: {
        PermissionRequest: [
          {
            matcher: '*',
            hooks: [
              otherTool,
              {
                type: 'command',
                command: 'node /old/place/out/cli/gatehouse.mjs hook permission-request',
                timeout: 600,
              },
            ],
          },
        ],
        PostToolUse: [
          {
            matcher: '*',
            hooks: [
              {
                type: 'command',
                command: '/usr/bin/node',
                args: ['/old/gatehouse.mjs', 'hook', 'post-tool-use'],
              },
            ],
          },
        ],
      },
    });
    expect((await install()).code).toBe(0);
    const { hooks } = await readJson(userSettings);
    const entries = expectedEntries();
    expect(hooks.PermissionRequest).toEqual([
      { matcher: '*', hooks: [otherTool, entries.PermissionRequest.hooks[0]] },
    ]);
    expect(hooks.PostToolUse).toEqual([entries.PostToolUse]);
  });

  it('keeps the file’s indentation and mode, and writes through a symlink', async () => {
    const target = join(tmp.path, 'dotfiles', 'claude-settings.json');
    await mkdir(resolve(target, '..'), { recursive: true });
    await writeFile(target, `{\n\t"model": "opus"\n}\n`);
    await chmod(target, 0o600);
    await mkdir(join(home, '.claude'), { recursive: true });
    await symlink(target, userSettings);
    expect((await install()).code).toBe(0);
    expect(await readlink(userSettings)).toBe(target);
    const text = await readFile(target, 'utf8');
    expect(text).toMatch(/^\{\n\t"model": "opus",\n\t"hooks": \{\n\t\t"PermissionRequest"/);
    expect((await stat(target)).mode & 0o777).toBe(0o600);
  });

  it('keeps Windows line endings', async () => {
    await mkdir(join(home, '.claude'), { recursive: true });
    const original = '{\r\n  "model": "opus"\r\n}\r\n';
    await writeFile(userSettings, original);
    await install();
    const text = await readFile(userSettings, 'utf8');
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
    await uninstall();
    expect(await readFile(userSettings, 'utf8')).toBe(original);
  });

  it.each([
    ['not JSON', '{ "model": "opus", }', /is not valid JSON \(/],
    ['an array', '[]', /does not hold a JSON object/],
    ['hooks that are not an object', '{ "hooks": [] }', /its "hooks" is not an object/],
    [
      'an event that is not a list',
      '{ "hooks": { "Stop": {} } }',
      /its "hooks\.Stop" is not a list of matcher groups/,
    ],
    [
      'a group without hooks',
      '{ "hooks": { "PostToolUse": [{ "matcher": "*" }] } }',
      /"hooks\.PostToolUse\[0\]" is not a matcher group/,
    ],
  ])(
    'refuses a settings file holding %s with exit 2, one sentence, and the file untouched',
    async (_name, text, problem) => {
      await mkdir(join(home, '.claude'), { recursive: true });
      await writeFile(userSettings, text);
      for (const run of [install, uninstall]) {
        const result = await run();
        expect(result.code).toBe(2);
        expect(result.stdout).toBe('');
        expect(result.stderr).toMatch(problem);
        expect(result.stderr).toContain(userSettings);
        expect(result.stderr.trim().split('\n')).toHaveLength(1);
        expect(await readFile(userSettings, 'utf8')).toBe(text);
        expect(await backupsOf(userSettings)).toEqual([]);
      }
    },
  );

  it.each([
    [[], /name the agent: claude/],
    [['cursor'], /unknown agent "cursor"; it takes claude, codex, copilot or opencode/],
    [['claude', '--scope', 'global'], /--scope takes user, project or local, not "global"/],
    [['claude', '--bogus'], /unknown option --bogus/],
    [['claude', 'extra'], /unexpected argument "extra"/],
  ])('answers wrong arguments %j with one sentence and exit 2', async (args, sentence) => {
    const run = capture();
    expect(await runInstall(args, run.io, launcher)).toBe(2);
    expect(run.err()).toMatch(sentence);
    expect(run.err()).toMatch(/Run "gatehouse install --help" for usage\.\n$/);
  });

  it('runs a private copy of the hook in Gatehouse’s folder, which outlives the checkout and follows its build', async () => {
    expect((await install()).code).toBe(0);
    expect(await readFile(installedHook, 'utf8')).toBe(await readFile(launcher.cli, 'utf8'));
    expect((await stat(installedHook)).mode & 0o777).toBe(0o600);
    expect((await stat(gatehouseHome)).mode & 0o777).toBe(0o700);
    const settings = await readFile(userSettings, 'utf8');
    expect(settings).not.toContain(launcher.cli);

    // A new build: installing again updates the copy in place, and the settings stay as they were.
    await writeFile(launcher.cli, `${HOOK_BANNER}\n// the next build\n`);
    expect((await install()).stdout).toMatch(/already installed/);
    expect(await readFile(userSettings, 'utf8')).toBe(settings);
    expect(await readFile(installedHook, 'utf8')).toBe(`${HOOK_BANNER}\n// the next build\n`);
    expect((await readdir(gatehouseHome)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('writes no copy on a dry run, and names where it would be', async () => {
    const { code, stdout } = await install('--dry-run');
    expect(code).toBe(0);
    expect(stdout).toContain(installedHook);
    expect(existsSync(gatehouseHome)).toBe(false);
  });

  it('refuses a Gatehouse folder that is a symbolic link, in one sentence, and leaves the settings alone', async () => {
    await mkdir(join(tmp.path, 'elsewhere'));
    await symlink(join(tmp.path, 'elsewhere'), gatehouseHome);
    const { code, stderr } = await install();
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^gatehouse install: could not copy the hook into .*is a symbolic link/),
    ]);
    expect(existsSync(userSettings)).toBe(false);
    expect(existsSync(join(tmp.path, 'elsewhere', 'gatehouse-hook.cjs'))).toBe(false);
  });

  it('has --help', async () => {
    const run = capture();
    expect(await runInstall(['--help'], run.io, launcher)).toBe(0);
    expect(run.out()).toMatch(/^Usage: gatehouse install claude \[options\]/);
  });

  it('refuses to install a CLI bundle that does not exist', async () => {
    const run = capture();
    const code = await runInstall(['claude', '--home', home], run.io, {
      ...launcher,
      cli: '/nowhere/gatehouse.mjs',
    });
    expect(code).toBe(1);
    expect(run.err()).toMatch(/\/nowhere\/gatehouse\.mjs does not exist; run "npm run build"/);
    expect(existsSync(userSettings)).toBe(false);
  });
});

describe('gatehouse uninstall claude', () => {
  it('removes exactly what install added: the file is back, byte for byte', async () => {
    const original = await writeSettings(userSettings, existing);
    await install();
    const result = await uninstall();
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain(`Removed Gatehouse's hooks from ${userSettings} (user scope).`);
    expect(await readFile(userSettings, 'utf8')).toBe(original);
  });

  it('takes Gatehouse’s handler out of a group it shares with another tool, and keeps the group', async () => {
    await writeSettings(userSettings, existing);
    await install();
    const settings = await readJson(userSettings);
    // Someone moved Gatehouse's handler into the other tool's group by hand.
    const ours = settings.hooks.PermissionRequest?.[1]?.hooks[0];
    settings.hooks.PermissionRequest = [{ matcher: '*', hooks: [otherTool, ours] }];
    await writeSettings(userSettings, settings);
    expect((await install()).stdout).toMatch(/already installed/);
    await uninstall();
    expect((await readJson(userSettings)).hooks.PermissionRequest).toEqual([
      { matcher: '*', hooks: [otherTool] },
    ]);
  });

  it('leaves a file without Gatehouse’s hooks alone, and says so', async () => {
    const original = await writeSettings(userSettings, existing);
    const result = await uninstall();
    expect(result.stdout).toBe(`Gatehouse's hooks are not in ${userSettings}; nothing changed.\n`);
    expect(await readFile(userSettings, 'utf8')).toBe(original);
    expect(await backupsOf(userSettings)).toEqual([]);
  });

  it('writes nothing on a dry run', async () => {
    await writeSettings(userSettings, existing);
    await install();
    const installed = await readFile(userSettings, 'utf8');
    const result = await uninstall('--dry-run');
    expect(result.stdout).toMatch(/^-.*"permission-request"/m);
    expect(await readFile(userSettings, 'utf8')).toBe(installed);
  });
});

describe('scopes', () => {
  it('project writes <cwd>/.claude/settings.json and warns that it is shared', async () => {
    const project = join(tmp.path, 'shop');
    const result = await install('--scope', 'project', '--cwd', project);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/project settings are shared with everyone who clones the repository/);
    expect((await readJson(join(project, '.claude', 'settings.json'))).hooks.PermissionRequest).toHaveLength(
      1,
    );
    expect(existsSync(userSettings)).toBe(false);
  });

  it('local writes settings.local.json at the repository root, or in the folder outside a repository', async () => {
    const repo = join(tmp.path, 'repo');
    await mkdir(join(repo, '.git'), { recursive: true });
    await mkdir(join(repo, 'packages', 'api'), { recursive: true });
    expect((await install('--scope', 'local', '--cwd', join(repo, 'packages', 'api'))).code).toBe(0);
    expect(existsSync(join(repo, '.claude', 'settings.local.json'))).toBe(true);

    const loose = join(tmp.path, 'loose');
    await mkdir(loose);
    expect((await install('--scope', 'local', '--cwd', loose)).code).toBe(0);
    expect(existsSync(join(loose, '.claude', 'settings.local.json'))).toBe(true);
  });

  it('user follows CLAUDE_CONFIG_DIR when no --home is given', async () => {
    const configDir = join(tmp.path, 'claude-config');
    const run = capture();
    const io = { ...run.io, env: { CLAUDE_CONFIG_DIR: configDir, GATEHOUSE_HOME: gatehouseHome } };
    expect(await runInstall(['claude'], io, launcher)).toBe(0);
    expect(existsSync(join(configDir, 'settings.json'))).toBe(true);
  });
});

describe('the built CLI', () => {
  it('installs this Node and a copy of the hook bundle out/cli/gatehouse-hook.cjs, by absolute path', async () => {
    const cli = resolve('out/cli/gatehouse.mjs');
    const hook = installedHook;
    if (!existsSync(resolve('out/cli/install.mjs')))
      throw new Error('This test runs the built CLI: run "npm run build" first.');
    const run = spawnSync(process.execPath, [cli, 'install', 'claude', '--home', home], {
      encoding: 'utf8',
      env: { ...process.env, GATEHOUSE_HOME: gatehouseHome },
    });
    expect(run.status).toBe(0);
    const shipped = await readFile(resolve('out/cli/gatehouse-hook.cjs'), 'utf8');
    expect(shipped.startsWith(HOOK_BANNER)).toBe(true);
    expect(await readFile(installedHook, 'utf8')).toBe(shipped);
    return readJson(userSettings).then((settings) => {
      expect(settings.hooks.PermissionRequest).toEqual([
        {
          matcher: '*',
          hooks: [
            {
              type: 'command',
              command: process.execPath,
              args: [hook, 'hook', 'permission-request'],
              timeout: 600,
            },
          ],
        },
      ]);
    });
  });
});
