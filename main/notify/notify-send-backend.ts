/**
 * Linux: one `notify-send --wait` process per notification (libnotify ≥ 0.8; node-notifier drops actions
 * here). The process shows the notification, prints the chosen action's name when the person picks one,
 * and exits when the notification closes for any reason.
 *
 * Withdrawal is SIGINT to that process: notify-send's own handler closes its notification over D-Bus
 * ("Wait cancelled, closing notification") and exits. That needs no second program (gdbus is in
 * libglib2.0-bin, which libnotify-bin does not pull in) and no notification id: notify-send 0.8.1 does not
 * flush `--print-id` to a pipe until it exits, so the id cannot be read while it waits. The one gap is a
 * SIGINT landing in the instant between the notification appearing and notify-send installing its
 * handler; the signal then ends the process and the daemon keeps a notification whose buttons do nothing.
 */
import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import type {
  BackendChoice,
  NotificationAction,
  NotificationBackend,
  NotificationHandle,
  NotificationSpec,
} from './notification-backend';
import { BUTTON_LABELS } from './notification-backend';

const NOTIFY_SEND_PACKAGE = 'libnotify-bin';
const MIN_VERSION = { major: 0, minor: 8 };
const VERSION_TIMEOUT_MS = 5_000;

const ACTIONS: Record<string, NotificationAction> = { approve: 'approve', deny: 'deny', default: 'open' };

export interface NotifySendOptions {
  /** The program to run; a test points this at a stand-in. */
  readonly program?: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly appName?: string;
}

/** The backend, or why this machine cannot have it: notify-send missing, or too old for buttons. */
export async function chooseNotifySend(options: NotifySendOptions = {}): Promise<BackendChoice> {
  const program = options.program ?? 'notify-send';
  let output: string;
  try {
    output = await new Promise<string>((done, fail) =>
      execFile(
        program,
        ['--version'],
        { env: options.env ?? process.env, timeout: VERSION_TIMEOUT_MS },
        (error, stdout) => (error ? fail(error) : done(stdout)),
      ),
    );
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT'
      ? {
          warning: {
            code: 'notify-send-missing',
            package: NOTIFY_SEND_PACKAGE,
            fallback: `Notifications are off: notify-send is not installed (the Debian/Ubuntu package ${NOTIFY_SEND_PACKAGE}).`,
          },
        }
      : {
          warning: {
            code: 'notifications-unavailable',
            detail: `notify-send --version: ${(error as Error).message}`,
            fallback: `Notifications are off: notify-send --version failed (${(error as Error).message}).`,
          },
        };
  }
  const match = /(\d+)\.(\d+)/.exec(output);
  const major = Number(match?.[1]);
  const minor = Number(match?.[2]);
  if (!match || major < MIN_VERSION.major || (major === MIN_VERSION.major && minor < MIN_VERSION.minor)) {
    const version = match ? `${major}.${minor}` : `"${output.trim()}"`;
    return {
      warning: {
        code: 'notify-send-old',
        version,
        package: NOTIFY_SEND_PACKAGE,
        fallback: `Notifications are off: notify-send ${match ? version : `(${version})`} is older than 0.8, the first with buttons that report back (upgrade ${NOTIFY_SEND_PACKAGE}).`,
      },
    };
  }
  return { backend: createNotifySendBackend(options) };
}

/** The notification daemon renders the body as markup (the spec's body-markup), so agent text is escaped. */
export function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

interface Shown {
  readonly child: ChildProcess;
  /** Set when we interrupted it, so its exit is a withdrawal and its stderr line is expected. */
  interrupted: boolean;
}

export function createNotifySendBackend(options: NotifySendOptions = {}): NotificationBackend {
  const program = options.program ?? 'notify-send';
  const appName = options.appName ?? 'Gatehouse';
  const env = { ...(options.env ?? process.env) };
  // GLib's debug output goes to stderr, which this backend reads as a failure.
  delete env.G_MESSAGES_DEBUG;
  const shown = new Map<NotificationHandle, Shown>();

  return {
    show(spec) {
      const handle: NotificationHandle = { backend: 'notify-send' };
      const child = spawn(program, argumentsFor(spec, appName), {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const entry: Shown = { child, interrupted: false };
      shown.set(handle, entry);
      let settled = false;
      const settle = (report: () => void) => {
        if (settled) return;
        settled = true;
        shown.delete(handle);
        report();
      };

      let stdout = '';
      child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
        if (entry.interrupted) return;
        // A healthy notify-send is silent on stderr. Anything there means no bus, no daemon or a daemon
        // without actions, and in those cases notify-send may wait forever, so it is ended here.
        child.kill('SIGKILL');
        const line = chunk.trim().split('\n')[0] ?? '';
        settle(() => spec.onFailure(`notify-send said "${line}".`));
      });
      child.once('error', (error) =>
        settle(() => spec.onFailure(`notify-send could not run (${error.message}).`)),
      );
      child.once('close', (code, signal) =>
        settle(() => {
          const action = ACTIONS[stdout.trim().split('\n').at(-1) ?? ''];
          if (action) spec.onAction(action);
          else if (code === 0 || entry.interrupted) spec.onClosed();
          else spec.onFailure(`notify-send exited with ${code ?? signal}.`);
        }),
      );
      return handle;
    },
    close(handle) {
      const entry = shown.get(handle);
      if (!entry || entry.interrupted) return;
      entry.interrupted = true;
      entry.child.kill('SIGINT');
    },
  };
}

function argumentsFor(spec: NotificationSpec, appName: string): string[] {
  return [
    `--app-name=${appName}`,
    '--urgency=normal',
    // Never expires: it stays until answered, dismissed, or withdrawn when the request is decided.
    '--expire-time=0',
    ...spec.buttons.map((button) => `--action=${button}=${(spec.labels ?? BUTTON_LABELS)[button]}`),
    '--action=default=Open',
    '--wait',
    // Whatever the title and body hold, they are never read as options.
    '--',
    spec.title,
    // notify-send reads C escapes in the body (g_strcompress), so a backslash must arrive doubled.
    escapeMarkup(spec.body).replace(/\\/g, '\\\\'),
  ];
}
