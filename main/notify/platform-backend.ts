/** Each platform's notification backend, chosen once when the console starts. */
import type { BackendChoice } from './notification-backend';
import { chooseNodeNotifier } from './node-notifier-backend';
import { chooseNotifySend } from './notify-send-backend';

export function choosePlatformBackend(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): Promise<BackendChoice> {
  if (platform === 'darwin' || platform === 'win32') return chooseNodeNotifier(platform);
  // The BSDs' desktops speak the same freedesktop notification protocol through the same notify-send.
  if (platform === 'linux' || platform === 'freebsd' || platform === 'openbsd')
    return chooseNotifySend({ env });
  return Promise.resolve({
    warning: {
      code: 'notifications-unsupported',
      platform,
      fallback: `Notifications are off: Gatehouse has no notifications on ${platform}.`,
    },
  });
}
