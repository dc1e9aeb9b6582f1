/**
 * The telemetry half of `gatehouse install claude|codex` and `uninstall`: the agent's own log export pointed
 * at the console's kept port with the telemetry token, a person's own exporter left in place, and uninstall
 * giving back the file as it was.
 */
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CliIo } from '../../common/cli';
import { runInstall } from '../../client/cli/commands/install';
import { runUninstall } from '../../client/cli/commands/uninstall';
import { runDoctor } from '../../client/cli/commands/doctor';
import { PORT_FILE, readRememberedPort } from '../../files/console-port';
import { HOOK_BANNER } from '../../files/hook-copy';
import { readTelemetryToken, TELEMETRY_TOKEN_FILE } from '../../files/telemetry-token';
import type { ConsoleCore } from '../../main/core/console-core';
import { makeTempDir } from '../support/temp-dir';
import { startTestCore } from '../support/test-core';

let tmp: Awaited<ReturnType<typeof makeTempDir>>;
let home: string;
let codexHome: string;
let gatehouseHome: string;
let launcher: { node: string; cli: string };
let core: ConsoleCore | undefined;

beforeEach(async () => {
  tmp = await makeTempDir();
  home = join(tmp.path, 'home');
  codexHome = join(home, '.codex');
  gatehouseHome = join(tmp.path, 'gatehouse');
  launcher = { node: process.execPath, cli: join(tmp.path, 'checkout', 'gatehouse-hook.cjs') };
  await mkdir(join(launcher.cli, '..'), { recursive: true });
  await writeFile(launcher.cli, `${HOOK_BANNER}\n// one build\n`);
});
afterEach(async () => {
  await core?.close();
  core = undefined;
  await tmp.remove();
});

async function run(command: 'install' | 'uninstall' | 'doctor', ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: (t) => void out.push(t),
    stderr: (t) => void err.push(t),
    env: { GATEHOUSE_HOME: gatehouseHome, CODEX_HOME: codexHome },
  };
  const argv = [...args, '--home', home, '--cwd', join(tmp.path, 'project')];
  const code =
    command === 'install'
      ? await runInstall(argv, io, launcher)
      : command === 'doctor'
        ? await runDoctor(argv, io, launcher.cli)
        : await runUninstall(argv, io);
  return { code, stdout: out.join(''), stderr: err.join('') };
}

const userSettings = () => join(home, '.claude', 'settings.json');
const projectSettings = () => join(tmp.path, 'project', '.claude', 'settings.json');

/** Each event Gatehouse's hooks are on in a settings file, with the `async` its handler carries. */
async function hookEvents(path: string): Promise<Record<string, unknown>> {
  const { hooks } = JSON.parse(await readFile(path, 'utf8')) as {
    hooks: Record<string, { hooks: { async?: boolean }[] }[]>;
  };
  return Object.fromEntries(
    Object.entries(hooks).map(([event, groups]) => [event, groups.at(-1)?.hooks[0]?.async]),
  );
}
const codexConfig = () => join(codexHome, 'config.toml');
const codexHooks = () => join(codexHome, 'hooks.json');
const startConsole = async () =>
  (core = await startTestCore({
    home: gatehouseHome,
    port: 'remembered',
    timeoutMs: 60_000,
    timeoutAction: 'passthrough',
  }));

describe('gatehouse install claude: the telemetry', () => {
  it('goes into the user settings even with project-scoped hooks, pointed at the running console with its token', async () => {
    await startConsole();
    const result = await run('install', 'claude', '--scope', 'project');
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const endpoint = `http://127.0.0.1:${core?.port}/v1/logs`;
    expect(result.stdout).toContain(
      `Claude Code now sends its own tool decisions to the console at ${endpoint} (set in ${userSettings()})`,
    );
    const { env } = JSON.parse(await readFile(userSettings(), 'utf8')) as { env: Record<string, string> };
    expect(env).toMatchObject({
      CLAUDE_CODE_ENABLE_TELEMETRY: '1',
      OTEL_EXPORTER_OTLP_LOGS_ENDPOINT: endpoint,
      OTEL_EXPORTER_OTLP_LOGS_HEADERS: `x-gatehouse-telemetry=${readTelemetryToken(gatehouseHome)}`,
    });
    expect((await stat(join(gatehouseHome, TELEMETRY_TOKEN_FILE))).mode & 0o777).toBe(0o600);
    // The retry hook costs every call 12-25 ms, so a plain install leaves it out, and its token with it.
    const plain = JSON.parse(await readFile(userSettings(), 'utf8')) as Record<string, unknown>;
    expect(plain.hooks).toBeUndefined();
    expect(env).not.toHaveProperty('GATEHOUSE_TELEMETRY_TOKEN');
    expect((await run('install', 'claude', '--scope', 'project')).stdout).toContain(
      `Claude Code already sends its tool decisions to the console (${endpoint}); ${userSettings()} is unchanged.`,
    );
  });

  it('adds the PreToolUse http hook with --retry-hook, and a later plain install keeps it', async () => {
    await startConsole();
    const result = await run('install', 'claude', '--scope', 'project', '--retry-hook');
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const hook = {
      PreToolUse: [
        {
          matcher: '*',
          hooks: [
            {
              type: 'http',
              url: `http://127.0.0.1:${core?.port}/hooks/claude/pre-tool-use`,
              timeout: 2,
              headers: { 'x-gatehouse-telemetry': '$GATEHOUSE_TELEMETRY_TOKEN' },
              allowedEnvVars: ['GATEHOUSE_TELEMETRY_TOKEN'],
            },
          ],
        },
      ],
    };
    const installed = JSON.parse(await readFile(userSettings(), 'utf8')) as {
      env: Record<string, string>;
      hooks: unknown;
    };
    // Claude Code posts to the console, no process per call, and the token reaches the hook's header only
    // through the one variable the hook lists.
    expect(installed.hooks).toEqual(hook);
    expect(installed.env.GATEHOUSE_TELEMETRY_TOKEN).toBe(readTelemetryToken(gatehouseHome));
    const before = await readFile(userSettings(), 'utf8');
    expect((await run('install', 'claude', '--scope', 'project')).code).toBe(0);
    expect(await readFile(userSettings(), 'utf8')).toBe(before);
  });

  it('refuses --retry-hook with --no-telemetry in one sentence, writing nothing', async () => {
    const result = await run('install', 'claude', '--retry-hook', '--no-telemetry');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      '--retry-hook needs the telemetry export that --no-telemetry leaves out, so give one or the other',
    );
    await expect(stat(userSettings())).rejects.toThrow(/ENOENT/);
    await expect(stat(projectSettings())).rejects.toThrow(/ENOENT/);
  });

  it('reserves a port when no console has run yet, which the console then takes', async () => {
    expect((await run('install', 'claude')).code).toBe(0);
    const reserved = await readRememberedPort(gatehouseHome);
    expect(reserved).toBeGreaterThan(0);
    expect(await readFile(userSettings(), 'utf8')).toContain(`http://127.0.0.1:${reserved}/v1/logs`);
    await startConsole();
    expect(core?.port).toBe(reserved);
  });

  it('uninstall gives back the user settings byte for byte', async () => {
    const original = `{\n    "model": "opus",\n    "env": { "FOO": "bar" },\n    "permissions": { "allow": ["Bash(ls)"] }\n}\n`;
    await mkdir(join(home, '.claude'), { recursive: true });
    await writeFile(userSettings(), original);
    expect((await run('install', 'claude')).code).toBe(0);
    expect((await run('install', 'claude', '--retry-hook')).code).toBe(0);
    expect(await readFile(userSettings(), 'utf8')).toContain('"OTEL_LOGS_EXPORTER": "otlp"');
    expect(await readFile(userSettings(), 'utf8')).toContain('/hooks/claude/pre-tool-use');
    const removed = await run('uninstall', 'claude');
    expect(removed).toMatchObject({ code: 0, stderr: '' });
    expect(removed.stdout).toContain(`Removed Gatehouse's telemetry settings from ${userSettings()}`);
    expect(await readFile(userSettings(), 'utf8')).toBe(original);
  });

  it('leaves the person’s own log export in place, says why, and still installs the hooks', async () => {
    const theirs = `${JSON.stringify({ env: { OTEL_LOGS_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_LOGS_ENDPOINT: 'https://collector.example/v1/logs' } }, null, 2)}\n`;
    await mkdir(join(home, '.claude'), { recursive: true });
    await writeFile(userSettings(), theirs);
    const result = await run('install', 'claude', '--scope', 'project');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      `${userSettings()} already exports Claude Code's logs (OTEL_LOGS_EXPORTER=otlp), and Claude Code sends them to one place only, so Gatehouse left yours in place`,
    );
    expect(await readFile(userSettings(), 'utf8')).toBe(theirs);
    // The console hears of a call that ran only through the hooks then, which run without holding Claude Code up.
    expect(await hookEvents(projectSettings())).toEqual({
      PermissionRequest: undefined,
      PostToolUse: true,
      PostToolUseFailure: true,
      UserPromptSubmit: true,
      Stop: true,
      SessionEnd: undefined,
      DirectoryAdded: undefined,
    });
  });

  it('is left out with --no-telemetry, and then the tool-result hooks go in', async () => {
    expect((await run('install', 'claude', '--no-telemetry')).code).toBe(0);
    expect(await readFile(userSettings(), 'utf8')).not.toContain('OTEL');
    expect(await readdir(gatehouseHome)).not.toContain(PORT_FILE);
    expect(Object.keys(await hookEvents(userSettings()))).toContain('PostToolUse');
  });

  it('leaves out the tool-result hooks its export replaces, takes out earlier ones, and doctor agrees', async () => {
    await startConsole();
    expect((await run('install', 'claude', '--scope', 'project', '--no-telemetry')).code).toBe(0);
    expect(Object.keys(await hookEvents(projectSettings()))).toContain('PostToolUse');
    expect((await run('install', 'claude', '--scope', 'project')).code).toBe(0);
    // Nothing of Gatehouse's runs on a call that is not asked or refused any more: the export's
    // tool_result says the call ran.
    expect(Object.keys(await hookEvents(projectSettings()))).toEqual([
      'PermissionRequest',
      'PermissionDenied',
      'UserPromptSubmit',
      'Stop',
      'SessionEnd',
      'DirectoryAdded',
    ]);
    const doctor = await run('doctor');
    expect(doctor.stdout).not.toContain('lacks');
    expect(doctor.stdout).toContain(`✓ hooks`);
  });
});

describe('gatehouse install codex: the telemetry', () => {
  const CONFIG = 'model = "gpt-5.5"\n\n[model_providers.standin]\nname = "standin"\n';

  it('adds an [otel] exporter to config.toml, and uninstall gives the file back byte for byte', async () => {
    await startConsole();
    await mkdir(codexHome, { recursive: true });
    await writeFile(codexConfig(), CONFIG);
    const result = await run('install', 'codex');
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const endpoint = `http://127.0.0.1:${core?.port}/v1/logs`;
    expect(result.stdout).toContain(`Codex now sends its own tool decisions to the console at ${endpoint}`);
    const config = await readFile(codexConfig(), 'utf8');
    expect(config).toContain(
      `exporter = { otlp-http = { endpoint = "${endpoint}", protocol = "binary", headers = { "x-gatehouse-telemetry" = "${readTelemetryToken(gatehouseHome)}" } } }`,
    );
    const removed = await run('uninstall', 'codex');
    expect(removed).toMatchObject({ code: 0, stderr: '' });
    expect(await readFile(codexConfig(), 'utf8')).toBe(CONFIG);
  });

  it('leaves the person’s own [otel] exporter in place and says why', async () => {
    const theirs = `${CONFIG}\n[otel]\nexporter = { otlp-grpc = { endpoint = "https://collector.example:4317" } }\n`;
    await mkdir(codexHome, { recursive: true });
    await writeFile(codexConfig(), theirs);
    const result = await run('install', 'codex');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      `${codexConfig()} already has an OpenTelemetry exporter in [otel], and Codex sends its logs to one exporter only, so Gatehouse left yours in place`,
    );
    expect(await readFile(codexConfig(), 'utf8')).toBe(theirs);
    // The console hears of a call that ran only through the PostToolUse hook then.
    expect(Object.keys(await hookEvents(codexHooks()))).toContain('PostToolUse');
  });

  it('leaves out the PostToolUse hook its export replaces, takes out an earlier one, and doctor agrees', async () => {
    await startConsole();
    expect((await run('install', 'codex', '--no-telemetry')).code).toBe(0);
    expect(Object.keys(await hookEvents(codexHooks()))).toContain('PostToolUse');
    expect((await run('install', 'codex')).code).toBe(0);
    // Codex waits for every hook, so nothing of Gatehouse's runs on a call that is not asked any more: the
    // export's codex.tool_result says the call ran.
    expect(Object.keys(await hookEvents(codexHooks()))).toEqual([
      'PermissionRequest',
      'SessionStart',
      'UserPromptSubmit',
      'Stop',
      'SessionEnd',
    ]);
    const doctor = await run('doctor', 'codex', '--codex', join(tmp.path, 'no-codex'));
    expect(doctor.stdout).toContain('✓ codex hooks');
    expect(doctor.stdout).not.toContain('lacks');
  });
});
