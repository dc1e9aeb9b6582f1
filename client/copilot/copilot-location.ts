/**
 * Which file a scope means for the GitHub Copilot CLI 1.0.102: the user's `hooks` in
 * `$COPILOT_HOME/settings.json` (else `~/.copilot/settings.json`), or the project's own file in
 * `<project>/.github/hooks/`, which Copilot loads in a folder the person trusts.
 */
import { join, resolve } from 'node:path';

export const COPILOT_SCOPES = ['user', 'project'] as const;
export type CopilotScope = (typeof COPILOT_SCOPES)[number];

export interface CopilotPlace {
  /** The project folder Copilot starts in. */
  readonly cwd: string;
  /** Copilot's user folder: `$COPILOT_HOME`, else `~/.copilot`. */
  readonly copilotDir: string;
}

export function copilotDirOf(env: Readonly<Record<string, string | undefined>>, home: string): string {
  return env.COPILOT_HOME || join(home, '.copilot');
}

export function copilotHooksPath(scope: CopilotScope, place: CopilotPlace): string {
  return scope === 'user'
    ? join(place.copilotDir, 'settings.json')
    : join(resolve(place.cwd), '.github', 'hooks', 'gatehouse.json');
}
