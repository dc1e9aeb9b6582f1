/**
 * The copy of the hook bundle that installed hooks run. Agents' settings name this copy in Gatehouse's own
 * folder, never the bundle inside a checkout or an app, so moving, rebuilding or cleaning a checkout breaks
 * no hook. `gatehouse install`, `gatehouse serve` and the desktop app bring it up to date; its path never changes, so an
 * update leaves every installed command string as it was (Codex trusts a hook by the hash of its command).
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from './atomic-write';
import { preparePrivateHome } from './private-home';

/** The copy's name in Gatehouse's folder: the bundle's own, so a handler naming it is recognised as ours. */
export const HOOK_COPY_NAME = 'gatehouse-hook.cjs';

/**
 * The first line of every hook bundle Gatehouse builds (scripts/build-cli.mjs writes it): what tells an
 * older Gatehouse hook from a file that is not Gatehouse's at all.
 */
export const HOOK_BANNER = '// Gatehouse hook bundle';

export function hookCopyPath(gatehouseHome: string): string {
  return join(gatehouseHome, HOOK_COPY_NAME);
}

function readIfThere(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Puts the shipped bundle's bytes at the copy's path, private like the rest of the folder, unless they are
 * there already. Returns the copy's path.
 */
export async function placeHookCopy(gatehouseHome: string, shipped: string): Promise<string> {
  await preparePrivateHome(gatehouseHome);
  const path = hookCopyPath(gatehouseHome);
  const bundle = await readFile(shipped);
  if (!readIfThere(path)?.equals(bundle)) await writeFileAtomic(path, bundle, { mode: 0o600 });
  return path;
}

/**
 * Brings the copy up to the bundle shipped beside the running console, so updating Gatehouse updates every
 * agent's hook at the console's next start. Nothing to do where no bundle is shipped (a run from the
 * sources); a copy that cannot be written is one sentence, never a failed start.
 */
export async function refreshHookCopy(gatehouseHome: string, shipped: string): Promise<string | undefined> {
  if (!existsSync(shipped)) return undefined;
  try {
    await placeHookCopy(gatehouseHome, shipped);
    return undefined;
  } catch (error) {
    return `could not update the hook in ${gatehouseHome}: ${(error as Error).message}`;
  }
}

/**
 * What a file an installed handler runs is, against the bundle this Gatehouse ships; `banner` is the first
 * line that marks a bundle of that kind as Gatehouse's (the hook's, or the OpenCode plugin's).
 */
export type HookFileState = 'current' | 'missing' | 'stale' | 'foreign';

export function hookFileState(file: string, shipped: string, banner: string = HOOK_BANNER): HookFileState {
  const text = readIfThere(file);
  if (text === undefined) return 'missing';
  const bundle = readIfThere(shipped);
  if (bundle?.equals(text)) return 'current';
  if (text.subarray(0, banner.length).toString('utf8') !== banner) return 'foreign';
  // With no shipped bundle to compare against (a checkout not built), a Gatehouse hook counts as current.
  return bundle ? 'stale' : 'current';
}
