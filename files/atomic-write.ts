import { randomBytes } from 'node:crypto';
import { renameSync } from 'node:fs';
import { chmod, mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join, basename } from 'node:path';

export interface AtomicWriteOptions {
  /** File mode of the written file, e.g. 0o600 for secrets. */
  readonly mode?: number;
  /** Mode of a parent folder this call creates, e.g. 0o700. */
  readonly dirMode?: number;
  /**
   * Asked once the new content is on disk, just before the rename: false leaves the target alone (the
   * write returns false). A compare-and-swap against another writer checks here; the check and the rename
   * then run synchronously, back to back, so no other work of this process can widen the window.
   */
  readonly beforeRename?: () => boolean;
}

/**
 * Writes a file so that a reader sees either the old content or the new, never a half-written file: the
 * data goes to a temporary file in the same folder, is flushed to disk, then renamed over the target.
 */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  options: AtomicWriteOptions = {},
): Promise<boolean> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true, ...(options.dirMode === undefined ? {} : { mode: options.dirMode }) });
  const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', options.mode ?? 0o644);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    if (options.mode !== undefined) await chmod(temp, options.mode);
    if (options.beforeRename) {
      if (!options.beforeRename()) {
        await rm(temp, { force: true });
        return false;
      }
      renameSync(temp, path);
    } else {
      await rename(temp, path);
    }
    return true;
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
