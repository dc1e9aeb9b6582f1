import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * Fails loudly, naming the Debian package, when a program a system test needs is not on PATH: a missing
 * daemon must never turn into a skipped test.
 */
export function requirePrograms(programs: Readonly<Record<string, string>>, tests: string): void {
  for (const [program, debianPackage] of Object.entries(programs)) {
    const found = (process.env.PATH ?? '').split(delimiter).some((folder) => {
      try {
        accessSync(join(folder, program), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
    if (!found)
      throw new Error(`${program} is not installed; ${tests} need the Debian package ${debianPackage}.`);
  }
}
