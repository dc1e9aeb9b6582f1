/**
 * Finds the console: `GATEHOUSE_URL` + `GATEHOUSE_TOKEN` from the environment (containers, SSH), else the
 * discovery file in Gatehouse's home. Says why not when no console announces itself, or the one that did
 * is gone (a stale file), so a caller can fall back at once instead of waiting.
 */
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { DISCOVERY_FILE, DiscoveryFileSchema, gatehouseHome } from '../../common/discovery';
import { BRIDGE_PATH } from '../../common/protocol';
import { isRunning, staleReason } from '../hook/lean-discovery';

export interface ConsoleEndpoint {
  readonly url: string;
  readonly token: string;
  readonly source: 'environment' | 'discovery-file';
}

export type Discovery =
  | { found: true; endpoint: ConsoleEndpoint }
  /** `stale`: bridge.json names a console that is gone (a crash leaves it behind). */
  | { found: false; reason: string; stale?: true };

export async function discoverConsole(
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<Discovery> {
  if (env.GATEHOUSE_URL || env.GATEHOUSE_TOKEN) {
    if (!env.GATEHOUSE_URL || !env.GATEHOUSE_TOKEN) {
      return { found: false, reason: 'GATEHOUSE_URL and GATEHOUSE_TOKEN must be set together.' };
    }
    const url = new URL(env.GATEHOUSE_URL);
    if (url.pathname === '/' || url.pathname === '') url.pathname = BRIDGE_PATH;
    return {
      found: true,
      endpoint: { url: url.toString(), token: env.GATEHOUSE_TOKEN, source: 'environment' },
    };
  }
  const file = join(gatehouseHome({ env, platform: process.platform, homedir: homedir() }), DISCOVERY_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return { found: false, reason: `No console is running (no ${file}).` };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { found: false, reason: `${file} is not valid JSON; restart the console to rewrite it.` };
  }
  const parsed = DiscoveryFileSchema.safeParse(raw);
  if (!parsed.success)
    return { found: false, reason: `${file} is not a Gatehouse discovery file; restart the console.` };
  const { port, pid, token } = parsed.data;
  if (!isRunning(pid)) return { found: false, stale: true, reason: staleReason(file, pid) };
  return {
    found: true,
    endpoint: { url: `ws://127.0.0.1:${port}${BRIDGE_PATH}`, token, source: 'discovery-file' },
  };
}
