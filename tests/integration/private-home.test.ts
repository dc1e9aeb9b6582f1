/**
 * docs/security.md, section 3, from another local user's side: Gatehouse's folder existed before the console
 * first ran, open to others (0777, a 0644 file in it) or as a link to somewhere else. The console closes the
 * first before it writes its token, bridge.json and history there, and refuses the second without writing a
 * byte.
 */
import { chmod, lstat, mkdir, readdir, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HISTORY_FILE } from '../../main/history';
import { ACTIVITY_FILE } from '../../main/history/activity-database';
import { makeTempDir } from '../support/temp-dir';
import { startTestCore } from '../support/test-core';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
beforeEach(async () => (dir = await makeTempDir()));
afterEach(() => dir.remove());

const options = (home: string) =>
  ({ home, port: 0, timeoutMs: 60_000, timeoutAction: 'passthrough' }) as const;

/** Every mode in the folder, including the folder's own, as `name: 0ooo`. */
async function modes(home: string): Promise<Record<string, string>> {
  const entries: Record<string, string> = { '.': ((await stat(home)).mode & 0o777).toString(8) };
  for (const name of await readdir(home))
    entries[name] = ((await lstat(join(home, name))).mode & 0o777).toString(8);
  return entries;
}

describe("Gatehouse's folder, as another user found it", () => {
  it('an existing 0777 folder with a 0644 file is closed to 0700, and everything the console writes is 0600', async () => {
    const home = join(dir.path, 'gh');
    await mkdir(home);
    await chmod(home, 0o777);
    await writeFile(join(home, 'settings.json'), '{}', { mode: 0o644 });
    await chmod(join(home, 'settings.json'), 0o644);
    const before = process.umask(0o022);
    const core = await startTestCore(options(home)).finally(() => process.umask(before));
    try {
      const now = await modes(home);
      expect(now['.']).toBe('700');
      const written = [
        'settings.json',
        'bridge.json',
        HISTORY_FILE,
        `${HISTORY_FILE}-wal`,
        `${HISTORY_FILE}-shm`,
        ACTIVITY_FILE,
        `${ACTIVITY_FILE}-wal`,
        `${ACTIVITY_FILE}-shm`,
      ];
      for (const name of written) expect({ name, mode: now[name] }).toEqual({ name, mode: '600' });
      expect(Object.entries(now).filter(([name, mode]) => name !== '.' && mode !== '600')).toEqual([]);
    } finally {
      await core.close();
    }
  });

  it('a folder that is a link elsewhere is refused with a sentence, and nothing is written through it', async () => {
    const elsewhere = join(dir.path, 'elsewhere');
    await mkdir(elsewhere, { mode: 0o777 });
    const home = join(dir.path, 'gh');
    await symlink(elsewhere, home);
    await expect(startTestCore(options(home))).rejects.toThrow(
      `Gatehouse's folder ${home} is a symbolic link; it must be a real folder of yours, so remove the link or choose another folder with --home or GATEHOUSE_HOME.`,
    );
    expect(await readdir(elsewhere)).toEqual([]);
  });
});
