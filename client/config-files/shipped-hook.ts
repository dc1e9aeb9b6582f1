/** The hook bundle this Gatehouse ships, and where its installed copy lives. */
import { homedir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { gatehouseHome } from '../../common/discovery';
import { hookCopyPath } from '../../files/hook-copy';
import { HOOK_BUNDLE } from './hook-bundle';
import type { Launcher } from './hook-groups';

/** This Node and the hook bundle beside the running command (out/cli/install.mjs → out/cli/gatehouse-hook.cjs). */
export function currentLauncher(): Launcher {
  return { node: process.execPath, cli: fileURLToPath(new URL(`./${HOOK_BUNDLE}`, import.meta.url)) };
}

/** Gatehouse's folder as the console finds it from this environment (GATEHOUSE_HOME, else the platform's). */
export function gatehouseHomeIn(env: Readonly<Record<string, string | undefined>>): string {
  return gatehouseHome({ env, platform: process.platform, homedir: homedir() });
}

export function installedHookPath(env: Readonly<Record<string, string | undefined>>): string {
  return hookCopyPath(gatehouseHomeIn(env));
}
