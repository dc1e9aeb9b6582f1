/**
 * Gatehouse's folder holds the bridge token, bridge.json and every recorded command, so it must be the
 * person's alone whatever was there before: not a link (which could point anywhere), owned by them, 0700,
 * and nothing in it readable by others.
 */
import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';

export interface PrivateHomeOptions {
  /** The user the folder must belong to; the process's own by default (undefined where there are no uids). */
  readonly uid?: number | undefined;
}

export async function preparePrivateHome(home: string, options: PrivateHomeOptions = {}): Promise<void> {
  const uid = 'uid' in options ? options.uid : process.getuid?.();
  await mkdir(home, { recursive: true, mode: 0o700 });
  const info = await lstat(home);
  if (info.isSymbolicLink())
    throw new Error(
      `Gatehouse's folder ${home} is a symbolic link; it must be a real folder of yours, so remove the link or choose another folder with --home or GATEHOUSE_HOME.`,
    );
  if (!info.isDirectory())
    throw new Error(`Gatehouse's folder ${home} is not a folder; move that file away.`);
  if (uid === undefined) return;
  if (info.uid !== uid)
    throw new Error(
      `Gatehouse's folder ${home} belongs to another user (uid ${info.uid}), who could read its token and history; choose a folder of your own with --home or GATEHOUSE_HOME.`,
    );
  if ((info.mode & 0o077) !== 0) await chmod(home, 0o700);
  // Files an older Gatehouse (or a loose umask) left readable to others, such as a 0644 history database.
  for (const name of await readdir(home)) {
    const file = await lstat(join(home, name));
    if (file.isFile() && file.uid === uid && (file.mode & 0o077) !== 0) await chmod(join(home, name), 0o600);
  }
}
