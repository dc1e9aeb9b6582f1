/**
 * What Claude Code's managed policy file says about hooks (docs/engine.md, Sources, files and precedence):
 * the platform's managed-settings.json, then its managed-settings.d/*.json drop-ins in name order, later keys
 * winning. Server-managed and MDM policy cannot be read from here; doctor says so rather than guessing.
 */
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { isObject } from '../hook/shape';

export function managedPolicyPath(platform: string): string {
  if (platform === 'darwin') return '/Library/Application Support/ClaudeCode/managed-settings.json';
  if (platform === 'win32') return 'C:\\Program Files\\ClaudeCode\\managed-settings.json';
  return '/etc/claude-code/managed-settings.json';
}

export type ManagedPolicy =
  | {
      readonly files: readonly string[];
      readonly allowManagedHooksOnly: boolean;
      readonly disableAllHooks: boolean;
    }
  | { readonly problem: string };

async function readJson(file: string): Promise<Record<string, unknown> | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`${file} cannot be read (${(error as Error).message})`, { cause: error });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not valid JSON (${(error as Error).message.replace(/\.$/, '')})`, {
      cause: error,
    });
  }
  if (!isObject(value)) throw new Error(`${file} does not hold a JSON object`);
  return value;
}

export async function readManagedPolicy(file: string): Promise<ManagedPolicy> {
  const dropIns = join(dirname(file), 'managed-settings.d');
  const names = await readdir(dropIns).catch(() => [] as string[]);
  const candidates = [
    file,
    ...names
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => join(dropIns, name)),
  ];
  const merged: Record<string, unknown> = {};
  const files: string[] = [];
  try {
    for (const candidate of candidates) {
      const value = await readJson(candidate);
      if (!value) continue;
      files.push(candidate);
      Object.assign(merged, value);
    }
  } catch (error) {
    return { problem: (error as Error).message };
  }
  return {
    files,
    allowManagedHooksOnly: merged.allowManagedHooksOnly === true,
    disableAllHooks: merged.disableAllHooks === true,
  };
}
