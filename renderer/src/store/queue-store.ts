/**
 * The queue's state: what is waiting, what was just decided (so a card decided elsewhere can say who won
 * before it leaves), the keyboard cursor, the selection, each card's open panel, the diffs, the grants and
 * the console's warnings. Built over a `ConsoleApi`, so tests drive it with a fake one.
 */
import { createStore } from 'zustand/vanilla';
import type { ConsoleApi, ConsoleStatus, GrantView, RulePreview } from '../../../common/console-contract';
import type {
  DecideArgs,
  EditPreview,
  GrantDuration,
  PendingRequestView,
  QueueEvent,
  RulePlacement,
  RuleStanding,
} from '../../../common/queue-contract';
import type {
  AgentEnd,
  AgentOption,
  DecisionBehavior,
  PermissionUpdate,
  RacerKind,
} from '../../../common/protocol';
import { answersFor } from '../../../common/agent-answers';
import type { Refusal } from '../../../common/refusals';
import { MAX_TIMER_MS } from '../../../common/timer-delay';
import { allowGate } from './allow-gate';
import { displayOrder, laneAt, laneJoinAt, nextLaneChange, queueLayout } from './session-groups';
import { handsBackSoon } from '../../../common/hand-back';
import type { Lane } from './session-groups';

export interface Resolution {
  readonly behavior: DecisionBehavior;
  readonly by: RacerKind;
  /** True when this window's own click won. */
  readonly mine: boolean;
  /** Why, when the winner said: "answered in the terminal", "session moved on". */
  readonly message?: string;
  /** The request's own option the decision chose (ACP), wherever it was chosen. */
  readonly option?: AgentOption;
  /** The agent withdrew the request unanswered, and this ended the wait. */
  readonly ended?: AgentEnd;
}

export type AllowChoice =
  | { readonly kind: 'once' }
  /** One of the request's own options (ACP), of an allow kind, by the agent's name for it. */
  | { readonly kind: 'option'; readonly optionId: string; readonly name: string }
  | { readonly kind: 'grant'; readonly duration: GrantDuration; readonly rule: string }
  /** One of the agent's own fixes (Claude Code's permission_suggestions), handed back with the allow. */
  | { readonly kind: 'suggestion'; readonly update: PermissionUpdate; readonly label: string };

/** The one panel a card has open under its header. */
export type Panel =
  | { readonly kind: 'confirm'; readonly choice: AllowChoice }
  | { readonly kind: 'grant' }
  | { readonly kind: 'always'; readonly rule?: string }
  | { readonly kind: 'deny' }
  | { readonly kind: 'edit' };

export type DiffState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly preview: EditPreview }
  | { readonly status: 'failed'; readonly error: Refusal };

export interface QueueState {
  readonly requests: readonly PendingRequestView[];
  /** The requests about to go back to their agent, shown first (`queueLayout`). */
  readonly lane: Lane;
  readonly resolutions: Readonly<Record<string, Resolution>>;
  readonly inFlight: Readonly<Record<string, true>>;
  /** The last refusal from main: its code, which the banner words, and main's English sentence. */
  readonly error: Refusal | undefined;
  /** The card the keyboard acts on, and since when (keys wait a moment on a card that just came under it). */
  readonly cursor: string | undefined;
  readonly cursorAt: number;
  readonly selected: Readonly<Record<string, true>>;
  readonly panels: Readonly<Record<string, Panel>>;
  /** Long Bash commands that have been shown to their end (or fit the card). */
  readonly seenToEnd: Readonly<Record<string, true>>;
  /** How many times `n` asked each card to show its next part not seen yet (`ReviewRows` steps on each). */
  readonly partSteps: Readonly<Record<string, number>>;
  readonly diffs: Readonly<Record<string, DiffState>>;
  readonly grants: readonly GrantView[];
  readonly status: ConsoleStatus | undefined;
  readonly dismissedWarnings: readonly string[];
  /** The first list has arrived: until then the console cannot say that nothing is waiting. */
  readonly loaded: boolean;
  /**
   * This tab lost its console: every card it shows went back to its agent's own prompt, and takes no
   * answer, until a console's list replaces them.
   */
  readonly consoleLost: boolean;

  load(): Promise<void>;
  /** The connection to the console is gone: nothing on screen can be answered any more. */
  loseConsole(): void;
  /** Replaces the bridge token; agents already connected stay connected. */
  rotateToken(): Promise<void>;
  apply(event: QueueEvent): void;
  setGrants(grants: readonly GrantView[]): void;
  /** Sends one answer; true when it was sent (win or lose: the `resolved` event says who decided). */
  decide(args: DecideArgs): Promise<boolean>;
  /** Allow through the gate: an unread command does nothing, a second-look request opens its confirm step. */
  requestAllow(id: string, choice: AllowChoice): void;
  /** The confirm step's explicit click: sends the choice it was opened for. */
  confirmAllow(id: string): void;
  openPanel(id: string, panel: Panel): void;
  closePanel(id: string): void;
  setCursor(id: string | undefined): void;
  moveCursor(delta: 1 | -1): void;
  toggleSelected(id: string): void;
  clearSelection(): void;
  /** Each selected request gets its own decision; Allow leaves out those that need a look of their own. */
  answerSelected(behavior: 'allow' | 'deny'): Promise<void>;
  markSeenToEnd(id: string): void;
  stepPart(id: string): void;
  loadDiff(id: string): void;
  revokeGrant(id: string): Promise<void>;
  previewRule(rule: string, cwd: string): Promise<RulePreview | undefined>;
  /** Whether a rule made at a card would decide its request; undefined once the request is gone. */
  ruleStanding(id: string, rule: string, placement: RulePlacement): Promise<RuleStanding | undefined>;
  dismiss(id: string): void;
  dismissError(): void;
  dismissWarning(warning: string): void;
  /** This window has the request open (or no longer): the console holds its timeout meanwhile. */
  viewing(id: string, viewing: boolean): void;
}

/** How long a decided card stays to say who decided it. */
export const RESOLVED_LINGER_MS = 1_500;

function without<T>(record: Readonly<Record<string, T>>, id: string): Record<string, T> {
  if (!(id in record)) return record;
  const { [id]: _gone, ...rest } = record;
  return rest;
}

/** The selected requests an Allow for all of them may answer, and those left for their own card. */
export function partitionForAllow(
  requests: readonly PendingRequestView[],
  seenToEnd: Readonly<Record<string, true>>,
): { allow: PendingRequestView[]; skipped: PendingRequestView[] } {
  const allow: PendingRequestView[] = [];
  const skipped: PendingRequestView[] = [];
  for (const request of requests) {
    (allowGate(request, Boolean(seenToEnd[request.id])) === 'open' ? allow : skipped).push(request);
  }
  return { allow, skipped };
}

export function createQueueStore(api: ConsoleApi, now: () => number = Date.now) {
  const store = createStore<QueueState>()((set, get) => {
    const fail = (error: Refusal) => set({ error });
    const order = () => displayOrder(queueLayout(get().requests, get().lane));
    // The lane changes with the clock as well as with the requests: one timer, set for the next request
    // that joins it, so nothing ticks while no deadline comes near. Only that timer and a new list scan
    // every request; an arrival looks at itself alone, since every render of the queue follows each one.
    let laneTimer: ReturnType<typeof setTimeout> | undefined;
    let laneTimerAt: number | undefined;
    const scheduleLane = (at: number | undefined) => {
      if (at === undefined || (laneTimerAt !== undefined && laneTimerAt <= at)) return;
      clearTimeout(laneTimer);
      laneTimerAt = at;
      laneTimer = setTimeout(refreshLane, Math.min(MAX_TIMER_MS, Math.max(0, at - now())));
    };
    const refreshLane = () => {
      clearTimeout(laneTimer);
      laneTimerAt = undefined;
      const { requests } = get();
      const lane = laneAt(requests, get().lane, now());
      const changed =
        Object.keys(lane).length !== Object.keys(get().lane).length ||
        Object.keys(lane).some((id) => !get().lane[id]);
      if (changed) set({ lane });
      scheduleLane(nextLaneChange(requests, lane));
    };
    /** A request came or changed: it joins the lane now, or the timer comes forward for it if need be. */
    const admitToLane = (request: PendingRequestView) => {
      if (get().lane[request.id]) return;
      if (handsBackSoon(request, now())) set((state) => ({ lane: { ...state.lane, [request.id]: true } }));
      else scheduleLane(laneJoinAt(request));
    };
    const findRequest = (id: string) => get().requests.find((r) => r.id === id);
    const isOpen = (id: string) =>
      !get().consoleLost && Boolean(findRequest(id)) && !get().resolutions[id] && !get().inFlight[id];

    const resolve = (id: string, resolution: Resolution) => {
      if (!findRequest(id)) return;
      set((state) => ({
        resolutions: { ...state.resolutions, [id]: resolution },
        panels: without(state.panels, id),
        selected: without(state.selected, id),
      }));
      setTimeout(() => get().dismiss(id), RESOLVED_LINGER_MS);
    };

    return {
      requests: [],
      lane: {},
      resolutions: {},
      inFlight: {},
      error: undefined,
      cursor: undefined,
      cursorAt: 0,
      selected: {},
      panels: {},
      seenToEnd: {},
      partSteps: {},
      diffs: {},
      grants: [],
      status: undefined,
      dismissedWarnings: [],
      loaded: false,
      consoleLost: false,

      async load() {
        // Each list is kept the moment it arrives, so an event sent behind it lands on top of it: kept
        // until the last answer, it would overwrite a request or grant that came in meanwhile.
        const listed = api.invoke('queue:list', {}).then((list) => {
          if (list.ok) {
            set({
              requests: [...list.value].sort((a, b) => a.receivedAt - b.receivedAt),
              consoleLost: false,
            });
            refreshLane();
          }
          return list;
        });
        const granted = api.invoke('grants:list', {}).then((grants) => {
          if (grants.ok) set({ grants: grants.value });
        });
        const [list, , status] = await Promise.all([listed, granted, api.invoke('console:status', {})]);
        if (!list.ok) return fail(list.error);
        // Cards show once `loaded` is set, in the same update as the console's warnings, so no banner
        // arrives after them to push a card from under a person's pointer.
        set({ error: undefined, loaded: true, ...(status.ok ? { status: status.value } : {}) });
      },

      loseConsole() {
        set({ consoleLost: true, panels: {}, selected: {}, inFlight: {} });
      },

      async rotateToken() {
        const result = await api.invoke('console:rotate-token', {});
        if (!result.ok) return fail(result.error);
        set({ status: result.value });
      },

      apply(event) {
        if (event.kind === 'added') {
          if (findRequest(event.request.id)) return;
          set((state) => ({ requests: [...state.requests, event.request] }));
          admitToLane(event.request);
        } else if (event.kind === 'updated') {
          set((state) => ({
            requests: state.requests.map((r) => (r.id === event.request.id ? event.request : r)),
          }));
          admitToLane(event.request);
        } else if (!get().resolutions[event.id]) {
          resolve(event.id, {
            behavior: event.behavior,
            by: event.by,
            mine: Boolean(get().inFlight[event.id]),
            ...(event.message ? { message: event.message } : {}),
            ...(event.option ? { option: event.option } : {}),
            ...(event.ended ? { ended: event.ended } : {}),
          });
        }
      },

      setGrants(grants) {
        set({ grants });
      },

      async decide(args) {
        const { id } = args;
        if (!isOpen(id)) return false;
        set((state) => ({ inFlight: { ...state.inFlight, [id]: true } }));
        const result = await api.invoke('queue:decide', args);
        if (!result.ok) {
          set((state) => ({ error: result.error, inFlight: without(state.inFlight, id) }));
          return false;
        }
        return true;
      },

      requestAllow(id, choice) {
        const request = findRequest(id);
        if (!request || !isOpen(id)) return;
        const gate = allowGate(request, Boolean(get().seenToEnd[id]));
        if (gate === 'unread' || gate === 'checking') return;
        if (gate === 'confirm') return get().openPanel(id, { kind: 'confirm', choice });
        void get().decide(allowArgs(request, choice));
      },

      confirmAllow(id) {
        const panel = get().panels[id];
        const request = findRequest(id);
        if (panel?.kind !== 'confirm' || !request) return;
        const gate = allowGate(request, Boolean(get().seenToEnd[id]));
        if (gate === 'unread' || gate === 'checking') return;
        void get().decide(allowArgs(request, panel.choice));
      },

      openPanel(id, panel) {
        if (!isOpen(id)) return;
        const request = findRequest(id);
        if (!request) return;
        const answers = answersFor(request);
        const offered: Record<Panel['kind'], boolean> = {
          confirm: true,
          edit: answers.edit,
          always: answers.always,
          grant: answers.grant,
          deny: answers.message,
        };
        if (!offered[panel.kind]) return;
        set((state) => ({ panels: { ...state.panels, [id]: panel } }));
      },

      closePanel(id) {
        set((state) => ({ panels: without(state.panels, id) }));
      },

      setCursor(id) {
        if (id === get().cursor) return;
        set({ cursor: id, cursorAt: now() });
      },

      moveCursor(delta) {
        const ids = order();
        if (ids.length === 0) return;
        const at = get().cursor === undefined ? -1 : ids.indexOf(get().cursor!);
        const next = at === -1 ? (delta === 1 ? 0 : ids.length - 1) : at + delta;
        get().setCursor(ids[Math.min(ids.length - 1, Math.max(0, next))]);
      },

      toggleSelected(id) {
        if (!isOpen(id)) return;
        set((state) => ({
          selected: state.selected[id] ? without(state.selected, id) : { ...state.selected, [id]: true },
        }));
      },

      clearSelection() {
        set({ selected: {} });
      },

      async answerSelected(behavior) {
        const chosen = get().requests.filter((r) => get().selected[r.id] && isOpen(r.id));
        const targets = behavior === 'allow' ? partitionForAllow(chosen, get().seenToEnd).allow : chosen;
        await Promise.all(targets.map((r) => get().decide({ id: r.id, behavior })));
      },

      markSeenToEnd(id) {
        if (get().seenToEnd[id]) return;
        set((state) => ({ seenToEnd: { ...state.seenToEnd, [id]: true } }));
      },

      stepPart(id) {
        if (!findRequest(id)) return;
        set((state) => ({ partSteps: { ...state.partSteps, [id]: (state.partSteps[id] ?? 0) + 1 } }));
      },

      loadDiff(id) {
        if (get().diffs[id]) return;
        set((state) => ({ diffs: { ...state.diffs, [id]: { status: 'loading' } } }));
        void api.invoke('queue:diff', { id }).then((result) => {
          const diff: DiffState = result.ok
            ? { status: 'ready', preview: result.value }
            : { status: 'failed', error: result.error };
          set((state) => ({ diffs: { ...state.diffs, [id]: diff } }));
        });
      },

      async revokeGrant(id) {
        const result = await api.invoke('grants:revoke', { id });
        if (!result.ok) fail(result.error);
      },

      async previewRule(rule, cwd) {
        const result = await api.invoke('rules:preview', { rule, cwd });
        return result.ok ? result.value : undefined;
      },

      async ruleStanding(id, rule, placement) {
        const result = await api.invoke('queue:rule-standing', { id, rule, placement });
        return result.ok ? result.value : undefined;
      },

      dismiss(id) {
        const state = get();
        let cursor = state.cursor;
        if (cursor === id) {
          const ids = order();
          const at = ids.indexOf(id);
          cursor = ids[at + 1] ?? ids[at - 1];
        }
        set({
          requests: state.requests.filter((r) => r.id !== id),
          resolutions: without(state.resolutions, id),
          inFlight: without(state.inFlight, id),
          panels: without(state.panels, id),
          selected: without(state.selected, id),
          seenToEnd: without(state.seenToEnd, id),
          partSteps: without(state.partSteps, id),
          diffs: without(state.diffs, id),
          lane: without(state.lane, id),
          ...(cursor === state.cursor ? {} : { cursor, cursorAt: now() }),
        });
      },

      dismissError() {
        set({ error: undefined });
      },

      dismissWarning(warning) {
        set((state) => ({ dismissedWarnings: [...state.dismissedWarnings, warning] }));
      },

      viewing(id, viewing) {
        void api.invoke('queue:viewing', { id, viewing });
      },
    };
  });
  api.on('queue:changed', (event) => store.getState().apply(event));
  api.on('grants:changed', (grants) => store.getState().setGrants(grants));
  return store;
}

/** Allow once on a request with its own options is its allow-once option, named, so history says which. */
function allowArgs(request: PendingRequestView, choice: AllowChoice): DecideArgs {
  const { id } = request;
  const once = request.options?.find((option) => option.kind === 'allow_once');
  if (choice.kind === 'once')
    return once ? { id, behavior: 'allow', optionId: once.optionId } : { id, behavior: 'allow' };
  if (choice.kind === 'option') return { id, behavior: 'allow', optionId: choice.optionId };
  if (choice.kind === 'suggestion') return { id, behavior: 'allow', updatedPermissions: [choice.update] };
  return { id, behavior: 'allow', grant: { duration: choice.duration, rule: choice.rule } };
}

export type QueueStore = ReturnType<typeof createQueueStore>;
