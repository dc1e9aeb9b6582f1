/** Which Claude Code settings file `gatehouse install claude` and `uninstall claude` change. */
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { UsageError } from '../../common/cli';
import type { CliIo } from '../../common/cli';
import type { TargetFlags } from '../config-files/target-flags';
import { claudeDirOf, SCOPES, settingsPath } from './settings-location';
import type { Scope } from './settings-location';

export interface ClaudeTarget {
  readonly scope: Scope;
  readonly dryRun: boolean;
  readonly path: string;
}

export const TARGET_OPTIONS = `Options:
  --scope SCOPE   Which settings file: user (~/.claude/settings.json, the default), project
                  (<cwd>/.claude/settings.json, shared with everyone who clones the repository) or
                  local (.claude/settings.local.json at the repository root, yours only)
  --dry-run       Print the change without writing anything
  --cwd DIR       The project folder (default: the current folder)
  --home DIR      The home folder whose .claude/ holds the user settings (default: $CLAUDE_CONFIG_DIR,
                  else ~/.claude)
  -h, --help      Show this help
`;

export function claudeTarget(values: TargetFlags, env: CliIo['env']): ClaudeTarget {
  const scope = values.scope ?? 'user';
  if (!(SCOPES as readonly string[]).includes(scope))
    throw new UsageError(`--scope takes user, project or local, not "${scope}"`);
  const home = resolve(values.home ?? homedir());
  return {
    scope: scope as Scope,
    dryRun: values['dry-run'] ?? false,
    path: settingsPath(scope as Scope, {
      cwd: resolve(values.cwd ?? process.cwd()),
      claudeDir: values.home === undefined ? claudeDirOf(env, home) : resolve(home, '.claude'),
      home,
      platform: process.platform,
    }),
  };
}
