/**
 * `gatehouse install claude|codex`: merges Gatehouse's hooks into one agent config file (Claude Code's
 * settings, Codex's hooks.json), keeping every other key and hook, with a backup and the diff. Running it
 * again changes nothing.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EXIT_USAGE, usageError } from '../../../common/cli';
import type { CliIo } from '../../../common/cli';
import { installHooks, settingsOf } from '../../claude/merge-hooks';
import { claudeTarget, TARGET_OPTIONS } from '../../claude/target-args';
import { hooksFileOf, installCodexHooks } from '../../codex/codex-hooks';
import { codexTarget, CODEX_TARGET_OPTIONS } from '../../codex/codex-target';
import { trustSteps } from '../../codex/trust-steps';
import { applyChange } from '../../config-files/apply-change';
import { HOOK_BUNDLE } from '../../config-files/hook-bundle';
import type { Launcher } from '../../config-files/hook-groups';
import { parseTargetFlags } from '../../config-files/target-flags';
import type { TargetArgs } from '../../config-files/target-flags';

const CLAUDE_HELP = `Usage: gatehouse install claude [options]

Adds Gatehouse's hooks to a Claude Code settings file: PermissionRequest (sends permission prompts to the
console) and PostToolUse, PostToolUseFailure, UserPromptSubmit, Stop and SessionEnd (retire cards the
terminal answered). Every other setting and hook stays as it is; a backup is written next to the file
first. The hooks run this Node and this checkout by absolute path, in the exec form of Claude Code 2.1.139+.

${TARGET_OPTIONS}`;

const CODEX_HELP = `Usage: gatehouse install codex [options]

Adds Gatehouse's hooks to a Codex CLI hooks.json: PermissionRequest (sends permission prompts to the
console) and PostToolUse, UserPromptSubmit, Stop and SessionEnd (retire cards). Every other hook stays
where it is (Codex trusts hooks by position, so Gatehouse's go after them); a backup is written next to the
file first. Codex then asks you to review and trust the new hooks; the command says how.

${CODEX_TARGET_OPTIONS}`;

/** This Node and the hook bundle beside this one (out/cli/install.mjs → out/cli/gatehouse-hook.cjs). */
export function currentLauncher(): Launcher {
  return { node: process.execPath, cli: fileURLToPath(new URL(`./${HOOK_BUNDLE}`, import.meta.url)) };
}

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
          : args.agent === 'claude'
            ? CLAUDE_HELP
            : `${CLAUDE_HELP}\n${CODEX_HELP}`,
      );
      return 0;
    }
    if (args.agent === 'codex') {
      const target = codexTarget(args.flags, io.env);
      if (!bundleExists(launcher, io)) return 1;
      const code = await applyChange(
        'install',
        target,
        io,
        { read: hooksFileOf, transform: (file) => installCodexHooks(file, launcher) },
        {
          unchanged: `Gatehouse's hooks are already installed in ${target.path}; nothing changed.\n`,
          done: `Installed Gatehouse's hooks in ${target.path} (${target.scope} scope).\n`,
        },
      );
      if (code === 0 && !target.dryRun) io.stdout(trustSteps(target));
      return code;
    }
    const target = claudeTarget(args.flags, io.env);
    if (!bundleExists(launcher, io)) return 1;
    return applyChange(
      'install',
      target,
      io,
      { read: settingsOf, transform: (settings) => installHooks(settings, launcher) },
      {
        unchanged: `Gatehouse's hooks are already installed in ${target.path}; nothing changed.\n`,
        done: `${target.scope === 'project' ? 'Note: project settings are shared with everyone who clones the repository, and these hooks name paths on this machine; "--scope local" keeps them yours.\n' : ''}Installed Gatehouse's hooks in ${target.path} (${target.scope} scope). New Claude Code sessions use them; "gatehouse doctor" checks the setup.\n`,
      },
    );
  } catch (error) {
    io.stderr(usageError('install', error));
    return EXIT_USAGE;
  }
}

function bundleExists(launcher: Launcher, io: CliIo): boolean {
  if (existsSync(launcher.cli)) return true;
  io.stderr(
    `gatehouse install: ${launcher.cli} does not exist; run "npm run build" and install from out/cli/.\n`,
  );
  return false;
}

export { runInstall as run };
