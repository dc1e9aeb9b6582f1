/**
 * `gatehouse doctor [codex|copilot|opencode]`: is everything in place for Claude Code (or Codex, Copilot,
 * OpenCode) to reach the console? One
 * line per check, each failure with the next step. It reaches the console exactly as the hook does
 * (client/hook/), so a green doctor means a working hook.
 */
import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { EXIT_USAGE, UsageError, usageError } from '../../../common/cli';
import type { CliIo } from '../../../common/cli';
import { inspectScopes } from '../../claude/installed-hooks';
import type { ScopeReport } from '../../claude/installed-hooks';
import { hookFileFindings } from '../../config-files/doctor-read';
import { currentLauncher, installedHookPath } from '../../config-files/shipped-hook';
import { codexPlaceOf } from '../../codex/codex-target';
import { formatCheck } from './doctor-check';
import { claudeExportIsOurs, codexExportIsOurs, retryHookCheck, telemetryCheck } from './telemetry-steps';
import type { Check } from './doctor-check';
import { codexHooksCheck } from './doctor-codex';
import { copilotHooksCheck } from './doctor-copilot';
import { copilotPlaceOf } from '../../copilot/copilot-target';
import { agentProgramCheck, CLAUDE_CODE, CODEX_CLI, COPILOT_CLI, OPENCODE, supported } from './doctor-agent';
import { opencodePluginCheck } from './doctor-opencode';
import { managedPolicyPath, readManagedPolicy } from '../../claude/managed-policy';
import { claudeDirOf } from '../../claude/settings-location';
import type { Place } from '../../claude/settings-location';
import { parseFlags } from '../../../files/cli-flags';
import { NotTheConsoleError, openHookSocket } from '../../hook/hook-socket';
import { findConsole, localDiscoveryFile } from '../../hook/lean-discovery';
import { readWelcome } from '../../hook/lean-protocol';

const HELP = `Usage: gatehouse doctor [codex|copilot|opencode] [options]

Checks that Claude Code can reach Gatehouse: "claude" is on the PATH at a version Gatehouse supports
(${supported(CLAUDE_CODE)}), the bridge token is readable, the console answers, the hooks are installed (and
in which scopes), no managed policy blocks them, and Claude Code's own log export reaches the console. With
"codex" it checks the same for the Codex CLI (${supported(CODEX_CLI)}), whether Codex trusts the hooks
(asking "codex app-server", else reading the records in its config.toml), and its [otel] export. With
"copilot" it checks "copilot" on the PATH (${supported(COPILOT_CLI)}), the token, the console, and
Gatehouse's hook in ~/.copilot/settings.json or .github/hooks/gatehouse.json, and whether Copilot trusts
the project (its "trustedFolders"), without which it skips the project's hooks. With "opencode" it checks
"opencode" on the PATH (${supported(OPENCODE)}), the token, the console, and Gatehouse's plugin in
~/.config/opencode/plugins/ or .opencode/plugins/. Exits 0 when all is well, 1 otherwise.

Options:
  --cwd DIR       The project folder whose .claude/ (or .codex/) settings to check (default: the current
                  folder)
  --home DIR      The home folder whose .claude/ holds the user settings (default: $CLAUDE_CONFIG_DIR,
                  else ~/.claude); with codex, whose .codex/ (default: $CODEX_HOME, else ~/.codex); with
                  copilot, whose .copilot/ (default: $COPILOT_HOME, else ~/.copilot); with opencode,
                  whose .config/opencode/ (default: $XDG_CONFIG_HOME/opencode, else ~/.config/opencode)
  --codex FILE    With codex: the Codex program whose version is checked and that reports each hook's
                  trust (default: codex on the PATH)
  --policy FILE   The managed policy file (default: ${managedPolicyPath(process.platform)})
  -h, --help      Show this help
`;

const WELCOME_TIMEOUT_MS = 2_000;

function tokenCheck(env: CliIo['env']): Check {
  if (env.GATEHOUSE_TOKEN) return { ok: true, name: 'token', text: 'taken from GATEHOUSE_TOKEN' };
  const file = localDiscoveryFile(env);
  let mode: number;
  try {
    mode = statSync(file).mode & 0o777;
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    return {
      ok: false,
      name: 'token',
      text: missing ? `${file} does not exist` : `${file} cannot be read (${(error as Error).message})`,
      next: missing
        ? 'start the console ("gatehouse serve" or the desktop app); it writes the file'
        : 'run Claude Code and doctor as the user who runs the console',
    };
  }
  if (mode & 0o077)
    return {
      ok: false,
      name: 'token',
      text: `${file} is readable by other users (mode ${mode.toString(8).padStart(4, '0')})`,
      next: 'restart the console, which rewrites it with mode 0600',
    };
  return { ok: true, name: 'token', text: `readable in ${file}, private to you` };
}

async function consoleCheck(env: CliIo['env']): Promise<Check> {
  const name = 'console';
  const discovery = await findConsole(env);
  if (!discovery.found)
    return {
      ok: false,
      name,
      text: discovery.reason,
      next: 'start the console ("gatehouse serve" or the desktop app)',
    };
  const { url } = discovery.endpoint;
  let socket;
  try {
    socket = await openHookSocket(discovery.endpoint, {
      timeoutMs: WELCOME_TIMEOUT_MS,
      agent: { name: 'gatehouse-doctor' },
    });
  } catch (error) {
    const message = (error as Error).message;
    return {
      ok: false,
      name,
      text: `${url}: ${message}`,
      next:
        error instanceof NotTheConsoleError
          ? 'whatever listens there does not know the token: restart the console, or fix GATEHOUSE_TOKEN'
          : 'the console that wrote the discovery file is gone: start it again',
    };
  }
  const welcome = await new Promise<ReturnType<typeof readWelcome>>((done) => {
    const timer = setTimeout(() => done(undefined), WELCOME_TIMEOUT_MS);
    socket.onMessage((frame) => {
      const parsed = readWelcome(frame);
      if (parsed) {
        clearTimeout(timer);
        done(parsed);
      }
    });
  });
  await socket.close();
  if (!welcome)
    return {
      ok: false,
      name,
      text: `${url} did not answer hello`,
      next: 'restart the console; it may be stuck',
    };
  return { ok: true, name, text: `reachable at ${url} (Gatehouse ${welcome.version})` };
}

function hooksCheck(reports: readonly ScopeReport[]): Check {
  const installed = reports.filter((report) => report.installed);
  const problems = reports.flatMap((report) => report.problems);
  const where = installed.map((report) => `${report.scope} (${report.path})`).join(', ');
  if (!installed.length)
    return {
      ok: false,
      name: 'hooks',
      text: ['not installed in any scope', ...problems].join('; '),
      next: 'run "gatehouse install claude"',
    };
  if (problems.length)
    return {
      ok: false,
      name: 'hooks',
      text: `installed in ${where}, but ${problems.join('; ')}`,
      next: 'run "gatehouse install claude" again (with the same --scope) from the checkout you use',
    };
  return { ok: true, name: 'hooks', text: `installed in ${where}` };
}

async function policyCheck(file: string): Promise<Check> {
  const name = 'policy';
  const policy = await readManagedPolicy(file);
  if ('problem' in policy)
    return { ok: false, name, text: policy.problem, next: 'ask the administrator who manages Claude Code' };
  const where = policy.files.length ? policy.files.join(', ') : `no ${file}`;
  if (policy.allowManagedHooksOnly || policy.disableAllHooks)
    return {
      ok: false,
      name,
      text: `managed policy (${where}) sets ${policy.allowManagedHooksOnly ? '"allowManagedHooksOnly"' : '"disableAllHooks"'}, so user, project and local hooks do not run`,
      next: "ask the administrator to add Gatehouse's hooks to the managed settings",
    };
  return {
    ok: true,
    name,
    text: `managed policy file allows user hooks (${where}; server-managed and MDM policy are not visible here)`,
  };
}

/**
 * `shipped` is the hook bundle this Gatehouse ships, which the installed copy must equal; by default the one
 * beside the running command.
 */
export async function runDoctor(
  argv: readonly string[],
  io: CliIo,
  shipped: string = currentLauncher().cli,
): Promise<number> {
  let values;
  let positionals;
  try {
    ({ values, positionals } = parseFlags(
      argv,
      {
        cwd: { type: 'string' },
        home: { type: 'string' },
        policy: { type: 'string' },
        codex: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      true,
    ));
    if (values.policy === '') throw new UsageError('--policy needs a file');
    const [agent, extra] = positionals;
    if (agent !== undefined && !['codex', 'claude', 'copilot', 'opencode'].includes(agent))
      throw new UsageError(`unknown agent "${agent}"; it takes claude, codex, copilot or opencode`);
    if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
  } catch (error) {
    io.stderr(usageError('doctor', error));
    return EXIT_USAGE;
  }
  if (values.help) {
    io.stdout(HELP);
    return 0;
  }
  if (positionals[0] === 'codex') {
    const checks = [
      await agentProgramCheck(CODEX_CLI, io.env, values.codex || CODEX_CLI.program),
      tokenCheck(io.env),
      await consoleCheck(io.env),
      ...(await codexHooksCheck(
        codexPlaceOf(values, io.env),
        values.codex || 'codex',
        io.env,
        shipped,
        await codexExportIsOurs(values, io.env),
      )),
      await telemetryCheck('codex', values, io.env),
    ];
    for (const check of checks) io.stdout(formatCheck(check));
    return checks.every((check) => check.ok) ? 0 : 1;
  }
  if (positionals[0] === 'copilot') {
    const checks = [
      await agentProgramCheck(COPILOT_CLI, io.env),
      tokenCheck(io.env),
      await consoleCheck(io.env),
      ...(await copilotHooksCheck(copilotPlaceOf(values, io.env), io.env, shipped)),
    ];
    for (const check of checks) io.stdout(formatCheck(check));
    return checks.every((check) => check.ok) ? 0 : 1;
  }
  if (positionals[0] === 'opencode') {
    const checks = [
      await agentProgramCheck(OPENCODE, io.env),
      tokenCheck(io.env),
      await consoleCheck(io.env),
      ...opencodePluginCheck(values, io.env),
    ];
    for (const check of checks) io.stdout(formatCheck(check));
    return checks.every((check) => check.ok) ? 0 : 1;
  }
  const home = resolve(values.home ?? homedir());
  const place: Place = {
    cwd: resolve(values.cwd ?? process.cwd()),
    claudeDir: values.home === undefined ? claudeDirOf(io.env, home) : resolve(home, '.claude'),
    home,
    platform: process.platform,
  };
  const reports = await inspectScopes(place, await claudeExportIsOurs(values, io.env));
  const checks = [
    await agentProgramCheck(CLAUDE_CODE, io.env),
    tokenCheck(io.env),
    await consoleCheck(io.env),
    hooksCheck(reports),
    ...hookFileFindings(reports, shipped, installedHookPath(io.env), 'gatehouse install claude').map(
      (finding) => ({ name: 'hook file', ...finding }),
    ),
    await policyCheck(values.policy ?? managedPolicyPath(process.platform)),
    await telemetryCheck('claude', values, io.env),
    await retryHookCheck(values, io.env),
  ].filter((check) => check !== undefined);
  for (const check of checks) io.stdout(formatCheck(check));
  return checks.every((check) => check.ok) ? 0 : 1;
}

export { runDoctor as run };
