/**
 * macOS and Windows: node-notifier, whose notifiers there (terminal-notifier, SnoreToast) report which
 * button was pressed. It is an optional dependency imported on first use, so Linux never loads it.
 *
 * This backend is tested here with node-notifier mocked; the real notifiers only run on their systems.
 * macOS shows the buttons only when Gatehouse's notification style is "Alerts".
 */
import type { NodeNotifier, NotifyMetadata } from 'node-notifier';
import type {
  BackendChoice,
  NotificationAction,
  NotificationBackend,
  NotificationButton,
  NotificationHandle,
} from './notification-backend';
import { BUTTON_LABELS } from './notification-backend';

/** terminal-notifier stops waiting after this many seconds; a request rarely waits that long. */
const MAC_WAIT_SECONDS = 24 * 60 * 60;

export type NodeNotifierPlatform = 'darwin' | 'win32';

export async function chooseNodeNotifier(
  platform: NodeNotifierPlatform,
  load: () => Promise<{ default: NodeNotifier }> = () => import('node-notifier'),
): Promise<BackendChoice> {
  try {
    const module = await load();
    return { backend: createNodeNotifierBackend(module.default, platform) };
  } catch (error) {
    return {
      warning: {
        code: 'notifications-unavailable',
        detail: `node-notifier: ${(error as Error).message}`,
        fallback: `Notifications are off: node-notifier could not be loaded (${(error as Error).message}).`,
      },
    };
  }
}

/**
 * What node-notifier reported, as one of our actions; undefined when the notification just went away. Both
 * notifiers report a button by its words, so they are read back through the `labels` it was shown with.
 */
export function actionFrom(
  response: string | undefined,
  metadata: NotifyMetadata | undefined,
  labels: Readonly<Record<NotificationButton, string>> = BUTTON_LABELS,
): NotificationAction | undefined {
  const pressed = (metadata?.activationValue ?? response ?? '').trim().toLowerCase();
  const button = (['approve', 'deny'] as const).find((each) => labels[each].toLowerCase() === pressed);
  if (button) return button;
  // Both notifiers name a click on the body (not on a button) "activate" once node-notifier has mapped it.
  if (response === 'activate') return 'open' satisfies NotificationAction;
  return undefined;
}

export function createNodeNotifierBackend(
  notifier: NodeNotifier,
  platform: NodeNotifierPlatform,
): NotificationBackend {
  let next = 1;
  const keys = new Map<NotificationHandle, string | number>();
  // The id a notification is later removed by: a group on macOS, a number on Windows (SnoreToast -id).
  const removalOption = (key: string | number) => (platform === 'darwin' ? { group: key } : { id: key });

  return {
    show(spec) {
      const handle: NotificationHandle = { backend: 'node-notifier' };
      const key = platform === 'darwin' ? `gatehouse-${process.pid}-${next++}` : next++;
      keys.set(handle, key);
      const options = {
        title: spec.title,
        message: spec.body,
        ...(spec.buttons.length
          ? { actions: spec.buttons.map((button) => (spec.labels ?? BUTTON_LABELS)[button]) }
          : {}),
        wait: true,
        sound: false,
        ...(platform === 'darwin' ? { timeout: MAC_WAIT_SECONDS } : {}),
        ...removalOption(key),
      };
      notifier.notify(options, (error, response, metadata) => {
        if (!keys.delete(handle)) return;
        if (error) {
          spec.onFailure(`node-notifier failed (${error.message}).`);
          return;
        }
        const action = actionFrom(response, metadata, spec.labels);
        if (action) spec.onAction(action);
        else spec.onClosed();
      });
      return handle;
    },
    close(handle) {
      const key = keys.get(handle);
      if (key === undefined) return;
      keys.delete(handle);
      notifier.notify({ remove: key });
    },
  };
}
