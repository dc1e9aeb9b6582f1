/**
 * `rm` / `rmdir` of a folder whose loss is unrecoverable (the root, the home folder, a top-level system
 * folder) needs a person in every mode (docs/engine.md, Matching, per tool family), and no classifier may
 * wave it through.
 */
import { relativeInside } from '../paths/posix';

/** Whether removing `path` (absolute, normalized) would remove the root, home, or a folder directly under either. */
export function isCriticalRemovalTarget(path: string, home: string): boolean {
  if (path === '/' || path === home) return true;
  const underRoot = relativeInside('/', path);
  if (underRoot !== undefined && !underRoot.includes('/')) return true;
  const underHome = relativeInside(home, path);
  return underHome !== undefined && !underHome.includes('/') && underHome.startsWith('.');
}

/** Literal glob arguments that expand to everything in the root or the home folder. */
export function isCriticalRemovalGlob(argument: string): boolean {
  return /^(\/|~\/?|\$HOME\/?)\*$/.test(argument) || argument === '~' || argument === '$HOME';
}
