/**
 * Finds the console the way client/sdk/discover.ts does (GATEHOUSE_URL + GATEHOUSE_TOKEN, else bridge.json
 * in Gatehouse's home), without the zod schemas that file and common/discovery.ts load. lean-discovery.test.ts
 * holds the two equal.
 */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Discovery } from '../sdk/discover';
import { BRIDGE_PATH } from './lean-protocol';
import { isObject } from './shape';

export const DISCOVERY_FILE = 'bridge.json';

type Env = Readonly<Record<string, string | undefined>>;

/** `common/discovery.ts` `gatehouseHome`, restated. */
export function gatehouseHomeOf(env: Env, platform: string, home: string): string {
  if (env.GATEHOUSE_HOME) return env.GATEHOUSE_HOME;
  if (platform === 'darwin') return `${home}/Library/Application Support/Gatehouse`;
  if (platform === 'win32') return `${env.APPDATA ?? `${home}\\AppData\\Roaming`}\\Gatehouse`;
  return `${env.XDG_CONFIG_HOME || `${home}/.config`}/gatehouse`;
}

export function discoveryFilePath(env: Env): string {
  return join(gatehouseHomeOf(env, process.platform, homedir()), DISCOVERY_FILE);
}

function isWhole(value: unknown, min: number, max: number): value is number {
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
}

/**
 * Whether a process with that id exists (signal 0 only asks). Another user's process is "running" (EPERM):
 * the handshake's proof, not this, is what tells a console from a squatter; this only spares a dead
 * console's port a connection.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function staleReason(file: string, pid: number): string {
  return `${file} is stale: the console that wrote it (pid ${pid}) is gone; start it again.`;
}

export async function findConsole(env: Env): Promise<Discovery> {
  if (env.GATEHOUSE_URL || env.GATEHOUSE_TOKEN) {
    if (!env.GATEHOUSE_URL || !env.GATEHOUSE_TOKEN)
      return { found: false, reason: 'GATEHOUSE_URL and GATEHOUSE_TOKEN must be set together.' };
    let url: URL;
    try {
      url = new URL(env.GATEHOUSE_URL);
    } catch {
      return { found: false, reason: `GATEHOUSE_URL "${env.GATEHOUSE_URL}" is not a URL.` };
    }
    if (url.pathname === '/' || url.pathname === '') url.pathname = BRIDGE_PATH;
    return {
      found: true,
      endpoint: { url: url.toString(), token: env.GATEHOUSE_TOKEN, source: 'environment' },
    };
  }
  const file = discoveryFilePath(env);
  let raw: unknown;
  try {
    // Synchronous: the hook has nothing else to do meanwhile, and a thread-pool round trip costs more.
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT'
      ? { found: false, reason: `No console is running (no ${file}).` }
      : { found: false, reason: `${file} cannot be read (${(error as Error).message}).` };
  }
  if (
    !isObject(raw) ||
    !isWhole(raw.protocol, 1, Number.MAX_SAFE_INTEGER) ||
    !isWhole(raw.port, 1, 65_535) ||
    !isWhole(raw.pid, 1, Number.MAX_SAFE_INTEGER) ||
    typeof raw.token !== 'string' ||
    raw.token.length < 16
  )
    return { found: false, reason: `${file} is not a Gatehouse discovery file; restart the console.` };
  if (!isRunning(raw.pid)) return { found: false, stale: true, reason: staleReason(file, raw.pid) };
  return {
    found: true,
    endpoint: { url: `ws://127.0.0.1:${raw.port}${BRIDGE_PATH}`, token: raw.token, source: 'discovery-file' },
  };
}
