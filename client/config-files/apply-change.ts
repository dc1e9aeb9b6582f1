/** What install and uninstall print and return around one settings change. */
import { EXIT_USAGE } from '../../common/cli';
import type { CliIo } from '../../common/cli';
import { changeSettings, changeText, SettingsProblem } from './change-settings';
import type { SettingsEdit } from './change-settings';

/** The file to change, whichever agent it belongs to. */
export interface ChangeTarget {
  readonly path: string;
  readonly dryRun: boolean;
}

/** Runs the change and prints what happened: 0 done, 2 for a file that cannot be edited safely, 1 for I/O. */
export async function applyChange(
  command: 'install' | 'uninstall',
  target: ChangeTarget,
  io: CliIo,
  edit: SettingsEdit | ((before: string | undefined) => string | undefined),
  sentences: { readonly unchanged: string; readonly done: string },
): Promise<number> {
  let result;
  try {
    const options = { dryRun: target.dryRun };
    result =
      typeof edit === 'function'
        ? await changeText(target.path, edit, options)
        : await changeSettings(target.path, edit, options);
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
  io.stdout(sentences.done);
  return 0;
}
