/**
 * The telemetry half of `gatehouse install`, `uninstall` and `doctor`: the agent's own OpenTelemetry log
 * export pointed at the console's `/v1/logs` on its kept port, with the telemetry token as a header
 * (docs/security.md, section 11). Claude Code's goes into the user's settings whatever the hooks' scope (it
 * ignores OTEL keys in project settings); Codex's into `$CODEX_HOME/config.toml`.
 */
import { readFile } from 'node:fs/promises';
import type { CliIo } from '../../../common/cli';
import { readRememberedPort, reserveConsolePort } from '../../../files/console-port';
import { loadOrCreateTelemetryToken, readTelemetryToken } from '../../../files/telemetry-token';
import type { TelemetryTarget } from '../../../files/telemetry-token';
import { settingsOf } from '../../claude/merge-hooks';
import { claudeTarget } from '../../claude/target-args';
import {
  hasGatehouseExport,
  installTelemetry,
  retryHookStatus,
  telemetryConflict,
  telemetryStatus,
  uninstallTelemetry,
} from '../../claude/telemetry-env';
import {
  codexExporterOwner,
  codexTelemetryStatus,
  installCodexTelemetry,
  uninstallCodexTelemetry,
} from '../../codex/codex-otel';
import { codexConfigPath } from '../../codex/codex-location';
import { codexPlaceOf } from '../../codex/codex-target';
import { applyChange } from '../../config-files/apply-change';
import { SettingsProblem } from '../../config-files/change-settings';
import { MalformedSettings } from '../../config-files/settings-file';
import { gatehouseHomeIn } from '../../config-files/shipped-hook';
import type { AgentArg, TargetFlags } from '../../config-files/target-flags';
import type { Check } from './doctor-check';

/** The file the agent's export is configured in. */
function exportFile(agent: AgentArg, flags: TargetFlags, env: CliIo['env']): string {
  return agent === 'claude'
    ? claudeTarget({ ...flags, scope: 'user' }, env).path
    : codexConfigPath(codexPlaceOf(flags, env));
}

/**
 * Where the agent should send its logs: the console's kept port (one is reserved when no console has run
 * yet) and the telemetry token. A dry run creates neither and names what it cannot know.
 */
async function consoleTarget(env: CliIo['env'], dryRun: boolean): Promise<TelemetryTarget> {
  const home = gatehouseHomeIn(env);
  const port = dryRun ? ((await readRememberedPort(home)) ?? '<port>') : await reserveConsolePort(home);
  const token = dryRun ? (readTelemetryToken(home) ?? '<token>') : await loadOrCreateTelemetryToken(home);
  return { endpoint: `http://127.0.0.1:${port}/v1/logs`, token };
}

async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The user's Claude Code settings, or undefined when they cannot be read as settings. */
async function claudeUserSettings(flags: TargetFlags, env: CliIo['env']) {
  const path = exportFile('claude', flags, env);
  try {
    return { path, settings: settingsOf(await readText(path)) };
  } catch {
    return undefined;
  }
}

/**
 * Whether `gatehouse install claude` puts (or keeps) Gatehouse's export in the user's settings: then Claude
 * Code's `tool_result` records tell the console what its PostToolUse hooks would, and those are left out.
 */
export async function claudeExportWillBeOurs(flags: TargetFlags, env: CliIo['env']): Promise<boolean> {
  if (flags['no-telemetry']) return false;
  const user = await claudeUserSettings(flags, env);
  return user !== undefined && telemetryConflict(user.settings, user.path) === undefined;
}

/** Whether the user's settings hold Gatehouse's export, up to date or not (doctor says which apart). */
export async function claudeExportIsOurs(flags: TargetFlags, env: CliIo['env']): Promise<boolean> {
  const user = await claudeUserSettings(flags, env);
  return user !== undefined && hasGatehouseExport(user.settings);
}

/** Codex's config.toml, or undefined when it cannot be read. */
async function codexConfig(flags: TargetFlags, env: CliIo['env']): Promise<string | undefined> {
  try {
    return await readText(exportFile('codex', flags, env));
  } catch {
    return undefined;
  }
}

/**
 * Whether `gatehouse install codex` puts (or keeps) Gatehouse's exporter in config.toml: then Codex's
 * `codex.tool_result` records tell the console what its PostToolUse hook would, and that is left out.
 */
export async function codexExportWillBeOurs(flags: TargetFlags, env: CliIo['env']): Promise<boolean> {
  if (flags['no-telemetry']) return false;
  return codexExporterOwner(await codexConfig(flags, env)) !== 'theirs';
}

/** Whether config.toml holds Gatehouse's exporter, up to date or not (doctor says which apart). */
export async function codexExportIsOurs(flags: TargetFlags, env: CliIo['env']): Promise<boolean> {
  return codexExporterOwner(await codexConfig(flags, env)) === 'gatehouse';
}

export async function installAgentTelemetry(agent: AgentArg, flags: TargetFlags, io: CliIo): Promise<number> {
  const dryRun = flags['dry-run'] ?? false;
  const path = exportFile(agent, flags, io.env);
  const target = await consoleTarget(io.env, dryRun);
  const name = agent === 'claude' ? 'Claude Code' : 'Codex';
  const sentences = {
    unchanged: `${name} already sends its tool decisions to the console (${target.endpoint}); ${path} is unchanged.\n`,
    done: `${name} now sends its own tool decisions to the console at ${target.endpoint} (set in ${path}), so the activity view shows the calls it settles itself; new sessions pick it up.\n`,
  };
  if (agent === 'codex') {
    const before = await readText(path);
    if (codexTelemetryStatus(before, target) === 'theirs') {
      io.stdout(
        `${path} already has an OpenTelemetry exporter in [otel], and Codex sends its logs to one exporter only, so Gatehouse left yours in place: the activity view shows only the calls that reach the console.\n`,
      );
      return 0;
    }
    return applyChange(
      'install',
      { path, dryRun },
      io,
      (text) => installCodexTelemetry(text, target, path),
      sentences,
    );
  }
  let settings;
  try {
    settings = settingsOf(await readText(path));
  } catch (error) {
    // applyChange says what is wrong with the file, in the words install uses for it.
    if (!(error instanceof MalformedSettings)) throw error;
  }
  const retryHook = flags['retry-hook'] ?? false;
  const first = settings && installTelemetry(settings, target, path, retryHook);
  if (first && 'conflict' in first) {
    const without = retryHook
      ? ' The retry hook takes its token from that export, so it was not added either.'
      : '';
    io.stdout(`${first.conflict}${without}\n`);
    return 0;
  }
  return applyChange(
    'install',
    { path, dryRun },
    io,
    {
      read: settingsOf,
      transform: (current) => {
        const change = installTelemetry(current, target, path, retryHook);
        // The person set an exporter of their own between the read above and this one.
        if ('conflict' in change) throw new SettingsProblem(change.conflict);
        return change;
      },
    },
    sentences,
  );
}

export function uninstallAgentTelemetry(agent: AgentArg, flags: TargetFlags, io: CliIo): Promise<number> {
  const path = exportFile(agent, flags, io.env);
  const sentences = {
    // Silent when there is nothing to remove, so removing hooks installed without telemetry reads as before.
    unchanged: '',
    done: `Removed Gatehouse's telemetry settings from ${path}; everything else in it stays as it was.\n`,
  };
  const dryRun = flags['dry-run'] ?? false;
  return agent === 'codex'
    ? applyChange('uninstall', { path, dryRun }, io, uninstallCodexTelemetry, sentences)
    : applyChange(
        'uninstall',
        { path, dryRun },
        io,
        { read: settingsOf, transform: uninstallTelemetry },
        sentences,
      );
}

/** Whether the agent's log export reaches this console's kept port with its token. */
export async function telemetryCheck(agent: AgentArg, flags: TargetFlags, env: CliIo['env']): Promise<Check> {
  const name = 'telemetry';
  const path = exportFile(agent, flags, env);
  const home = gatehouseHomeIn(env);
  const port = await readRememberedPort(home);
  const token = readTelemetryToken(home);
  const install = `run "gatehouse install ${agent}"`;
  if (port === undefined || token === undefined)
    return {
      ok: false,
      name,
      text: `no console has kept a port and a telemetry token in ${home} yet`,
      next: install,
    };
  const target = { endpoint: `http://127.0.0.1:${port}/v1/logs`, token };
  let status;
  try {
    const text = await readText(path);
    status =
      agent === 'claude' ? telemetryStatus(settingsOf(text), target) : codexTelemetryStatus(text, target);
  } catch (error) {
    const why = error instanceof MalformedSettings ? error.message : (error as Error).message;
    return { ok: false, name, text: `${path} cannot be read (${why})`, next: 'fix the file by hand' };
  }
  switch (status) {
    case 'ok':
      return { ok: true, name, text: `${path} sends the agent's tool decisions to ${target.endpoint}` };
    case 'theirs':
      return {
        ok: true,
        name,
        text: `${path} sends the agent's logs to your own exporter, which Gatehouse leaves in place; the activity view shows only the calls that reach the console`,
      };
    case 'stale':
      return {
        ok: false,
        name,
        text: `${path} sends the agent's tool decisions to another port or with another token than this console's (${target.endpoint})`,
        next: install,
      };
    case 'absent':
      return {
        ok: false,
        name,
        text: `${path} does not send the agent's tool decisions to the console`,
        next: install,
      };
  }
}

/** What an overturned refusal's retry meets, said as an info line when the hook is absent (it is opt-in). */
export async function retryHookCheck(flags: TargetFlags, env: CliIo['env']): Promise<Check | undefined> {
  const home = gatehouseHomeIn(env);
  const port = await readRememberedPort(home);
  const token = readTelemetryToken(home);
  const user = await claudeUserSettings(flags, env);
  // Without this console's export the telemetry line already says what to do, and the hook needs it.
  if (port === undefined || token === undefined || user === undefined) return undefined;
  const target = { endpoint: `http://127.0.0.1:${port}/v1/logs`, token };
  if (telemetryStatus(user.settings, target) !== 'ok') return undefined;
  const name = 'retry hook';
  switch (retryHookStatus(user.settings, target)) {
    case 'ok':
      return {
        ok: true,
        name,
        text: `${user.path} asks the console, through a PreToolUse http hook, whether a call whose refusal by auto mode you overturned may now run, so the retried call runs once`,
      };
    case 'stale':
      return {
        ok: false,
        name,
        text: `${user.path} has a PreToolUse http hook to another port or with another token than this console's (${target.endpoint}), so a retried call is judged by Claude Code's classifier again`,
        next: 'run "gatehouse install claude"',
      };
    case 'absent':
      return {
        ok: true,
        info: true,
        name,
        text: `not installed: when you allow a call that auto mode refused, Claude Code's classifier judges its retry again. "gatehouse install claude --retry-hook" adds a PreToolUse http hook that lets the retried call run once; it costs every tool call about 12-25 ms`,
      };
  }
}
