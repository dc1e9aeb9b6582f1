import { chmod, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../files/atomic-write';
import { withKeychain } from './secret-store';
import type { SecretStoreOptions } from './secret-store';
import { generateToken } from './token';

export const TOKEN_FILE = 'token';

/** Where the token rests. The file form carries the sentence the UI shows, so no caller can forget it. */
export type StoredToken =
  | { readonly token: string; readonly storage: 'keychain' }
  | { readonly token: string; readonly storage: 'file'; readonly path: string; readonly warning: string };

export type TokenStoreOptions = SecretStoreOptions;

/** The bridge token's keychain entry (older Gatehouses named it so; the file is `TOKEN_FILE`). */
const BRIDGE_SECRET = 'bridge-token';

/**
 * The bridge token at rest, kept across restarts so that agents configured with GATEHOUSE_TOKEN keep
 * working. In the OS keychain when one answers; otherwise a 0600 file in the 0700 home folder.
 *
 * The keychain holds one token per OS user, shared by every home. A token found only in the file (written
 * by an older Gatehouse, or while the keychain was away) moves into the keychain, and the file is removed
 * so that the secret rests in one place.
 */
export async function loadOrCreateToken(home: string, options: TokenStoreOptions = {}): Promise<StoredToken> {
  const path = join(home, TOKEN_FILE);
  const token = await withKeychain(home, BRIDGE_SECRET, options, async (entry) => {
    const kept = usable(await entry.read());
    const chosen = kept ?? (await readTokenFile(path)) ?? generateToken();
    if (chosen !== kept) await entry.write(chosen);
    await rm(path, { force: true });
    return chosen;
  });
  if (token !== undefined) return { token, storage: 'keychain' };

  const existing = await readTokenFile(path);
  if (existing !== undefined) {
    // The warning promises "readable only by you"; make it true of a file someone loosened.
    await chmod(path, 0o600);
    return inFile(existing, path);
  }
  return inFile(await writeTokenFile(path, generateToken()), path);
}

/**
 * Replaces the token wherever it rests now (the keychain if one answers, else the file) and returns the new
 * one. Agents holding the old token are refused from the console's next start.
 */
export async function rotateToken(home: string, options: TokenStoreOptions = {}): Promise<StoredToken> {
  const path = join(home, TOKEN_FILE);
  const token = generateToken();
  const inKeychain = await withKeychain(home, BRIDGE_SECRET, options, async (entry) => {
    await entry.write(token);
    await rm(path, { force: true });
    return true;
  });
  if (inKeychain) return { token, storage: 'keychain' };
  return inFile(await writeTokenFile(path, token), path);
}

function inFile(token: string, path: string): StoredToken {
  return {
    token,
    storage: 'file',
    path,
    warning: `No keychain answered, so the bridge token is stored in ${path} (readable only by you).`,
  };
}

/** Shorter than this is not a token this code wrote, so it is replaced rather than trusted. */
function usable(token: string | null | undefined): string | undefined {
  const trimmed = token?.trim();
  return trimmed !== undefined && trimmed.length >= 32 ? trimmed : undefined;
}

async function readTokenFile(path: string): Promise<string | undefined> {
  try {
    return usable(await readFile(path, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function writeTokenFile(path: string, token: string): Promise<string> {
  await writeFileAtomic(path, `${token}\n`, { mode: 0o600, dirMode: 0o700 });
  return token;
}
