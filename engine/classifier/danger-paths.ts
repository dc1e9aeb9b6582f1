/**
 * Paths whose contents decide what runs later, or whose loss hurts beyond the project: what the danger
 * analysis checks a write, a truncation or a deletion against, for Bash and for the Write and Edit tools.
 */
import { resolvePath } from '../paths/posix';
import { SHELL_STARTUP_FILES } from '../paths/shell-startup';
import { secretPathKind } from './secret-paths';

/** Segment runs (under any home) that hold code a scheduler, a login or a shell runs later. */
const RUNS_LATER_RUNS: readonly (readonly string[])[] = [
  ['.config', 'systemd', 'user'],
  ['etc', 'systemd'],
  ['Library', 'LaunchAgents'],
  ['Library', 'LaunchDaemons'],
  ['etc', 'cron.d'],
  ['etc', 'crontab'],
  ['var', 'spool', 'cron'],
  ['.ssh', 'authorized_keys'],
  ['.ssh', 'authorized_keys2'],
  ['.ssh', 'config'],
  ['.ssh', 'rc'],
  ['.git', 'hooks'],
  ['.git', 'config'],
  ['.config', 'autostart'],
  ['.config', 'fish', 'config.fish'],
];
const RUNS_LATER_NAMES = new Set([...SHELL_STARTUP_FILES, '.gitconfig', '.xprofile', '.xinitrc']);
const SYSTEM_DIRS = ['/etc', '/usr', '/bin', '/sbin', '/boot', '/lib', '/System', '/Library', '/var/lib'];

function segmentsOf(path: string): string[] {
  return path.split(/[/\\]+/).filter((segment) => segment !== '' && segment !== '.');
}

function containsRun(segments: readonly string[], run: readonly string[]): boolean {
  for (let i = 0; i + run.length <= segments.length; i++) {
    if (run.every((part, j) => segments[i + j] === part)) return true;
  }
  return false;
}

/** A file whose contents run later: a scheduled job, a service or agent unit, a login key, a start-up file, git hooks. */
export function runsLaterPath(path: string): boolean {
  const segments = segmentsOf(path);
  const name = segments.at(-1);
  if (name === undefined) return false;
  return RUNS_LATER_NAMES.has(name) || RUNS_LATER_RUNS.some((run) => containsRun(segments, run));
}

/** A file whose overwriting loses what no checkout brings back: credentials, settings, system files. */
export function importantPath(path: string, cwd: string, home: string): boolean {
  if (secretPathKind(path) !== undefined || runsLaterPath(path)) return true;
  const absolute = resolvePath(cwd, path, home);
  return SYSTEM_DIRS.some((dir) => absolute === dir || absolute.startsWith(`${dir}/`));
}
