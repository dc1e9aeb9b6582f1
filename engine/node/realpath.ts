/**
 * Symlink resolution for path rules (docs/engine.md, Matching, per tool family: a deny applies if the link or
 * its target matches). A file that does not exist yet resolves through its folder, so a Write through a
 * linked folder is still seen.
 */
import { realpathSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export function resolveRealPath(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    try {
      return join(realpathSync(dirname(path)), basename(path));
    } catch {
      return undefined;
    }
  }
}
