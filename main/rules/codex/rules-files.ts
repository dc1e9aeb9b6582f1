/**
 * The `.rules` files Codex 0.169 loads for a session, lowest precedence first: `rules/*.rules` in each of
 * its config folders (`/etc/codex`, the user's `$CODEX_HOME`, and every `.codex/` from the project's root
 * down to the folder the session runs in), each folder's files in name order (codex-rs exec_policy.rs).
 * Codex reads a project's folders only when it trusts the project; the console lists them either way.
 */
import { readdir, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

const SYSTEM_FOLDER = '/etc/codex';
/** A folder of hundreds of rules files is no one's policy; the card names what it checked. */
const MAX_FILES = 32;

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

async function rulesIn(folder: string): Promise<string[]> {
  const names = await readdir(join(folder, 'rules')).catch(() => [] as string[]);
  return names
    .filter((name) => name.endsWith('.rules'))
    .sort()
    .map((name) => join(folder, 'rules', name));
}

/** The folders from the project's root (the nearest with `.git`) down to `cwd`; just `cwd` outside a repository. */
async function projectFolders(cwd: string): Promise<string[]> {
  const chain: string[] = [];
  for (let folder = resolve(cwd); ; folder = dirname(folder)) {
    chain.unshift(folder);
    if (await exists(join(folder, '.git'))) return chain;
    if (dirname(folder) === folder) return [resolve(cwd)];
  }
}

export async function codexRulesFiles(codexHome: string, cwd: string): Promise<string[]> {
  const folders = [SYSTEM_FOLDER, codexHome, ...(await projectFolders(cwd)).map((f) => join(f, '.codex'))];
  const unique = [...new Set(folders.map((folder) => resolve(folder)))];
  const files = (await Promise.all(unique.map(rulesIn))).flat();
  return files.slice(0, MAX_FILES);
}
