/**
 * Which hooks.json a scope means for the Codex CLI 0.169: the user's in `$CODEX_HOME` (else `~/.codex`),
 * or the project's in `<project>/.codex/`, which Codex loads only in a project it trusts.
 */
import { join, resolve } from 'node:path';

export const CODEX_SCOPES = ['user', 'project'] as const;
export type CodexScope = (typeof CODEX_SCOPES)[number];

export interface CodexPlace {
  /** The project folder Codex starts in. */
  readonly cwd: string;
  /** Codex's user folder: `$CODEX_HOME`, else `~/.codex`. */
  readonly codexDir: string;
}

export function codexDirOf(env: Readonly<Record<string, string | undefined>>, home: string): string {
  return env.CODEX_HOME || join(home, '.codex');
}

export function hooksPath(scope: CodexScope, place: CodexPlace): string {
  return scope === 'user'
    ? join(place.codexDir, 'hooks.json')
    : join(resolve(place.cwd), '.codex', 'hooks.json');
}

/** Where Codex keeps trust, for user and project hooks alike. */
export function codexConfigPath(place: CodexPlace): string {
  return join(place.codexDir, 'config.toml');
}
