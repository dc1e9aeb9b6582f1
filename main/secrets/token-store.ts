import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../engine/node/atomic-write';
import { generateToken } from './token';

export const TOKEN_FILE = 'token';

export interface StoredToken {
  readonly token: string;
  /** Where the token rests, for the UI to show; `file` until the keychain store lands. */
  readonly storage: 'file';
}

/**
 * The bridge token at rest: kept across restarts so agents configured with GATEHOUSE_TOKEN keep working.
 * A 0600 file in the 0700 home folder.
 */
export async function loadOrCreateToken(home: string): Promise<StoredToken> {
  const path = join(home, TOKEN_FILE);
  try {
    const token = (await readFile(path, 'utf8')).trim();
    if (token.length >= 32) return { token, storage: 'file' };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const token = generateToken();
  await writeFileAtomic(path, `${token}\n`, { mode: 0o600, dirMode: 0o700 });
  return { token, storage: 'file' };
}
