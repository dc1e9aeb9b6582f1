import { chmod, mkdir, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../tests/support/temp-dir';
import { preparePrivateHome } from './private-home';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
beforeEach(async () => (dir = await makeTempDir()));
afterEach(() => dir.remove());

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

describe('the private home', () => {
  it('is created 0700 when it does not exist', async () => {
    const home = join(dir.path, 'a', 'home');
    await preparePrivateHome(home);
    expect(await modeOf(home)).toBe(0o700);
  });

  it('closes an existing 0755 or 0777 home to 0700, and the files others could read in it to 0600', async () => {
    for (const loose of [0o755, 0o777]) {
      const home = join(dir.path, `home-${loose.toString(8)}`);
      await mkdir(home);
      await chmod(home, loose);
      await writeFile(join(home, 'history.db'), 'recorded commands');
      await chmod(join(home, 'history.db'), 0o644);
      await writeFile(join(home, 'bridge.json'), '{}');
      await chmod(join(home, 'bridge.json'), 0o666);
      await preparePrivateHome(home);
      expect(await modeOf(home)).toBe(0o700);
      expect(await modeOf(join(home, 'history.db'))).toBe(0o600);
      expect(await modeOf(join(home, 'bridge.json'))).toBe(0o600);
    }
  });

  it('refuses a home that is a symbolic link, saying so, and leaves its target alone', async () => {
    const target = join(dir.path, 'elsewhere');
    await mkdir(target);
    await chmod(target, 0o755);
    const home = join(dir.path, 'home');
    await symlink(target, home);
    await expect(preparePrivateHome(home)).rejects.toThrow(/is a symbolic link; it must be a real folder/);
    expect(await modeOf(target)).toBe(0o755);
  });

  it('refuses a home that belongs to another user', async () => {
    const home = join(dir.path, 'home');
    await mkdir(home);
    await chmod(home, 0o777);
    const other = (process.getuid?.() ?? 0) + 1;
    await expect(preparePrivateHome(home, { uid: other })).rejects.toThrow(/belongs to another user/);
    expect(await modeOf(home)).toBe(0o777);
  });
});
