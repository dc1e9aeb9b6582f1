import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../tests/support/temp-dir';
import { choosePlatformBackend } from './platform-backend';

let bin: Awaited<ReturnType<typeof makeTempDir>>;
beforeAll(async () => {
  bin = await makeTempDir();
  // A stand-in notify-send: answers --version, and notes the title of anything it is asked to show.
  const fake = join(bin.path, 'notify-send');
  await writeFile(
    fake,
    `#!/bin/sh\n[ "$1" = --version ] && { echo "notify-send 0.8.3"; exit 0; }\n` +
      `printf '%s' "$*" > "${join(bin.path, 'shown')}"\n`,
  );
  await chmod(fake, 0o755);
});
afterAll(() => bin.remove());

describe('choosePlatformBackend', () => {
  it.each(['linux', 'freebsd', 'openbsd'] as const)(
    'on %s, shows through the notify-send on the PATH of the environment it is given',
    async (platform) => {
      const missing = await choosePlatformBackend(platform, { PATH: '/nonexistent' });
      expect(missing.warning).toMatchObject({ code: 'notify-send-missing', package: 'libnotify-bin' });
      expect(missing.warning?.fallback).toMatch(/notify-send is not installed .*libnotify-bin/);
      const found = await choosePlatformBackend(platform, { PATH: bin.path });
      if (!found.backend) throw new Error(found.warning.fallback);
      const closed = new Promise<void>((resolve, reject) => {
        const handle = found.backend.show({
          title: `On ${platform}`,
          body: 'body',
          buttons: [],
          onAction: () => reject(new Error('no action was taken')),
          onClosed: resolve,
          onFailure: (reason) => reject(new Error(reason)),
        });
        expect(handle.backend).toBe('notify-send');
      });
      await closed;
      expect(await readFile(join(bin.path, 'shown'), 'utf8')).toContain(`On ${platform}`);
    },
  );

  it.each(['darwin', 'win32'] as const)(
    'on %s, gives a backend with no notify-send on the PATH',
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
      warning: {
        code: 'notifications-unsupported',
        platform: 'aix',
        fallback: 'Notifications are off: Gatehouse has no notifications on aix.',
      },
    });
  });
});
