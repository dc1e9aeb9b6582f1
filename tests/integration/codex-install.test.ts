/**
 * `gatehouse install codex` / `uninstall codex` / `doctor codex` on real files in a temp CODEX_HOME: what
 * Codex 0.169 needs of hooks.json (only description and hooks at its root, new groups after the existing
 * ones), backups, dry runs, broken files left untouched, and the trust records doctor reads.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CliIo } from '../../common/cli';
import { runDoctor } from '../../client/cli/commands/doctor';
import { runInstall } from '../../client/cli/commands/install';
import { runUninstall } from '../../client/cli/commands/uninstall';
import { makeTempDir } from '../support/temp-dir';
import { HOOK_BANNER } from '../../files/hook-copy';

let tmp: Awaited<ReturnType<typeof makeTempDir>>;
let codexHome: string;
let hooksFile: string;
let launcher: { node: string; cli: string };
let gatehouseHome: string;

beforeEach(async () => {
  tmp = await makeTempDir();
  codexHome = join(tmp.path, 'codex home');
  hooksFile = join(codexHome, 'hooks.json');
  launcher = { node: process.execPath, cli: join(tmp.path, 'checkout', 'out', 'cli', 'gatehouse-hook.cjs') };
  // Gatehouse's folder, where the hooks' copy lives, with a space and a quote: the command must survive sh.
  gatehouseHome = join(tmp.path, "it's here");
  await mkdir(join(launcher.cli, '..'), { recursive: true });
  await writeFile(launcher.cli, `${HOOK_BANNER}\n// one build\n`);
});
afterEach(() => tmp.remove());

function capture(env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: (t) => void out.push(t),
    stderr: (t) => void err.push(t),
    env: { CODEX_HOME: codexHome, GATEHOUSE_HOME: gatehouseHome, ...env },
  };
  return { io, out: () => out.join(''), err: () => err.join('') };
}

async function install(...args: string[]) {
  const run = capture();
  // These cases are about the hooks; tests/integration/telemetry-install.test.ts is about the telemetry.
  const code = await runInstall(
    ['codex', '--cwd', join(tmp.path, 'project'), '--no-telemetry', ...args],
    run.io,
    launcher,
  );
  return { code, stdout: run.out(), stderr: run.err() };
}

async function uninstall(...args: string[]) {
  const run = capture();
  const code = await runUninstall(['codex', ...args], run.io);
  return { code, stdout: run.out(), stderr: run.err() };
}

async function readHooks(path = hooksFile) {
  return JSON.parse(await readFile(path, 'utf8')) as {
    hooks: Record<string, { hooks: { command: string }[] }[]>;
  };
}

const backups = async () => (await readdir(codexHome)).filter((name) => name.includes('gatehouse-backup'));

const theirs = { matcher: 'Bash', hooks: [{ type: 'command', command: '/usr/local/bin/audit' }] };

describe('gatehouse install codex', () => {
  it('writes the six hooks into $CODEX_HOME/hooks.json, with nothing else at its root, and says how to trust them', async () => {
    const result = await install();
    expect(result.code).toBe(0);
    const file = await readHooks();
    expect(Object.keys(file)).toEqual(['hooks']);
    expect(Object.keys(file.hooks)).toEqual([
      'PermissionRequest',
      'SessionStart',
      'PostToolUse',
      'UserPromptSubmit',
      'Stop',
      'SessionEnd',
    ]);
    expect(file.hooks.PermissionRequest).toEqual([
      {
        matcher: '*',
        hooks: [
          {
            type: 'command',
            command: `${process.execPath} '${join(tmp.path, "it'\\''s here", 'gatehouse-hook.cjs')}' hook codex permission-request`,
            timeout: 600,
          },
        ],
      },
    ]);
    expect(result.stdout).toContain('+++ ');
    expect(result.stdout).toMatch(/Hooks need review/);
    expect(result.stdout).toMatch(/gatehouse doctor codex/);
    expect(await install()).toMatchObject({ code: 0, stdout: expect.stringMatching(/already installed/) });
  });

  it('runs the copy in Gatehouse’s folder, and updates it on a new build without changing the command Codex trusts', async () => {
    expect((await install()).code).toBe(0);
    const copy = join(gatehouseHome, 'gatehouse-hook.cjs');
    const before = await readFile(hooksFile, 'utf8');
    expect(before).toContain('gatehouse-hook.cjs');
    expect(await readFile(copy, 'utf8')).toBe(await readFile(launcher.cli, 'utf8'));

    await writeFile(launcher.cli, `${HOOK_BANNER}\n// the next build\n`);
    const again = await install();
    expect(again).toMatchObject({ code: 0, stdout: expect.stringMatching(/already installed/) });
    expect(await readFile(hooksFile, 'utf8')).toBe(before);
    expect(await readFile(copy, 'utf8')).toBe(`${HOOK_BANNER}\n// the next build\n`);
  });

  it('keeps the description and every other hook, and puts its group after theirs', async () => {
    await mkdir(codexHome, { recursive: true });
    await writeFile(
      hooksFile,
      JSON.stringify({ description: 'mine', hooks: { PermissionRequest: [theirs] } }, null, 2),
    );
    expect((await install()).code).toBe(0);
    const file = await readHooks();
    expect((file as unknown as { description: string }).description).toBe('mine');
    expect(file.hooks.PermissionRequest![0]).toEqual(theirs);
    expect(file.hooks.PermissionRequest![1]!.hooks[0]!.command).toMatch(/hook codex permission-request$/);
    expect(await backups()).toHaveLength(1);

    expect((await uninstall()).code).toBe(0);
    expect(await readHooks()).toEqual({ description: 'mine', hooks: { PermissionRequest: [theirs] } });
  });

  it.each([
    ['not JSON', '{"hooks": ', /not valid JSON/],
    ['a key Codex refuses at its root', '{"$schema": "x", "hooks": {}}', /root holds "\$schema"/],
    ['hooks that are not a table', '{"hooks": []}', /"hooks" is not an object/],
  ])('refuses a file that is %s, untouched', async (_name, text, sentence) => {
    await mkdir(codexHome, { recursive: true });
    await writeFile(hooksFile, text);
    const result = await install();
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(sentence);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(await readFile(hooksFile, 'utf8')).toBe(text);
    expect(await backups()).toEqual([]);
  });

  it('prints the change and writes nothing on a dry run', async () => {
    const result = await install('--dry-run');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Dry run: .* was not changed/);
    await expect(readFile(hooksFile)).rejects.toThrow(/ENOENT/);
  });

  it('writes the project scope into <cwd>/.codex/hooks.json and names the project trust step', async () => {
    const project = join(tmp.path, 'project');
    const result = await install('--scope', 'project');
    expect(result.code).toBe(0);
    expect(Object.keys((await readHooks(join(project, '.codex', 'hooks.json'))).hooks)).toHaveLength(6);
    expect(result.stdout).toContain(`[projects."${project}"] trust_level = "trusted"`);
    expect(result.stdout).toContain('at "Trust this folder?" choose "Trust and continue"');
    expect((await install('--scope', 'local')).stderr).toMatch(/--scope takes user or project for Codex/);
  });
});

describe('gatehouse doctor codex', () => {
  async function doctor() {
    const run = capture();
    // No Codex to ask: doctor falls back to the records in config.toml (tests/agents asks the real one).
    const code = await runDoctor(
      ['codex', '--cwd', join(tmp.path, 'project'), '--codex', join(tmp.path, 'no-codex')],
      run.io,
      launcher.cli,
    );
    const line = (name: string) =>
      run
        .out()
        .split('\n')
        .find((l) => l.startsWith(`✓ ${name}:`) || l.startsWith(`✗ ${name}:`)) ?? '';
    return { code, line };
  }

  it('says when the hook the installed commands run is stale', async () => {
    await install();
    await writeFile(launcher.cli, `${HOOK_BANNER}\n// a newer build\n`);
    expect((await doctor()).line('codex hook file')).toMatch(
      /^✗ codex hook file: the hooks in .*hooks\.json run .*gatehouse-hook\.cjs, which differs from the hook this Gatehouse ships .*\. Next: run "gatehouse install codex" again or restart "gatehouse serve"/,
    );
  });

  it('says the hooks are missing until installed', async () => {
    expect((await doctor()).line('codex hooks')).toMatch(
      /✗ codex hooks: not installed.*gatehouse install codex/,
    );
  });

  it('says when Codex does not trust the project whose hooks Gatehouse installed', async () => {
    await install('--scope', 'project');
    const report = await doctor();
    expect(report.line('codex trust')).toMatch(
      /^✗ codex trust: Codex does not trust the project .*Next: trust the project \(see "codex project"\)/,
    );
    expect(report.line('codex project')).toMatch(
      /^✗ codex project: .*Next: run "codex" in .* and at "Trust this folder\?" choose "Trust and continue"/,
    );
  });

  it('names each hook Codex has no trust record for, then reports the records it cannot verify', async () => {
    await install();
    const untrusted = (await doctor()).line('codex trust');
    expect(untrusted).toMatch(/^✗ codex trust: .*config\.toml records no trust for/);
    expect(untrusted).toContain(`${hooksFile}:permission_request:0:0`);
    expect(untrusted).toContain(`${hooksFile}:session_end:0:0`);

    const events = [
      'permission_request',
      'session_start',
      'post_tool_use',
      'user_prompt_submit',
      'stop',
      'session_end',
    ];
    await writeFile(
      join(codexHome, 'config.toml'),
      [
        'model = "gpt-5.5"',
        ...events.flatMap((event) => [
          `[hooks.state."${hooksFile}:${event}:0:0"]`,
          `trusted_hash = "sha256:ab"`,
        ]),
        '',
      ].join('\n'),
    );
    const report = await doctor();
    expect(report.line('codex hooks')).toMatch(/^✓ codex hooks: installed in user/);
    expect(report.line('codex hook file')).toMatch(/^✓ codex hook file: .* the hook this Gatehouse ships\.$/);
    expect(report.line('codex trust')).toMatch(
      /^✓ codex trust: present in config for all 6 .*trust not verifiable/,
    );
  });
});
