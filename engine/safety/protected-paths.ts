/**
 * The safety check of step 1g (docs/engine.md, Matching, per tool family): paths whose modification amounts
 * to code execution or to rewriting the permission rules themselves (.gitconfig can set core.sshCommand,
 * .bashrc runs at every shell start, .agent/settings.json holds the rules). Writes to them always ask, even
 * in bypassPermissions; allow rules cannot pre-approve them; only the auto-mode classifier may approve, and
 * never for the rule files. The list is Claude Code's, plus the agent profile's `.agent/`.
 */
import { SHELL_STARTUP_FILES } from '../paths/shell-startup';

/** Folders that are protected wherever they appear in a path. */
const PROTECTED_DIRS: readonly (readonly string[])[] = [
  ['.git'],
  ['.config', 'git'],
  ['.vscode'],
  ['.idea'],
  ['.husky'],
  ['.cargo'],
  ['.devcontainer'],
  ['.yarn'],
  ['.mvn'],
  ['.claude'],
  ['.agent'],
];

/** `.claude/worktrees` holds Claude Code's own worktrees, which agents work in. */
const EXEMPT_DIRS: readonly (readonly string[])[] = [['.claude', 'worktrees']];

/** Files that are protected by name anywhere. */
const PROTECTED_FILES: ReadonlySet<string> = new Set([
  '.gitconfig',
  '.gitmodules',
  ...SHELL_STARTUP_FILES,
  '.npmrc',
  '.yarnrc',
  '.yarnrc.yml',
  '.mcp.json',
  '.claude.json',
]);

/** The permission model's own files: a classifier must not approve a change to the rules it is judged by. */
const RULE_FILES = /(^|\/)\.(claude|agent)\/settings(\.local)?\.json$|(^|\/)managed-settings\.json$/i;

/**
 * Spellings that alias a protected name on some file systems (NTFS streams, 8.3 short names like GIT~1,
 * trailing dots and spaces Windows drops): protected themselves, and never classifier-approvable.
 */
const SUSPICIOUS = /::\$|(^|\/)[^/]{1,6}~\d(\.[^/]{0,3})?(\/|$)|[^/][. ]+(\/|$)/;

export interface ProtectedPath {
  readonly path: string;
  /** What makes it protected: `.git/`, `.bashrc`, ... */
  readonly matched: string;
  readonly classifierApprovable: boolean;
}

/** Whether writing `path` (absolute, normalized) touches a protected path. Names compare case-insensitively. */
export function protectedPathOf(path: string): ProtectedPath | undefined {
  if (SUSPICIOUS.test(path))
    return { path, matched: 'a file-system alias spelling', classifierApprovable: false };
  // Every protected name starts with a dot, and most paths have no segment that does.
  if (!path.startsWith('.') && !path.includes('/.')) return undefined;
  const segments = path.split('/').filter((s) => s !== '');
  const lower = segments.map((s) => s.toLowerCase());
  const classifierApprovable = !RULE_FILES.test(path);

  const name = segments[segments.length - 1];
  if (name !== undefined && PROTECTED_FILES.has(name.toLowerCase()))
    return { path, matched: name, classifierApprovable };

  for (let i = 0; i < lower.length; i++) {
    // `.claude/worktrees/<tree>` is exempt as a `.claude` folder; what lies below it is checked as usual.
    if (EXEMPT_DIRS.some((dir) => startsWithAt(lower, i, dir))) continue;
    const dir = PROTECTED_DIRS.find((d) => startsWithAt(lower, i, d));
    if (dir) return { path, matched: `${dir.join('/')}/`, classifierApprovable };
  }
  return undefined;
}

function startsWithAt(segments: readonly string[], at: number, dir: readonly string[]): boolean {
  return at + dir.length <= segments.length && dir.every((part, j) => segments[at + j] === part);
}
