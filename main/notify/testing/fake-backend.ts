/** A notification backend in memory, and a clock the test moves by hand, for the notifier's unit tests. */
import type {
  NotificationAction,
  NotificationBackend,
  NotificationHandle,
  NotificationSpec,
} from '../notification-backend';
import type { Schedule } from '../notifier';

export interface FakeNotification {
  readonly spec: NotificationSpec;
  readonly handle: NotificationHandle;
  /** On screen: shown, and not yet answered, dismissed or closed. */
  open: boolean;
}

export function createFakeBackend() {
  const shown: FakeNotification[] = [];
  const find = (handle: NotificationHandle) => shown.find((n) => n.handle === handle);
  const backend: NotificationBackend = {
    show(spec) {
      const handle: NotificationHandle = { backend: 'fake' };
      shown.push({ spec, handle, open: true });
      return handle;
    },
    close(handle) {
      const notification = find(handle);
      if (notification) notification.open = false;
    },
  };
  return {
    backend,
    shown,
    /** What a person would see now. */
    onScreen: () => shown.filter((n) => n.open),
    press(notification: FakeNotification, action: NotificationAction) {
      notification.open = false;
      notification.spec.onAction(action);
    },
    dismiss(notification: FakeNotification) {
      notification.open = false;
      notification.spec.onClosed();
    },
    fail(notification: FakeNotification, reason: string) {
      notification.open = false;
      notification.spec.onFailure(reason);
    },
  };
}

/** Coalescing windows that end only when the test says so. */
export function createManualSchedule() {
  const waiting = new Set<() => void>();
  const schedule: Schedule = (run) => {
    const entry = () => {
      waiting.delete(entry);
      run();
    };
    waiting.add(entry);
    return () => waiting.delete(entry);
  };
  return {
    schedule,
    /** Ends every open window. */
    elapse() {
      for (const run of [...waiting]) run();
    },
    get pending() {
      return waiting.size;
    },
  };
}
