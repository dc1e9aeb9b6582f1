/**
 * The live tab secrets' digests in the console's private home (0600 in the 0700 folder), so that an open tab
 * gets back into this home's console after a restart. Digests only: the file lets nobody in, since a tab
 * must present the secret itself, which lives in that tab's memory alone.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../files/atomic-write';
import type { KeptSecret, SecretKeeping } from './console-passes';

export const KEPT_SECRETS_FILE = 'tab-secrets.json';

/** How many secrets a file may bring back: far more tabs than a person keeps open. */
const MAX_KEPT = 1_000;

export interface SecretKeeper extends SecretKeeping {
  /** Resolves once the last `keep` is on disk. */
  flush(): Promise<void>;
}

export async function openSecretKeeper(home: string): Promise<SecretKeeper> {
  const path = join(home, KEPT_SECRETS_FILE);
  let written: Promise<void> = Promise.resolve();
  let latest: readonly KeptSecret[] | undefined;
  return {
    secrets: await readKept(path),
    keep(secrets) {
      // Writes run one at a time and each takes the newest list, so a burst of changes ends in its last.
      latest = secrets;
      written = written.then(async () => {
        if (latest === undefined) return;
        const content = `${JSON.stringify(latest)}\n`;
        latest = undefined;
        // A list that could not be written only costs open tabs their way back after a restart.
        await writeFileAtomic(path, content, { mode: 0o600, dirMode: 0o700 }).catch(() => undefined);
      });
      return written;
    },
    flush: () => written,
  };
}

async function readKept(path: string): Promise<KeptSecret[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8'));
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.slice(0, MAX_KEPT).filter(isKeptSecret);
}

function isKeptSecret(value: unknown): value is KeptSecret {
  if (typeof value !== 'object' || value === null) return false;
  const { digest, expiresAt } = value as Record<string, unknown>;
  return (
    typeof digest === 'string' &&
    digest.length <= 100 &&
    (expiresAt === null || (typeof expiresAt === 'number' && Number.isFinite(expiresAt)))
  );
}
