/**
 * What the notifier asks of a platform's notification service. The notifier decides what to show and when;
 * a backend only shows one notification, reports what the person did with it, and takes it away again.
 */

/** Approve and Deny are buttons; Open is the notification's body (its default action), always present. */
import type { ConsoleWarning } from '../../common/console-contract';
export type NotificationButton = 'approve' | 'deny';
export type NotificationAction = NotificationButton | 'open';

/** What the buttons say unless a notification names its own words (a refusal card's). */
export const BUTTON_LABELS: Readonly<Record<NotificationButton, string>> = {
  approve: 'Approve',
  deny: 'Deny',
};

export interface NotificationSpec {
  /** Never carries the tool's input: titles show on lock screens and in notification centres' lists. */
  readonly title: string;
  readonly body: string;
  /** Empty: the notification only opens the console. */
  readonly buttons: readonly NotificationButton[];
  /** The buttons' words; Approve and Deny when left out. */
  readonly labels?: Readonly<Record<NotificationButton, string>>;
  /** The person chose an action; the notification is gone afterwards. Called at most once. */
  onAction(action: NotificationAction): void;
  /** It went away without an action: dismissed or expired. After `close()` a backend may stay silent. */
  onClosed(): void;
  /** It could not be shown or waited on; the sentence says why, and nothing else will be reported. */
  onFailure(reason: string): void;
}

/** Identifies one shown notification to the backend that showed it. */
export interface NotificationHandle {
  readonly backend: string;
}

export interface NotificationBackend {
  /** Reports through the spec's callbacks later, never from inside `show()` itself. */
  show(spec: NotificationSpec): NotificationHandle;
  /** Takes the notification off the screen; a handle that already went away is ignored. */
  close(handle: NotificationHandle): void;
}

/** Why notifications are off, as the console's warning: a code, what it names, and main's sentence. */
export type NotificationsOff = Extract<
  ConsoleWarning,
  {
    code:
      | 'notify-send-missing'
      | 'notify-send-old'
      | 'notifications-unavailable'
      | 'notifications-unsupported'
      | 'notifications-failed';
  }
>;

/** A backend, or the warning that says why this machine has none. */
export type BackendChoice =
  | { readonly backend: NotificationBackend; readonly warning?: undefined }
  | { readonly backend?: undefined; readonly warning: NotificationsOff };
