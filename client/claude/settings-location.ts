/**
 * Which settings file a scope means (docs/engine.md, Sources, files and precedence). The local file follows
 * Claude Code 2.1.211+: it sits at the git repository root, except outside a repository, when that root is
 * the home folder, on Windows, or when someone else owns the repository; then it sits in the start folder.
 */
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gitRootOf } from '../config-files/git-root';

export const SCOPES = ['user', 'project', 'local'] as const;
export type Scope = (typeof SCOPES)[number];

export interface Place {
  /** The folder Claude Code starts in. */
  readonly cwd: string;
  /** Claude Code's user folder: `$CLAUDE_CONFIG_DIR`, else `~/.claude`. */
  readonly claudeDir: string;
  /** The person's home folder, where a repository root does not count as one. */
  readonly home: string;
  readonly platform: string;
}

export function claudeDirOf(env: Readonly<Record<string, string | undefined>>, home: string): string {
  return env.CLAUDE_CONFIG_DIR || join(home, '.claude');
}

function localRootOf(place: Place): string {
  if (place.platform === 'win32') return place.cwd;
  const root = gitRootOf(place.cwd);
  if (!root || resolve(root) === resolve(place.home)) return place.cwd;
  const owner = statSync(root).uid;
  return process.getuid && owner !== process.getuid() ? place.cwd : root;
}

export function settingsPath(scope: Scope, place: Place): string {
  if (scope === 'user') return join(place.claudeDir, 'settings.json');
  if (scope === 'project') return join(resolve(place.cwd), '.claude', 'settings.json');
  return join(resolve(localRootOf(place)), '.claude', 'settings.local.json');
}
