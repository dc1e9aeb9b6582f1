import { describe, expect, it } from 'vitest';
import { choosePlatformBackend } from './platform-backend';

describe('choosePlatformBackend', () => {
  it('uses notify-send on Linux, with the environment it is given', async () => {
    const choice = await choosePlatformBackend('linux', { PATH: '/nonexistent' });
    expect(choice.warning).toMatch(/notify-send is not installed .*libnotify-bin/);
  });

  it('uses node-notifier on macOS and Windows', async () => {
    expect((await choosePlatformBackend('darwin')).backend).toBeDefined();
    expect((await choosePlatformBackend('win32')).backend).toBeDefined();
  });

  it('says when a platform has no notifications', async () => {
    expect(await choosePlatformBackend('aix')).toEqual({
      warning: 'Notifications are off: Gatehouse has no notifications on aix.',
    });
  });
});
