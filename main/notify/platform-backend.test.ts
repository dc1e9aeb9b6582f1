import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../tests/support/temp-dir';
import { choosePlatformBackend } from './platform-backend';

let bin: Awaited<ReturnType<typeof makeTempDir>>;
beforeAll(async () => {
  bin = await makeTempDir();
  // A stand-in notify-send that only answers --version: choosing a backend runs nothing else.
  const fake = join(bin.path, 'notify-send');
  await writeFile(fake, '#!/bin/sh\necho "notify-send 0.8.3"\n');
  await chmod(fake, 0o755);
});
afterAll(() => bin.remove());

describe('choosePlatformBackend', () => {
  it.each(['linux', 'freebsd', 'openbsd'] as const)(
    'on %s, asks for notify-send on the PATH of the environment it is given',
    async (platform) => {
      const missing = await choosePlatformBackend(platform, { PATH: '/nonexistent' });
      expect(missing.warning).toMatch(/notify-send is not installed .*libnotify-bin/);
      const found = await choosePlatformBackend(platform, { PATH: bin.path });
      expect(found).toEqual({ backend: expect.any(Object) });
    },
  );

  it.each(['darwin', 'win32'] as const)(
    'on %s, loads a backend without needing notify-send on the PATH',
    async (platform) => {
      const choice = await choosePlatformBackend(platform, { PATH: '/nonexistent' });
      expect(choice.warning).toBeUndefined();
      expect(choice.backend).toEqual(
        expect.objectContaining({ show: expect.any(Function), close: expect.any(Function) }),
      );
    },
  );

  it('says when a platform has no notifications', async () => {
    expect(await choosePlatformBackend('aix')).toEqual({
      warning: 'Notifications are off: Gatehouse has no notifications on aix.',
    });
  });
});
