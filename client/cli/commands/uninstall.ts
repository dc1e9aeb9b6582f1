/** `gatehouse uninstall claude`: removes exactly the hooks `gatehouse install claude` added. */
import { EXIT_USAGE, usageError } from '../../../common/cli';
import type { CliIo } from '../../../common/cli';
import { applyChange } from '../../claude/apply-change';
import { uninstallHooks } from '../../claude/merge-hooks';
import { parseTargetArgs, TARGET_OPTIONS } from '../../claude/target-args';
import type { ClaudeTarget } from '../../claude/target-args';

const HELP = `Usage: gatehouse uninstall claude [options]

Removes Gatehouse's hooks from a Claude Code settings file, and the matcher groups and event entries left
empty by that. Every other setting and hook stays as it is; a backup is written next to the file first.

${TARGET_OPTIONS}`;

export async function runUninstall(argv: readonly string[], io: CliIo): Promise<number> {
  let target: ClaudeTarget | 'help';
  try {
    target = parseTargetArgs(argv, io.env);
  } catch (error) {
    io.stderr(usageError('uninstall', error));
    return EXIT_USAGE;
  }
  if (target === 'help') {
    io.stdout(HELP);
    return 0;
  }
  return applyChange('uninstall', target, io, uninstallHooks, {
    unchanged: `Gatehouse's hooks are not in ${target.path}; nothing changed.\n`,
    done: `Removed Gatehouse's hooks from ${target.path} (${target.scope} scope).\n`,
  });
}

export { runUninstall as run };
