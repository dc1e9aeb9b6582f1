import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { DISCOVERY_FILE } from '../../common/discovery';
import type { DiscoveryFile } from '../../common/discovery';
import { writeFileAtomic } from '../../files/atomic-write';

/** Announces the console: 0600 in a 0700 folder, since it carries the bridge token. */
export async function writeDiscoveryFile(home: string, content: DiscoveryFile): Promise<string> {
  const path = join(home, DISCOVERY_FILE);
  await writeFileAtomic(path, `${JSON.stringify(content)}\n`, { mode: 0o600, dirMode: 0o700 });
  return path;
}

/** Removes the file only if it still announces this process, so a newer console's file survives. */
export async function removeDiscoveryFile(
  path: string,
  expected: DiscoveryFile,
  read: () => Promise<string>,
): Promise<void> {
  try {
    const current = JSON.parse(await read()) as Partial<DiscoveryFile>;
    if (current.pid !== expected.pid || current.port !== expected.port) return;
  } catch {
    return;
  }
  await rm(path, { force: true });
}
