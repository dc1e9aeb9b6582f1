/** Which file `gatehouse install copilot`, `uninstall copilot` and `doctor copilot` look at. */
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { UsageError } from '../../common/cli';
import type { CliIo } from '../../common/cli';
import type { TargetFlags } from '../config-files/target-flags';
import { COPILOT_SCOPES, copilotDirOf, copilotHooksPath } from './copilot-location';
import type { CopilotPlace, CopilotScope } from './copilot-location';

export interface CopilotTarget {
  readonly scope: CopilotScope;
  readonly dryRun: boolean;
  readonly path: string;
  readonly place: CopilotPlace;
}

export const COPILOT_TARGET_OPTIONS = `Options:
  --scope SCOPE   Where: user ("hooks" in $COPILOT_HOME/settings.json, else ~/.copilot/settings.json, the
                  default) or project (<cwd>/.github/hooks/gatehouse.json, loaded in a folder you trust)
  --dry-run       Print the change without writing anything
  --cwd DIR       The project folder (default: the current folder)
  --home DIR      The home folder whose .copilot/ holds the user settings (default: $COPILOT_HOME, else
                  ~/.copilot)
  -h, --help      Show this help
`;

export function copilotPlaceOf(values: Pick<TargetFlags, 'cwd' | 'home'>, env: CliIo['env']): CopilotPlace {
  const home = resolve(values.home ?? homedir());
  return {
    cwd: resolve(values.cwd ?? process.cwd()),
    copilotDir: values.home === undefined ? copilotDirOf(env, home) : resolve(home, '.copilot'),
  };
}

export function copilotTarget(values: TargetFlags, env: CliIo['env']): CopilotTarget {
  const scope = values.scope ?? 'user';
  if (!(COPILOT_SCOPES as readonly string[]).includes(scope))
    throw new UsageError(`--scope takes user or project for Copilot, not "${scope}"`);
  const place = copilotPlaceOf(values, env);
  return {
    scope: scope as CopilotScope,
    dryRun: values['dry-run'] ?? false,
    path: copilotHooksPath(scope as CopilotScope, place),
    place,
  };
}
