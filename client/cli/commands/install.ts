/**
 * `gatehouse install claude`: merges Gatehouse's hooks into one Claude Code settings file, keeping every
 * other key and hook, with a backup and the diff. Running it again changes nothing.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EXIT_USAGE, usageError } from '../../../common/cli';
import type { CliIo } from '../../../common/cli';
import { HOOK_BUNDLE } from '../../claude/gatehouse-hooks';
import type { Launcher } from '../../claude/gatehouse-hooks';
import { installHooks } from '../../claude/merge-hooks';
import { applyChange } from '../../claude/apply-change';
import { parseTargetArgs, TARGET_OPTIONS } from '../../claude/target-args';
import type { ClaudeTarget } from '../../claude/target-args';

const HELP = `Usage: gatehouse install claude [options]

Adds Gatehouse's hooks to a Claude Code settings file: PermissionRequest (sends permission prompts to the
console) and PostToolUse, PostToolUseFailure, UserPromptSubmit, Stop and SessionEnd (retire cards the
terminal answered). Every other setting and hook stays as it is; a backup is written next to the file
first. The hooks run this Node and this checkout by absolute path, in the exec form of Claude Code 2.1.139+.

${TARGET_OPTIONS}`;

/** This Node and the hook bundle beside this one (out/cli/install.mjs → out/cli/gatehouse-hook.cjs). */
export function currentLauncher(): Launcher {
  return { node: process.execPath, cli: fileURLToPath(new URL(`./${HOOK_BUNDLE}`, import.meta.url)) };
}

export async function runInstall(
  argv: readonly string[],
  io: CliIo,
  launcher: Launcher = currentLauncher(),
): Promise<number> {
  let target: ClaudeTarget | 'help';
  try {
    target = parseTargetArgs(argv, io.env);
  } catch (error) {
    io.stderr(usageError('install', error));
    return EXIT_USAGE;
  }
  if (target === 'help') {
    io.stdout(HELP);
    return 0;
  }
  if (!existsSync(launcher.cli)) {
    io.stderr(
      `gatehouse install: ${launcher.cli} does not exist; run "npm run build" and install from out/cli/.\n`,
    );
    return 1;
  }
  return applyChange('install', target, io, (settings) => installHooks(settings, launcher), {
    unchanged: `Gatehouse's hooks are already installed in ${target.path}; nothing changed.\n`,
    done: `Installed Gatehouse's hooks in ${target.path} (${target.scope} scope). New Claude Code sessions use them; "gatehouse doctor" checks the setup.\n`,
  });
}

export { runInstall as run };
