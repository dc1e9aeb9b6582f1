/**
 * Known-safe `VAR=value` prefixes (docs/engine.md, Matching, per tool family). An allow rule matches past
 * these, so `NODE_ENV=test npm test` is approved by `Bash(npm test *)`. A variable belongs here only if no
 * value of it can make the following program load or run other code: `PATH`, `LD_PRELOAD`, `NODE_OPTIONS`,
 * `PYTHONPATH`, `GIT_*`, `PAGER`, `EDITOR`, `BASH_ENV` and the like stay off the list, so a prefix of theirs
 * must be matched by the allow rule itself.
 */
import { childByField, type SyntaxNode } from './syntax-tree';
import { readWord } from './words';

export const safeAssignmentNames: ReadonlySet<string> = new Set([
  // Build modes and log switches that programs read as plain data.
  'NODE_ENV',
  'CI',
  'DEBUG',
  'VERBOSE',
  'RUST_BACKTRACE',
  'RUST_LOG',
  'NODE_NO_WARNINGS',
  'PYTHONUNBUFFERED',
  'PYTHONDONTWRITEBYTECODE',
  'PYTHONIOENCODING',
  'GOOS',
  'GOARCH',
  // Locale and time zone.
  'LANG',
  'LANGUAGE',
  'LC_ALL',
  'LC_COLLATE',
  'LC_CTYPE',
  'LC_MESSAGES',
  'LC_NUMERIC',
  'LC_TIME',
  'TZ',
  // Output colouring and width.
  'FORCE_COLOR',
  'NO_COLOR',
  'CLICOLOR',
  'CLICOLOR_FORCE',
  'COLUMNS',
]);

/**
 * A `variable_assignment` node is safe when its name is on the list, it assigns (not appends) and its value is
 * a literal: `DEBUG=$(curl …)` is caught as a substitution anyway, but `TZ=$X` has a value we cannot see.
 */
export function isSafeAssignment(node: SyntaxNode, source: string): boolean {
  const name = childByField(node, 'name');
  const safeName =
    name !== undefined && safeAssignmentNames.has(source.slice(name.startIndex, name.endIndex));
  if (!safeName || !node.children.some((child) => child.type === '=')) return false;
  const value = childByField(node, 'value');
  return value === undefined || (value.type !== 'array' && readWord([value], source).literal);
}
