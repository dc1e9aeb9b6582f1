import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HOOK_BANNER, hookCopyPath, refreshHookCopy } from './hook-copy';

const folders: string[] = [];
function folder(): string {
  const path = mkdtempSync(join(tmpdir(), 'gatehouse-hook-copy-'));
  folders.push(path);
  return path;
}
afterEach(() => {
  for (const path of folders.splice(0)) rmSync(path, { recursive: true, force: true });
});

describe('refreshHookCopy, as the desktop app and gatehouse serve run it at start', () => {
  it('replaces a stale copy with the shipped bundle, private to the user', async () => {
    const home = join(folder(), 'gatehouse');
    const shipped = join(folder(), 'gatehouse-hook.cjs');
    writeFileSync(shipped, `${HOOK_BANNER}\nnew\n`);
    expect(await refreshHookCopy(home, shipped)).toBeUndefined();
    writeFileSync(hookCopyPath(home), `${HOOK_BANNER}\nold\n`);

    expect(await refreshHookCopy(home, shipped)).toBeUndefined();
    expect(readFileSync(hookCopyPath(home), 'utf8')).toBe(`${HOOK_BANNER}\nnew\n`);
    expect(statSync(hookCopyPath(home)).mode & 0o777).toBe(0o600);
  });

  it('leaves the copy alone when no bundle is shipped beside the console (a run from the sources)', async () => {
    const home = folder();
    writeFileSync(hookCopyPath(home), 'kept');
    expect(await refreshHookCopy(home, join(folder(), 'gatehouse-hook.cjs'))).toBeUndefined();
    expect(readFileSync(hookCopyPath(home), 'utf8')).toBe('kept');
  });

  it('answers one sentence, and does not throw, when the folder cannot hold the copy', async () => {
    const blocker = join(folder(), 'not-a-folder');
    writeFileSync(blocker, '');
    const shipped = join(folder(), 'gatehouse-hook.cjs');
    writeFileSync(shipped, HOOK_BANNER);
    expect(await refreshHookCopy(join(blocker, 'gatehouse'), shipped)).toMatch(
      /^could not update the hook in /,
    );
  });
});
