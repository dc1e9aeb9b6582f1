/**
 * Finds the console through common/discovery.ts, as the hook does. Says why not when no console announces
 * itself, or the one that did is gone (a stale file), so a caller can fall back at once instead of waiting.
 */
import { readFile } from 'node:fs/promises';
import { discoverFromEnvironment, discoverFromFile, unreadableDiscoveryFile } from '../../common/discovery';
import type { Discovery } from '../../common/discovery';
import { isRunning, localDiscoveryFile } from '../hook/lean-discovery';

export async function discoverConsole(
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<Discovery> {
  const named = discoverFromEnvironment(env);
  if (named) return named;
  const file = localDiscoveryFile(env);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    return unreadableDiscoveryFile(file, error as NodeJS.ErrnoException);
  }
  return discoverFromFile(file, text, isRunning);
}
