/** `gatehouse doctor` against a live console core, real settings files and a managed policy file. */
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CliIo } from '../../common/cli';
import { PROTOCOL_VERSION } from '../../common/protocol';
import { runDoctor } from '../../client/cli/commands/doctor';
import { runInstall } from '../../client/cli/commands/install';
import { startTestCore } from '../support/test-core';
import type { ConsoleCore } from '../../main/core/console-core';
import { makeTempDir } from '../support/temp-dir';
import { HOOK_BANNER } from '../../files/hook-copy';

let tmp: Awaited<ReturnType<typeof makeTempDir>>;
let gatehouseHome: string;
let home: string;
let policy: string;
let core: ConsoleCore | undefined;
let launcher: { node: string; cli: string };

beforeEach(async () => {
  tmp = await makeTempDir();
  gatehouseHome = join(tmp.path, 'gatehouse');
  home = join(tmp.path, 'home');
  policy = join(tmp.path, 'etc', 'claude-code', 'managed-settings.json');
  // A stand-in for the bundle this Gatehouse ships: install copies it, doctor compares the copy with it.
  launcher = { node: process.execPath, cli: join(tmp.path, 'checkout', 'out', 'cli', 'gatehouse-hook.cjs') };
  await mkdir(resolve(launcher.cli, '..'), { recursive: true });
  await writeFile(launcher.cli, `${HOOK_BANNER}\n// this build\n`);
  // A supported Claude Code on the PATH (tests/integration/doctor-agents.test.ts checks that line).
  await mkdir(join(tmp.path, 'bin'));
  await writeFile(join(tmp.path, 'bin', 'claude'), "#!/bin/sh\necho '2.1.139 (Claude Code)'\n", {
    mode: 0o755,
  });
});
afterEach(async () => {
  await core?.close();
  core = undefined;
  await tmp.remove();
});

function io(env: Record<string, string> = {}) {
  const out: string[] = [];
  const value: CliIo = {
    stdout: (t) => void out.push(t),
    stderr: (t) => void out.push(t),
    env: { GATEHOUSE_HOME: gatehouseHome, PATH: `${join(tmp.path, 'bin')}:/bin`, ...env },
  };
  return { io: value, text: () => out.join('') };
}

async function doctor(env?: Record<string, string>) {
  const run = io(env);
  const code = await runDoctor(
    ['--home', home, '--cwd', join(tmp.path, 'shop'), '--policy', policy],
    run.io,
    launcher.cli,
  );
  const lines = run.text().trimEnd().split('\n');
  return { code, lines, line: (name: string) => lines.find((l) => l.slice(2).startsWith(`${name}:`)) ?? '' };
}

async function installUserHooks() {
  expect(await runInstall(['claude', '--home', home], io().io, launcher)).toBe(0);
}

async function startConsole() {
  core = await startTestCore({
    home: gatehouseHome,
    port: 0,
    timeoutMs: 60_000,
    timeoutAction: 'passthrough',
  });
}

describe('gatehouse doctor', () => {
  it('says all is well, one ✓ line per check, and exits 0', async () => {
    await startConsole();
    await installUserHooks();
    const result = await doctor();
    expect(result.lines).toEqual([
      `✓ claude: Claude Code 2.1.139 at ${join(tmp.path, 'bin', 'claude')} (Gatehouse supports Claude Code 2.1.139 or newer).`,
      `✓ token: readable in ${join(gatehouseHome, 'bridge.json')}, private to you.`,
      expect.stringMatching(
        /^✓ console: reachable at ws:\/\/127\.0\.0\.1:\d+\/bridge \(Gatehouse \d+\.\d+\.\d+\)\.$/,
      ),
      `✓ hooks: installed in user (${join(home, '.claude', 'settings.json')}).`,
      `✓ hook file: the hooks in ${join(home, '.claude', 'settings.json')} run ${join(gatehouseHome, 'gatehouse-hook.cjs')}, the hook this Gatehouse ships.`,
      expect.stringMatching(/^✓ policy: managed policy file allows user hooks/),
      `✓ telemetry: ${join(home, '.claude', 'settings.json')} sends the agent's tool decisions to http://127.0.0.1:${core?.port}/v1/logs.`,
      `ℹ retry hook: not installed: when you allow a call that auto mode refused, Claude Code's classifier judges its retry again. "gatehouse install claude --retry-hook" adds a PreToolUse http hook that lets the retried call run once; it costs every tool call about 12-25 ms.`,
    ]);
    expect(result.code).toBe(0);
  });

  it('says the telemetry is missing, or points at an old port, with the next step', async () => {
    await startConsole();
    expect(await runInstall(['claude', '--home', home, '--no-telemetry'], io().io, launcher)).toBe(0);
    expect((await doctor()).line('telemetry')).toBe(
      `✗ telemetry: ${join(home, '.claude', 'settings.json')} does not send the agent's tool decisions to the console. Next: run "gatehouse install claude".`,
    );
    await installUserHooks();
    await core?.close();
    // The console comes back on another port (its kept one was taken), so the agent's setting is stale.
    core = await startTestCore({
      home: gatehouseHome,
      port: 0,
      timeoutMs: 60_000,
      timeoutAction: 'passthrough',
    });
    const result = await doctor();
    expect(result.line('telemetry')).toMatch(
      /^✗ telemetry: .* sends the agent's tool decisions to another port or with another token than this console's .*Next: run "gatehouse install claude"\.$/,
    );
    expect(result.code).toBe(1);
    await installUserHooks();
    expect((await doctor()).line('telemetry')).toMatch(/^✓ telemetry:/);
  });

  it('checks the retry hook when asked for, and a plain install brings a stale one back to this console', async () => {
    await startConsole();
    expect(await runInstall(['claude', '--home', home, '--retry-hook'], io().io, launcher)).toBe(0);
    const path = join(home, '.claude', 'settings.json');
    const result = await doctor();
    expect(result.line('retry hook')).toBe(
      `✓ retry hook: ${path} asks the console, through a PreToolUse http hook, whether a call whose refusal by auto mode you overturned may now run, so the retried call runs once.`,
    );
    expect(result.code).toBe(0);
    // Pointed elsewhere by hand (or by an older console): the retried call would meet the classifier again.
    const text = await readFile(path, 'utf8');
    await writeFile(path, text.replace(`127.0.0.1:${core?.port}/hooks`, '127.0.0.1:1/hooks'));
    const stale = await doctor();
    expect(stale.line('retry hook')).toMatch(
      /^✗ retry hook: .* has a PreToolUse http hook to another port or with another token than this console's .*, so a retried call is judged by Claude Code's classifier again\. Next: run "gatehouse install claude"\.$/,
    );
    expect(stale.code).toBe(1);
    await installUserHooks();
    expect((await doctor()).line('retry hook')).toMatch(/^✓ retry hook:/);
    expect(await readFile(path, 'utf8')).toBe(text);
  });

  it('names the next step when no console is running and nothing is installed', async () => {
    const result = await doctor();
    expect(result.code).toBe(1);
    expect(result.line('token')).toMatch(/^✗ token: .*bridge\.json does not exist\. Next: start the console/);
    expect(result.line('console')).toMatch(/^✗ console: No console is running .*Next: start the console/);
    expect(result.line('hooks')).toBe(
      '✗ hooks: not installed in any scope. Next: run "gatehouse install claude".',
    );
  });

  it('tells a console that is gone from one that refuses the token', async () => {
    await mkdir(gatehouseHome, { recursive: true });
    await writeFile(
      join(gatehouseHome, 'bridge.json'),
      JSON.stringify({ protocol: PROTOCOL_VERSION, port: 1, pid: 999_999, token: 'x'.repeat(43) }),
      { mode: 0o600 },
    );
    expect((await doctor()).line('console')).toMatch(
      /bridge\.json is stale: the console that wrote it \(pid 999999\) is gone.*Next: start the console/,
    );

    await startConsole();
    const refused = await doctor({
      GATEHOUSE_URL: `ws://127.0.0.1:${core!.port}/bridge`,
      GATEHOUSE_TOKEN: 'wrong'.repeat(9),
    });
    expect(refused.line('token')).toBe('✓ token: taken from GATEHOUSE_TOKEN.');
    // Proof runs both ways, so a wrong token shows as a console that cannot prove it: the hook cannot tell the
    // two apart, and says what to check for each.
    expect(refused.line('console')).toMatch(/did not prove it holds the token.*fix GATEHOUSE_TOKEN/);
  });

  it('flags a discovery file others can read', async () => {
    await startConsole();
    await chmod(join(gatehouseHome, 'bridge.json'), 0o644);
    expect((await doctor()).line('token')).toMatch(
      /readable by other users \(mode 0644\)\. Next: restart the console/,
    );
  });

  it('reports hooks that point at a checkout that is gone, or that are only half there', async () => {
    await mkdir(join(home, '.claude'), { recursive: true });
    await writeFile(
      join(home, '.claude', 'settings.json'),
      JSON.stringify({
        hooks: {
          PermissionRequest: [
            {
              matcher: '*',
              hooks: [
                {
                  type: 'command',
                  command: process.execPath,
                  args: ['/gone/out/cli/gatehouse.mjs', 'hook', 'permission-request'],
                },
              ],
            },
          ],
        },
      }),
    );
    const line = (await doctor()).line('hooks');
    expect(line).toMatch(/^✗ hooks: installed in user /);
    expect(line).toContain(
      "lacks Gatehouse's PermissionDenied, PostToolUse, PostToolUseFailure, UserPromptSubmit, Stop, SessionEnd, DirectoryAdded hooks",
    );
    expect(line).toMatch(/Next: run "gatehouse install claude" again/);
    expect((await doctor()).line('hook file')).toMatch(
      /^✗ hook file: the hooks in .* run \/gone\/out\/cli\/gatehouse\.mjs, which does not exist/,
    );
  });

  describe('the hook the installed hooks run', () => {
    const settings = () => join(home, '.claude', 'settings.json');
    const copy = () => join(gatehouseHome, 'gatehouse-hook.cjs');

    it('says when it is missing', async () => {
      await installUserHooks();
      await rm(copy());
      const result = await doctor();
      expect(result.line('hook file')).toBe(
        `✗ hook file: the hooks in ${settings()} run ${copy()}, which does not exist, so they do nothing. Next: run "gatehouse install claude" again, which puts Gatehouse's copy of the hook in place and points them at it.`,
      );
      expect(result.code).toBe(1);
    });

    it('says when it is stale: another Gatehouse’s hook than the one this one ships', async () => {
      await installUserHooks();
      await writeFile(launcher.cli, `${HOOK_BANNER}\n// a newer build\n`);
      const result = await doctor();
      expect(result.line('hook file')).toBe(
        `✗ hook file: the hooks in ${settings()} run ${copy()}, which differs from the hook this Gatehouse ships (${launcher.cli}). Next: run "gatehouse install claude" again or restart "gatehouse serve", either of which updates it.`,
      );
      expect(result.code).toBe(1);
      // Installing again brings it up to date.
      await installUserHooks();
      expect((await doctor()).line('hook file')).toMatch(/^✓ hook file: /);
    });

    it('says when it is not Gatehouse’s', async () => {
      await installUserHooks();
      await writeFile(copy(), '#!/bin/sh\necho hello\n');
      expect((await doctor()).line('hook file')).toBe(
        `✗ hook file: the hooks in ${settings()} run ${copy()}, which is not Gatehouse's hook. Next: run "gatehouse install claude" again, which points them at Gatehouse's own copy of the hook.`,
      );
    });
  });

  it('reports the scopes it finds, and a settings file that turns all hooks off', async () => {
    await installUserHooks();
    const shop = join(tmp.path, 'shop');
    await mkdir(join(shop, '.claude'), { recursive: true });
    await writeFile(join(shop, '.claude', 'settings.local.json'), JSON.stringify({ disableAllHooks: true }));
    expect((await doctor()).line('hooks')).toMatch(
      /installed in user .*but .*settings\.local\.json sets "disableAllHooks"/,
    );
  });

  it.each([
    ['the managed file', (file: string) => writeFile(file, JSON.stringify({ allowManagedHooksOnly: true }))],
    [
      'a drop-in',
      async (file: string) => {
        await writeFile(file, JSON.stringify({ allowManagedHooksOnly: false }));
        await mkdir(join(resolve(file, '..'), 'managed-settings.d'));
        await writeFile(
          join(resolve(file, '..'), 'managed-settings.d', '50-hooks.json'),
          '{"allowManagedHooksOnly": true}',
        );
      },
    ],
  ])('sees allowManagedHooksOnly in %s', async (_where, write) => {
    await mkdir(resolve(policy, '..'), { recursive: true });
    await write(policy);
    const result = await doctor();
    expect(result.line('policy')).toMatch(
      /^✗ policy: managed policy \(.*\) sets "allowManagedHooksOnly", so user, project and local hooks do not run\. Next: ask the administrator/,
    );
    expect(result.code).toBe(1);
  });

  it('answers wrong arguments with one sentence and exit 2, and has --help', async () => {
    const wrong = io();
    expect(await runDoctor(['--frobnicate'], wrong.io)).toBe(2);
    expect(wrong.text()).toBe(
      'gatehouse doctor: unknown option --frobnicate. Run "gatehouse doctor --help" for usage.\n',
    );
    const help = io();
    expect(await runDoctor(['--help'], help.io)).toBe(0);
    expect(help.text()).toMatch(/^Usage: gatehouse doctor \[codex\|copilot\|opencode\] \[options\]/);
  });
});
