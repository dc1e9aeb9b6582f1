/** The arguments `gatehouse install` and `gatehouse uninstall` share: which agent, which settings file. */
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { UsageError } from '../../common/cli';
import { parseFlags } from '../../files/cli-flags';
import type { CliIo } from '../../common/cli';
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

export function parseTargetArgs(argv: readonly string[], env: CliIo['env']): ClaudeTarget | 'help' {
  const { values, positionals } = parseFlags(
    argv,
    {
      scope: { type: 'string' },
      'dry-run': { type: 'boolean' },
      cwd: { type: 'string' },
      home: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    true,
  );
  if (values.help) return 'help';
  const [agent, extra] = positionals;
  if (agent === undefined) throw new UsageError('name the agent: claude');
  if (agent !== 'claude') throw new UsageError(`unknown agent "${agent}"; only claude is supported`);
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
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
