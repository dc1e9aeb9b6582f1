/**
 * Path arithmetic for the pure engine, which may not import `node:path` (it also runs in the renderer).
 * Every path the engine compares is absolute and POSIX-shaped; Windows paths are first rewritten to
 * `/c/Users/...`, the form Claude Code matches rules against.
 */

const WINDOWS_DRIVE = /^([A-Za-z]):[\\/]/;

/** `C:\Users\a` → `/c/Users/a`; other paths only lose backslashes if they came from Windows. */
export function toPosixPath(path: string): string {
  const drive = WINDOWS_DRIVE.exec(path);
  if (drive) return `/${drive[1]!.toLowerCase()}/${path.slice(3).replaceAll('\\', '/')}`;
  return path;
}

/** Collapses `//`, `.` and `..` of an absolute path; `..` above the root stays at the root. */
export function normalizeAbsolute(path: string): string {
  // Most paths are normal already; checking costs less than splitting and joining them again.
  if (isNormalAbsolute(path)) return path;
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  return `/${out.join('/')}`;
}

/** Starts with `/`, and has no empty, `.` or `..` segment (so no `//` and no trailing `/` but the root). */
function isNormalAbsolute(path: string): boolean {
  if (path[0] !== '/') return false;
  if (path.length === 1) return true;
  let start = 1;
  for (let i = 1; i <= path.length; i++) {
    if (i < path.length && path[i] !== '/') continue;
    const length = i - start;
    if (length === 0 || (path[start] === '.' && (length === 1 || (length === 2 && path[start + 1] === '.'))))
      return false;
    start = i + 1;
  }
  return true;
}

/**
 * Resolves a path as a tool would see it: `~` and `~/x` against home, relative paths against `base`.
 * Both `base` and `home` must be absolute.
 */
export function resolvePath(base: string, path: string, home: string): string {
  const posix = toPosixPath(path);
  if (posix === '~') return normalizeAbsolute(toPosixPath(home));
  if (posix.startsWith('~/')) return normalizeAbsolute(`${toPosixPath(home)}/${posix.slice(2)}`);
  if (posix.startsWith('/')) return normalizeAbsolute(posix);
  return normalizeAbsolute(`${toPosixPath(base)}/${posix}`);
}

/**
 * The path of `target` below `root` (`a/b.ts`), `''` when they are the same folder, or undefined when
 * `target` lies outside `root`. Both must already be normalized.
 */
export function relativeInside(root: string, target: string): string | undefined {
  if (target === root) return '';
  const prefix = root === '/' ? '/' : `${root}/`;
  return target.startsWith(prefix) ? target.slice(prefix.length) : undefined;
}

export function isInside(root: string, target: string): boolean {
  return relativeInside(root, target) !== undefined;
}
