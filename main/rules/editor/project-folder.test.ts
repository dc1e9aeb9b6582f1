import { mkdir, readdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../tests/support/temp-dir';
import { checkInsideProject } from './project-folder';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
let project: string;
let userClaude: string;
beforeEach(async () => {
  dir = await makeTempDir();
  project = join(dir.path, 'proj');
  userClaude = join(dir.path, 'home', '.claude');
  await mkdir(project);
  await mkdir(userClaude, { recursive: true });
});
afterEach(() => dir.remove());

describe('a project rule is written only inside the project', () => {
  it('refuses a settings folder linked to the user’s own, before any settings file exists there', async () => {
    await symlink(userClaude, join(project, '.claude'));
    await expect(checkInsideProject(join(project, '.claude', 'settings.json'), project)).rejects.toThrow(
      /settings folder .*\.claude is a symbolic link; .*your own or another project's settings/,
    );
    expect(await readdir(userClaude)).toEqual([]);
  });

  it('refuses a missing file whose nearest existing folder lies outside the project', async () => {
    await symlink(join(dir.path, 'home'), join(project, 'up'));
    await expect(
      checkInsideProject(join(project, 'up', '.claude', 'settings.json'), project),
    ).rejects.toThrow(/leads to .*home[\\/]\.claude[\\/]settings\.json, outside the project folder/);
  });

  it('refuses a settings file that links out of the project', async () => {
    await mkdir(join(project, '.claude'));
    await writeFile(join(userClaude, 'settings.json'), '{}');
    await symlink(join(userClaude, 'settings.json'), join(project, '.claude', 'settings.json'));
    await expect(checkInsideProject(join(project, '.claude', 'settings.json'), project)).rejects.toThrow(
      /outside the project folder/,
    );
  });

  it('lets a real settings folder, a missing one, and a link inside the project through', async () => {
    await expect(
      checkInsideProject(join(project, '.claude', 'settings.json'), project),
    ).resolves.toBeUndefined();
    await mkdir(join(project, '.claude'));
    await writeFile(join(project, 'shared.json'), '{}');
    await symlink(join(project, 'shared.json'), join(project, '.claude', 'settings.local.json'));
    await expect(
      checkInsideProject(join(project, '.claude', 'settings.local.json'), project),
    ).resolves.toBeUndefined();
  });
});
