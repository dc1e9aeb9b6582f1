/**
 * Notifications as one racer of the registry. Each request gets its own notification, bound to its id, so
 * Approve answers exactly the request it shows and never "the first in the queue". Requests that arrive
 * together (within `coalesceMs`) share one notification that counts them and only opens the console.
 * A notification is withdrawn the moment its request is decided elsewhere.
 *
 * The rules, in one place:
 * - The first request of a quiet spell waits `coalesceMs`; if it is still alone then, it gets its own
 *   notification; if others came, they all get one summary. The window is fixed, not sliding, so a steady
 *   stream of requests cannot hold notifications back forever.
 * - While a summary is up, every later request joins it (the summary is shown again with the new count),
 *   and single notifications still up are folded into it, so one notification counts everything waiting.
 * - A request decided elsewhere: its single notification closes at once; a summary it belonged to closes
 *   when it counts nothing more, or is shown again with the lower count at the end of the next window.
 * - Approve and Deny appear only when the request needs no second look and the body shows all of what
 *   Approve would allow (see notification-text.ts); everything else offers Open only.
 * - Do not disturb withdraws what is up and raises nothing; requests still queue in the registry. When it
 *   ends, the requests that arrived meanwhile and still wait are announced, coalesced as above.
 * - A backend that fails turns notifications off for the session with one warning, never an exception.
 */
import type { ConsoleWarning } from '../../common/console-contract';
import type { PendingRequestView } from '../../common/queue-contract';
import { guarded } from '../../common/guarded';
import { createSignal } from '../../common/signal';
import type { Signal } from '../../common/signal';
import type {
  BackendChoice,
  NotificationAction,
  NotificationBackend,
  NotificationButton,
  NotificationHandle,
} from './notification-backend';
import { requestNotice, summaryNotice } from './notification-text';
import { defaultNeedsSecondLook } from './second-look';
import type { SecondLook } from './second-look';

/** The part of the registry a notifier uses; RaceRegistry is one. */
export interface NotifierSource {
  readonly added: Signal<PendingRequestView>;
  readonly resolved: Signal<{ readonly id: string }>;
  decide(id: string, racer: 'notification', answer: { behavior: 'allow' | 'deny' }, channel: string): unknown;
}

/** Runs `run` once after `ms`; the returned function cancels it. */
export type Schedule = (run: () => void, ms: number) => () => void;

const DEFAULT_COALESCE_MS = 1_500;

export interface NotifierOptions {
  readonly source: NotifierSource;
  readonly backend: BackendChoice;
  readonly needsSecondLook?: SecondLook;
  readonly coalesceMs?: number;
  readonly schedule?: Schedule;
  /** Told once, in one sentence, when notifications cannot work (no backend) or stop working. */
  readonly onWarning?: (warning: ConsoleWarning) => void;
}

interface Summary {
  handle: NotificationHandle | undefined;
  readonly ids: Set<string>;
  /** A request it counts was decided; it is shown again with the right count at the window's end. */
  stale: boolean;
}

const timerSchedule: Schedule = (run, ms) => {
  const timer = setTimeout(() => guarded('a notification window', run), ms);
  // A pending window must not keep a console that is shutting down alive.
  timer.unref();
  return () => clearTimeout(timer);
};

export class Notifier {
  /** The person chose Open: on one request's notification (with its id) or on a summary. */
  readonly opened = createSignal<{ readonly id?: string }>();
  readonly doNotDisturbChanged = createSignal<boolean>();

  private backend: NotificationBackend | undefined;
  private problem: ConsoleWarning | undefined;
  private dnd = false;
  private readonly views = new Map<string, PendingRequestView>();
  private readonly arrivals = new Set<string>();
  private readonly heldBack = new Set<string>();
  private readonly singles = new Map<string, NotificationHandle>();
  private summary: Summary | undefined;
  private cancelWindow: (() => void) | undefined;
  private readonly needsSecondLook: SecondLook;
  private readonly coalesceMs: number;
  private readonly schedule: Schedule;
  private readonly unsubscribe: ReadonlyArray<() => void>;

  constructor(private readonly options: NotifierOptions) {
    this.backend = options.backend.backend;
    this.needsSecondLook = options.needsSecondLook ?? defaultNeedsSecondLook;
    this.coalesceMs = options.coalesceMs ?? DEFAULT_COALESCE_MS;
    this.schedule = options.schedule ?? timerSchedule;
    if (options.backend.warning !== undefined) this.warn(options.backend.warning);
    this.unsubscribe = [
      options.source.added.subscribe((view) => this.add(view)),
      options.source.resolved.subscribe(({ id }) => this.resolve(id)),
    ];
  }

  get doNotDisturb(): boolean {
    return this.dnd;
  }

  /** Why notifications are off, when they are for a reason other than Do not disturb. */
  get warning(): string | undefined {
    return this.problem?.fallback;
  }

  setDoNotDisturb(on: boolean): void {
    if (on === this.dnd) return;
    this.dnd = on;
    if (on) {
      for (const id of this.arrivals) this.heldBack.add(id);
      this.withdrawAll();
    } else {
      for (const id of this.heldBack) this.arrivals.add(id);
      this.heldBack.clear();
      if (this.arrivals.size > 0) this.openWindow();
    }
    this.doNotDisturbChanged.emit(on);
  }

  /** Withdraws everything it shows and stops listening; the console is going away. */
  close(): void {
    for (const stop of this.unsubscribe) stop();
    this.withdrawAll();
    this.backend = undefined;
  }

  private add(view: PendingRequestView): void {
    if (!this.backend) return;
    this.views.set(view.id, view);
    if (this.dnd) {
      this.heldBack.add(view.id);
      return;
    }
    this.arrivals.add(view.id);
    this.openWindow();
  }

  private resolve(id: string): void {
    this.views.delete(id);
    this.arrivals.delete(id);
    this.heldBack.delete(id);
    const single = this.singles.get(id);
    if (single) {
      this.singles.delete(id);
      this.backend?.close(single);
    }
    const summary = this.summary;
    if (!summary?.ids.delete(id)) return;
    if (summary.ids.size === 0) {
      this.closeSummary();
    } else {
      summary.stale = true;
      this.openWindow();
    }
  }

  private openWindow(): void {
    this.cancelWindow ??= this.schedule(() => {
      this.cancelWindow = undefined;
      this.flush();
    }, this.coalesceMs);
  }

  private flush(): void {
    const fresh = [...this.arrivals];
    this.arrivals.clear();
    if (!this.summary && fresh.length <= 1) {
      if (fresh[0] !== undefined) this.showSingle(fresh[0]);
      return;
    }
    if (this.summary && fresh.length === 0 && !this.summary.stale) return;
    const ids = new Set([...(this.summary?.ids ?? []), ...this.singles.keys(), ...fresh]);
    for (const handle of this.singles.values()) this.backend?.close(handle);
    this.singles.clear();
    this.closeSummary();
    this.showSummary(ids);
  }

  private showSingle(id: string): void {
    const view = this.views.get(id);
    const backend = this.backend;
    if (!view || !backend) return;
    const notice = requestNotice(view, this.needsSecondLook(view), Date.now());
    const forget = () => {
      if (this.singles.get(id) === handle) this.singles.delete(id);
    };
    const handle = backend.show({
      ...notice,
      onAction: (action) => {
        forget();
        this.answer(id, action, notice.buttons);
      },
      onClosed: forget,
      onFailure: (reason) => this.fail(reason),
    });
    this.singles.set(id, handle);
  }

  /**
   * An action is bound to the request its notification showed. It is honoured even when the notifier had
   * just withdrawn that notification (folded into a summary, Do not disturb): the person saw that very
   * request, and the registry's claim decides whether the answer still counts.
   */
  private answer(id: string, action: NotificationAction, offered: readonly NotificationButton[]): void {
    if (action === 'open') {
      this.opened.emit({ id });
      return;
    }
    if (!offered.includes(action)) return;
    this.options.source.decide(
      id,
      'notification',
      { behavior: action === 'approve' ? 'allow' : 'deny' },
      'notification',
    );
  }

  private showSummary(ids: Set<string>): void {
    const backend = this.backend;
    if (!backend) return;
    const views = [...ids].flatMap((id) => this.views.get(id) ?? []);
    const summary: Summary = { handle: undefined, ids, stale: false };
    this.summary = summary;
    const forget = () => {
      if (this.summary === summary) this.summary = undefined;
    };
    summary.handle = backend.show({
      ...summaryNotice(views, Date.now()),
      onAction: (action) => {
        forget();
        if (action === 'open') this.opened.emit({});
      },
      onClosed: forget,
      onFailure: (reason) => this.fail(reason),
    });
  }

  private closeSummary(): void {
    const handle = this.summary?.handle;
    this.summary = undefined;
    if (handle) this.backend?.close(handle);
  }

  private withdrawAll(): void {
    this.cancelWindow?.();
    this.cancelWindow = undefined;
    this.arrivals.clear();
    for (const handle of this.singles.values()) this.backend?.close(handle);
    this.singles.clear();
    this.closeSummary();
  }

  private fail(reason: string): void {
    if (!this.backend) return;
    this.withdrawAll();
    this.backend = undefined;
    this.warn({
      code: 'notifications-failed',
      detail: reason,
      fallback: `Notifications are off until Gatehouse restarts: ${reason}`,
    });
  }

  private warn(warning: ConsoleWarning): void {
    this.problem = warning;
    this.options.onWarning?.(warning);
  }
}
