/** What install and uninstall print and return around one settings change. */
import { EXIT_USAGE } from '../../common/cli';
import type { CliIo } from '../../common/cli';
import { changeSettings, SettingsProblem } from './change-settings';
import type { ClaudeTarget } from './target-args';

/** Runs the change and prints what happened: 0 done, 2 for a file that cannot be edited safely, 1 for I/O. */
export async function applyChange(
  command: 'install' | 'uninstall',
  target: ClaudeTarget,
  io: CliIo,
  transform: Parameters<typeof changeSettings>[1],
  sentences: { readonly unchanged: string; readonly done: string },
): Promise<number> {
  let result;
  try {
    result = await changeSettings(target.path, transform, { dryRun: target.dryRun });
  } catch (error) {
    if (error instanceof SettingsProblem) {
      io.stderr(`gatehouse ${command}: ${error.message}\n`);
      return EXIT_USAGE;
    }
    io.stderr(`gatehouse ${command}: cannot update ${target.path}: ${(error as Error).message}\n`);
    return 1;
  }
  if (result.kind === 'unchanged') {
    io.stdout(sentences.unchanged);
    return 0;
  }
  io.stdout(result.diff);
  if (result.kind === 'dry-run') {
    io.stdout(`Dry run: ${target.path} was not changed.\n`);
    return 0;
  }
  if (result.backup) io.stdout(`Backed up the previous ${target.path} to ${result.backup}.\n`);
  if (command === 'install' && target.scope === 'project')
    io.stdout(
      'Note: project settings are shared with everyone who clones the repository, and these hooks name paths on this machine; "--scope local" keeps them yours.\n',
    );
  io.stdout(sentences.done);
  return 0;
}
