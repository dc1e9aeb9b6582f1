/** Which hooks.json `gatehouse install codex` and `uninstall codex` change. */
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { UsageError } from '../../common/cli';
import type { CliIo } from '../../common/cli';
import type { TargetFlags } from '../config-files/target-flags';
import { CODEX_SCOPES, codexDirOf, hooksPath } from './codex-location';
import type { CodexPlace, CodexScope } from './codex-location';

export interface CodexTarget {
  readonly scope: CodexScope;
  readonly dryRun: boolean;
  readonly path: string;
  readonly place: CodexPlace;
}

export const CODEX_TARGET_OPTIONS = `Options:
  --scope SCOPE   Which hooks.json: user ($CODEX_HOME/hooks.json, else ~/.codex/hooks.json, the default)
                  or project (<cwd>/.codex/hooks.json, loaded only in a project Codex trusts)
  --dry-run       Print the change without writing anything
  --cwd DIR       The project folder (default: the current folder)
  --home DIR      The home folder whose .codex/ holds the user hooks (default: $CODEX_HOME, else ~/.codex)
  -h, --help      Show this help
`;

export function codexPlaceOf(values: Pick<TargetFlags, 'cwd' | 'home'>, env: CliIo['env']): CodexPlace {
  const home = resolve(values.home ?? homedir());
  return {
    cwd: resolve(values.cwd ?? process.cwd()),
    codexDir: values.home === undefined ? codexDirOf(env, home) : resolve(home, '.codex'),
  };
}

export function codexTarget(values: TargetFlags, env: CliIo['env']): CodexTarget {
  const scope = values.scope ?? 'user';
  if (!(CODEX_SCOPES as readonly string[]).includes(scope))
    throw new UsageError(`--scope takes user or project for Codex, not "${scope}"`);
  const place = codexPlaceOf(values, env);
  return {
    scope: scope as CodexScope,
    dryRun: values['dry-run'] ?? false,
    path: hooksPath(scope as CodexScope, place),
    place,
  };
}
