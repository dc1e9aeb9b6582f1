/** Notifications for the console core: the platform's backend unless one is given, and the notifier on it. */
import type { ConsoleWarning } from '../../common/console-contract';
import type { NotificationBackend } from './notification-backend';
import { Notifier } from './notifier';
import type { NotifierSource } from './notifier';
import { choosePlatformBackend } from './platform-backend';
import type { SecondLook } from './second-look';

export { Notifier } from './notifier';
export { defaultNeedsSecondLook } from './second-look';
export type { SecondLook } from './second-look';
export type { NotificationBackend } from './notification-backend';

export interface NotificationOptions {
  /** Replaces the platform's backend (tests, or a daemon on another bus). */
  readonly backend?: NotificationBackend;
  readonly needsSecondLook?: SecondLook;
  /** Requests arriving within this window share one notification. */
  readonly coalesceMs?: number;
}

export async function startNotifier(
  source: NotifierSource,
  options: NotificationOptions,
  onWarning: (warning: ConsoleWarning) => void,
): Promise<Notifier> {
  const backend = options.backend ? { backend: options.backend } : await choosePlatformBackend();
  return new Notifier({
    source,
    backend,
    onWarning,
    ...(options.needsSecondLook ? { needsSecondLook: options.needsSecondLook } : {}),
    ...(options.coalesceMs !== undefined ? { coalesceMs: options.coalesceMs } : {}),
  });
}
