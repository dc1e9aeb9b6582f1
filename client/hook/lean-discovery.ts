/** Finds the console for the hook, through common/discovery.ts as the SDK does, reading bridge.json at once. */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import {
  discoverFromEnvironment,
  discoverFromFile,
  discoveryFilePath,
  unreadableDiscoveryFile,
  type Discovery,
} from '../../common/discovery';

type Env = Readonly<Record<string, string | undefined>>;

/** bridge.json in Gatehouse's home on this machine. */
export function localDiscoveryFile(env: Env): string {
  return discoveryFilePath({ env, platform: process.platform, homedir: homedir() });
}

/** Whether a process with that id exists (signal 0 only asks); another user's process is running (EPERM). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function findConsole(env: Env): Promise<Discovery> {
  const named = discoverFromEnvironment(env);
  if (named) return named;
  const file = localDiscoveryFile(env);
  let text: string;
  try {
    // Synchronous: the hook has nothing else to do meanwhile, and a thread-pool round trip costs more.
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return unreadableDiscoveryFile(file, error as NodeJS.ErrnoException);
  }
  return discoverFromFile(file, text, isRunning);
}
