/**
 * The names of the programs a command runs, and nothing else of it: all that the phone's summary-only
 * setting sends of a command. Read by the engine's own Bash parser, so an assignment before the program
 * (`PGPASSWORD=… psql`) or a wrapper (`timeout 5 …`) is never taken for it.
 */
import type { BashSupport } from '../../engine';

/** Each simple command's program in order; undefined for one with no plain name (`"$TOOL"`, `./my tool`). */
export type ProgramNames = (command: string) => readonly (string | undefined)[] | undefined;

/** A program file's own name: no folder, space, quote or expansion, so no argument or path can pass as one. */
const PLAIN_NAME = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,39}$/;

export function programNamesWith(bash: Pick<BashSupport, 'analyzer'>): ProgramNames {
  return (command) => {
    const analysis = bash.analyzer.analyze(command);
    if (!analysis.ok) return undefined;
    return analysis.subcommands.map((sub) => {
      const name = (sub.argv[0] ?? '').split('/').at(-1) ?? '';
      return PLAIN_NAME.test(name) ? name : undefined;
    });
  };
}
