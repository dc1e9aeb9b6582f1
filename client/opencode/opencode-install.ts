/**
 * `gatehouse install|uninstall|doctor opencode`: Gatehouse's OpenCode plugin is one file in a folder
 * OpenCode loads plugins from (`plugins/*.js` in its config folder, or in a project's `.opencode/`). The
 * file is the plugin bundle itself, so it runs with no path back into Gatehouse; installing again brings it
 * up to this Gatehouse's bundle, and uninstall removes it only when it is Gatehouse's.
 */
import { readFile, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError } from '../../common/cli';
import type { CliIo } from '../../common/cli';
import { writeFileAtomic } from '../../files/atomic-write';
import { hookFileState } from '../../files/hook-copy';
import type { TargetFlags } from '../config-files/target-flags';

/** The bundle's first line (scripts/build-cli.mjs): what tells Gatehouse's plugin from another file. */
export const PLUGIN_BANNER = '// Gatehouse OpenCode plugin';
const PLUGIN_BUNDLE = 'gatehouse-opencode.js';
const PLUGIN_FILE = 'gatehouse.js';

export const OPENCODE_SCOPES = ['user', 'project'] as const;
export type OpenCodeScope = (typeof OPENCODE_SCOPES)[number];

export interface OpenCodeTarget {
  readonly scope: OpenCodeScope;
  readonly dryRun: boolean;
  readonly path: string;
}

export const OPENCODE_TARGET_OPTIONS = `Options:
  --scope SCOPE   Where: user ($XDG_CONFIG_HOME/opencode/plugins/gatehouse.js, else
                  ~/.config/opencode/plugins/gatehouse.js, the default) or project
                  (<cwd>/.opencode/plugins/gatehouse.js)
  --dry-run       Say what would change without writing anything
  --cwd DIR       The project folder (default: the current folder)
  --home DIR      The home folder whose .config/opencode/ holds the user plugins (default: $XDG_CONFIG_HOME,
                  else ~/.config)
  -h, --help      Show this help
`;

/** The plugin bundle beside the running command (out/cli/install.mjs → out/cli/gatehouse-opencode.js). */
export function shippedPlugin(): string {
  return fileURLToPath(new URL(`./${PLUGIN_BUNDLE}`, import.meta.url));
}

export function opencodePluginPath(
  scope: OpenCodeScope,
  values: Pick<TargetFlags, 'cwd' | 'home'>,
  env: CliIo['env'],
): string {
  if (scope === 'project')
    return join(resolve(values.cwd ?? process.cwd()), '.opencode', 'plugins', PLUGIN_FILE);
  const config =
    values.home !== undefined
      ? join(resolve(values.home), '.config')
      : env.XDG_CONFIG_HOME || join(homedir(), '.config');
  return join(config, 'opencode', 'plugins', PLUGIN_FILE);
}

export function opencodeTarget(values: TargetFlags, env: CliIo['env']): OpenCodeTarget {
  const scope = values.scope ?? 'user';
  if (!(OPENCODE_SCOPES as readonly string[]).includes(scope))
    throw new UsageError(`--scope takes user or project for OpenCode, not "${scope}"`);
  return {
    scope: scope as OpenCodeScope,
    dryRun: values['dry-run'] ?? false,
    path: opencodePluginPath(scope as OpenCodeScope, values, env),
  };
}

export async function installOpenCodePlugin(
  target: OpenCodeTarget,
  io: CliIo,
  shipped: string = shippedPlugin(),
): Promise<number> {
  let bundle: Buffer;
  try {
    bundle = await readFile(shipped);
  } catch {
    io.stderr(
      `gatehouse install: ${shipped} does not exist; run "npm run build" and install from out/cli/.\n`,
    );
    return 1;
  }
  const state = hookFileState(target.path, shipped, PLUGIN_BANNER);
  if (state === 'foreign') {
    io.stderr(
      `gatehouse install: ${target.path} is not Gatehouse's plugin; move it away, then run "gatehouse install opencode" again.\n`,
    );
    return 1;
  }
  if (state === 'current') {
    io.stdout(`Gatehouse's plugin is already installed in ${target.path}; nothing changed.\n`);
    return 0;
  }
  if (target.dryRun) {
    io.stdout(`Would ${state === 'missing' ? 'add' : 'update'} Gatehouse's plugin at ${target.path}.\n`);
    return 0;
  }
  await writeFileAtomic(target.path, bundle, { mode: 0o644 });
  io.stdout(
    `Installed Gatehouse's plugin in ${target.path} (${target.scope} scope). OpenCode loads it when it next starts; "gatehouse doctor opencode" checks the setup.\n`,
  );
  return 0;
}

export async function uninstallOpenCodePlugin(target: OpenCodeTarget, io: CliIo): Promise<number> {
  let text: string;
  try {
    text = await readFile(target.path, 'utf8');
  } catch {
    text = '';
  }
  const state = !text ? 'missing' : text.startsWith(PLUGIN_BANNER) ? 'ours' : 'foreign';
  if (state === 'missing') {
    io.stdout(`Gatehouse's plugin is not in ${target.path}; nothing changed.\n`);
    return 0;
  }
  if (state === 'foreign') {
    io.stderr(`gatehouse uninstall: ${target.path} is not Gatehouse's plugin; left it as it is.\n`);
    return 1;
  }
  if (target.dryRun) {
    io.stdout(`Would remove Gatehouse's plugin from ${target.path}.\n`);
    return 0;
  }
  await rm(target.path, { force: true });
  io.stdout(`Removed Gatehouse's plugin from ${target.path} (${target.scope} scope).\n`);
  return 0;
}
