/**
 * `gatehouse install claude|codex|copilot|opencode`: merges Gatehouse's hooks into one agent config file (Claude
 * Code's settings, Codex's hooks.json, Copilot's settings or project hook file), keeping every other key and hook, with a backup and the diff. Running it
 * again changes nothing. OpenCode takes a plugin file instead (client/opencode/opencode-install.ts).
 */
import { existsSync } from 'node:fs';
import { EXIT_USAGE, usageError } from '../../../common/cli';
import type { CliIo } from '../../../common/cli';
import { installHooks, settingsOf } from '../../claude/merge-hooks';
import { claudeTarget, TARGET_OPTIONS } from '../../claude/target-args';
import { hooksFileOf, installCodexHooks } from '../../codex/codex-hooks';
import { codexTarget, CODEX_TARGET_OPTIONS } from '../../codex/codex-target';
import { trustSteps } from '../../codex/trust-steps';
import { copilotHookFileOf, installCopilotHook } from '../../copilot/copilot-hooks';
import { copilotTarget, COPILOT_TARGET_OPTIONS } from '../../copilot/copilot-target';
import { applyChange } from '../../config-files/apply-change';
import type { Launcher } from '../../config-files/hook-groups';
import { currentLauncher, gatehouseHomeIn } from '../../config-files/shipped-hook';
import { parseTargetFlags } from '../../config-files/target-flags';
import type { TargetArgs } from '../../config-files/target-flags';
import { hookCopyPath, placeHookCopy } from '../../../files/hook-copy';
import { claudeExportWillBeOurs, codexExportWillBeOurs, installAgentTelemetry } from './telemetry-steps';
import {
  installOpenCodePlugin,
  OPENCODE_TARGET_OPTIONS,
  opencodeTarget,
} from '../../opencode/opencode-install';

const CLAUDE_HELP = `Usage: gatehouse install claude [options]

Adds Gatehouse's hooks to a Claude Code settings file: PermissionRequest (sends permission prompts to the
console) and UserPromptSubmit, Stop and SessionEnd (retire cards the terminal answered); UserPromptSubmit
and Stop run in the background, so Claude Code does not wait for them. PostToolUse and PostToolUseFailure
(a call ran, so its card was answered in the terminal) are added only with "--no-telemetry" or when your
settings keep Claude Code's log export for yourselves: otherwise its own telemetry tells the console, and a
tool call starts nothing of Gatehouse's. Every other setting and hook stays as it is; a backup is written next to the file
first. The hooks run this Node and Gatehouse's own copy of the hook (gatehouse-hook.cjs in Gatehouse's
folder, $GATEHOUSE_HOME or the platform's), by absolute path, in the exec form of Claude Code 2.1.139+;
installing again or starting "gatehouse serve" updates the copy, so moving or rebuilding the checkout breaks
no hook.

It also turns on Claude Code's own OpenTelemetry log export to the console (http://127.0.0.1:<the console's
kept port>/v1/logs, with a token of Gatehouse's as a header), in the user settings whatever the scope, so the
activity view shows the calls Claude Code settles itself. A log export you already have stays as it is
(Claude Code sends its logs to one place), and then the view shows only the calls that reach the console.
"--no-telemetry" installs the hooks only.

"--retry-hook" also adds a PreToolUse http hook, in the user settings beside the export (so not with
"--no-telemetry"): Claude Code asks the console about every tool call, over HTTP with no process started, and
when you allowed a call that auto mode's classifier refused, its retry runs once instead of being judged by
the classifier again. It costs every tool call about 12-25 ms, so it is left out unless asked for; installing
again without the flag keeps one already there, and "gatehouse uninstall claude" removes it.

${TARGET_OPTIONS}`;

const CODEX_HELP = `Usage: gatehouse install codex [options]

Adds Gatehouse's hooks to a Codex CLI hooks.json: PermissionRequest (sends permission prompts to the
console) and SessionStart, UserPromptSubmit, Stop and SessionEnd (retire cards). PostToolUse (a call ran),
which Codex waits for on every tool call, is added only with "--no-telemetry" or when your [otel] exporter
stays: otherwise Codex's own telemetry tells the console, and a tool call starts nothing of Gatehouse's.
Every other hook stays
where it is (Codex trusts hooks by position, so Gatehouse's go after them); a backup is written next to the
file first. Codex then asks you to review and trust the new hooks; the command says how. The hooks run
Gatehouse's own copy of the hook in Gatehouse's folder; updating the copy leaves the commands, and so
Codex's trust, as they are.

It also adds an [otel] exporter to $CODEX_HOME/config.toml that sends Codex's own tool decisions to the
console (http://127.0.0.1:<the console's kept port>/v1/logs, with a token of Gatehouse's as a header). An
[otel] exporter you already have stays as it is (Codex takes one), and then the activity view shows only the
calls that reach the console. "--no-telemetry" installs the hooks only.

${CODEX_TARGET_OPTIONS}`;

const COPILOT_HELP = `Usage: gatehouse install copilot [options]

Adds Gatehouse's permissionRequest hook to the GitHub Copilot CLI's hook config: it sends Copilot's
permission prompts to the console, and answers at once, with no card, for a call Copilot's own saved
approvals already allow. Every other setting and hook stays as it is; a backup is written next to the file
first. The hook runs Gatehouse's own copy of the hook in Gatehouse's folder.

${COPILOT_TARGET_OPTIONS}`;

const OPENCODE_HELP = `Usage: gatehouse install opencode [options]

Puts Gatehouse's plugin in a folder OpenCode loads plugins from. OpenCode starts it with its own server: each
permission question OpenCode asks also reaches the console, and the first answer, in the console or in
OpenCode's own prompt, is the one OpenCode takes. With no console running the plugin does nothing. Installing
again updates the file to this Gatehouse's plugin; a file of that name that is not Gatehouse's is left alone.

${OPENCODE_TARGET_OPTIONS}`;

export async function runInstall(
  argv: readonly string[],
  io: CliIo,
  launcher: Launcher = currentLauncher(),
): Promise<number> {
  let args: TargetArgs;
  try {
    args = parseTargetFlags(argv);
    if (args.help) {
      io.stdout(
        args.agent === 'codex'
          ? CODEX_HELP
          : args.agent === 'copilot'
            ? COPILOT_HELP
            : args.agent === 'opencode'
              ? OPENCODE_HELP
              : args.agent === 'claude'
                ? CLAUDE_HELP
                : `${CLAUDE_HELP}\n${CODEX_HELP}\n${COPILOT_HELP}\n${OPENCODE_HELP}`,
      );
      return 0;
    }
    if (args.agent === 'codex') {
      const target = codexTarget(args.flags, io.env);
      const installed = await installedLauncher(launcher, io, target.dryRun);
      if (!installed) return 1;
      const telemetryRetires = await codexExportWillBeOurs(args.flags, io.env);
      const code = await applyChange(
        'install',
        target,
        io,
        { read: hooksFileOf, transform: (file) => installCodexHooks(file, installed, telemetryRetires) },
        {
          unchanged: `Gatehouse's hooks are already installed in ${target.path}; nothing changed.\n`,
          done: `Installed Gatehouse's hooks in ${target.path} (${target.scope} scope).\n`,
        },
      );
      if (code !== 0) return code;
      if (!target.dryRun) io.stdout(trustSteps(target));
      return args.flags['no-telemetry'] ? 0 : installAgentTelemetry('codex', args.flags, io);
    }
    if (args.agent === 'opencode') return await installOpenCodePlugin(opencodeTarget(args.flags, io.env), io);
    if (args.agent === 'copilot') {
      const target = copilotTarget(args.flags, io.env);
      const installed = await installedLauncher(launcher, io, target.dryRun);
      if (!installed) return 1;
      return applyChange(
        'install',
        target,
        io,
        {
          read: (text) => copilotHookFileOf(text, target.scope === 'project'),
          transform: (file) => installCopilotHook(file, installed),
        },
        {
          unchanged: `Gatehouse's hook is already installed in ${target.path}; nothing changed.\n`,
          done: `Installed Gatehouse's hook in ${target.path} (${target.scope} scope). New Copilot sessions use it; "gatehouse doctor copilot" checks the setup.\n`,
        },
      );
    }
    const target = claudeTarget(args.flags, io.env);
    const installed = await installedLauncher(launcher, io, target.dryRun);
    if (!installed) return 1;
    const telemetryRetires = await claudeExportWillBeOurs(args.flags, io.env);
    const code = await applyChange(
      'install',
      target,
      io,
      { read: settingsOf, transform: (settings) => installHooks(settings, installed, telemetryRetires) },
      {
        unchanged: `Gatehouse's hooks are already installed in ${target.path}; nothing changed.\n`,
        done: `${target.scope === 'project' ? 'Note: project settings are shared with everyone who clones the repository, and these hooks name paths on this machine; "--scope local" keeps them yours.\n' : ''}Installed Gatehouse's hooks in ${target.path} (${target.scope} scope). New Claude Code sessions use them; "gatehouse doctor" checks the setup.\n`,
      },
    );
    return code === 0 && !args.flags['no-telemetry'] ? installAgentTelemetry('claude', args.flags, io) : code;
  } catch (error) {
    io.stderr(usageError('install', error));
    return EXIT_USAGE;
  }
}

/**
 * What the hooks will run: this Node and Gatehouse's own copy of the hook bundle, brought up to date from
 * the shipped one before any settings name it (a dry run only says where it would be).
 */
async function installedLauncher(
  launcher: Launcher,
  io: CliIo,
  dryRun: boolean,
): Promise<Launcher | undefined> {
  if (!existsSync(launcher.cli)) {
    io.stderr(
      `gatehouse install: ${launcher.cli} does not exist; run "npm run build" and install from out/cli/.\n`,
    );
    return undefined;
  }
  const home = gatehouseHomeIn(io.env);
  if (dryRun) return { node: launcher.node, cli: hookCopyPath(home) };
  try {
    return { node: launcher.node, cli: await placeHookCopy(home, launcher.cli) };
  } catch (error) {
    io.stderr(`gatehouse install: could not copy the hook into ${home}: ${(error as Error).message}\n`);
    return undefined;
  }
}

export { runInstall as run };
