/**
 * One race per permission request (docs/engine.md, The pipeline). Every racer — a console window, a
 * notification, the tray, a timed grant, the timeout, the agent's own cancel, its disconnect — answers
 * through `decide()`, which goes through the race's single `claim()`. The winner's decision is recorded
 * before it is sent; every later racer is told who won.
 */
import type { DecideOutcome, Explanation, PendingRequestView } from '../../common/queue-contract';
import type {
  AgentEnd,
  AgentInfo,
  AgentOption,
  DecisionBehavior,
  PermissionDecision,
  PermissionRequest,
  PermissionUpdate,
  RacerKind,
  SessionEvent,
} from '../../common/protocol';
import { INTERRUPTED_CHANNEL } from '../../common/history-contract';
import type { NotTakenView } from '../../common/history-contract';
import { pendingRequestView } from '../../common/pending-request-view';
import { guarded } from '../../common/guarded';
import { createSignal } from '../../common/signal';
import { canCarry, takesAnswer } from '../../common/agent-answers';
import { SlotMap } from '../../common/slot-map';
import type { TranscriptVerdict } from '../../common/transcript-verdict';
import { createResolveOnce } from '../../common/race/resolve-once';
import type { ResolveOnce } from '../../common/race/resolve-once';
import type { DecisionStore } from '../history/decision-store';
import { createGroupCommit } from '../history/group-commit';
import type { GroupCommit } from '../history/group-commit';
import { requestFingerprint } from '../history/request-fingerprint';
import { retirementsFor, settledRetirement, TURN_INTERRUPTED } from './retire';

const NOT_OFFERED: Answer = {
  behavior: 'passthrough',
  message: 'The agent offered no such answer; the question stays with its own dialog.',
};

/** Sessions one connection can own by reporting for them: a connection that names more owns no more. */
const REPORTED_SESSIONS_MAX = 1_000;

export interface Answer {
  readonly behavior: DecisionBehavior;
  readonly updatedInput?: Record<string, unknown>;
  readonly updatedPermissions?: PermissionUpdate[];
  readonly message?: string;
  readonly interrupt?: boolean;
  /** The request's own option chosen; the caller checked it is one the request offered. */
  readonly optionId?: string;
  /** With a passthrough from the agent: nobody answered, and this ended the wait. Sent to nobody. */
  readonly ended?: AgentEnd;
}

/** Sends a decision to the agent on whatever connection currently carries the request. */
export type Deliver = (decision: PermissionDecision) => void;

export interface Screening {
  readonly explanation?: Explanation;
  readonly answer?: { readonly racer: RacerKind; readonly answer: Answer; readonly channel?: string };
}

export type SubmitResult =
  | { kind: 'pending' }
  | { kind: 'replayed'; decision: PermissionDecision }
  | { kind: 'conflict'; message: string };

export interface RegistryOptions {
  readonly store: DecisionStore;
  /** The console's own deadline when the agent names none or a longer one. */
  readonly defaultTimeoutMs: number;
  /** What the timeout racer answers: hand back to the agent's own dialog, or deny. Never allow. */
  readonly timeoutAction: 'passthrough' | 'deny';
  /** How long a disconnected agent has to come back and re-send before its requests are withdrawn. */
  readonly disconnectGraceMs: number;
  /** After the last person leaves a request, at least this long remains before the timeout answers. */
  readonly resumeGraceMs: number;
  /**
   * The console's own look at a request before a person sees it: an explanation to show, or an answer from
   * a racer that needs no person (a timed grant). The race runs meanwhile; the card appears once screened.
   */
  readonly screen?: (request: PermissionRequest, agent: AgentInfo) => Promise<Screening>;
  /**
   * How long a "session moved on" retirement waits while the request's own connection is still open, so
   * that connection can say first how the person answered in the agent's dialog. 0: at once.
   */
  readonly sessionSettleMs?: number;
  /**
   * How long, instead, such a retirement follows the agent's own record (`sessionOutcome`) while the
   * connection is open, when there is a record to follow: it can be written after the session moved on.
   */
  readonly sessionOutcomeMs?: number;
  /**
   * What the agent's own record says became of a request its session moved past (Claude Code's transcript),
   * followed from the retirement until it says or `signal` aborts (it looks at least once), so history tells
   * what happened however late the connection would have said it and however late the record is written
   * (retire.ts, `settledRetirement`). Undefined when the agent keeps no record the console can read. Never
   * rejects.
   */
  readonly sessionOutcome?: (
    request: PermissionRequest,
    agent: AgentInfo,
    receivedAt: number,
    signal: AbortSignal,
  ) => Promise<TranscriptVerdict | undefined> | undefined;
  readonly now?: () => number;
}

interface Race {
  readonly request: PermissionRequest;
  readonly agent: AgentInfo;
  readonly fingerprint: string;
  readonly receivedAt: number;
  readonly once: ResolveOnce<PermissionDecision, RacerKind>;
  deliver: Deliver | undefined;
  /** Either counting down to `deadline`, or held by the people looking at it with `remaining` left. */
  clock:
    | { running: true; deadline: number; timer: ReturnType<typeof setTimeout> }
    | { running: false; remaining: number };
  readonly holders: Set<string>;
  grace: ReturnType<typeof setTimeout> | undefined;
  /** Shown to people (and in `pending()`) once screening is done. */
  visible: boolean;
  /** Decided, and waiting only for the group commit before it is sent. */
  claimed: boolean;
  explanation: Explanation | undefined;
  /** A "session moved on" retirement waiting for the agent's word; aborted when the race ends. */
  settling: AbortController | undefined;
  /** Whether that retirement follows the agent's own record, which can still say what happened. */
  followsRecord: boolean;
  /** What ended the wait, when the agent said nobody answered (`Answer.ended`). */
  ended: AgentEnd | undefined;
}

/** A racer's answer: it won, it lost to another racer, or no request by that id was ever seen. */
export type DecideResult = DecideOutcome | { won: false; unknown: true };

export type ResolvedEvent = {
  readonly id: string;
  readonly behavior: DecisionBehavior;
  readonly by: RacerKind;
  /** Why, when the winner says: "answered in the terminal", "session moved on", a person's deny message. */
  readonly message?: string;
  /** The request's own option the decision chose (ACP), wherever it was chosen. */
  readonly option?: AgentOption;
  /** The agent withdrew the request unanswered, and this ended the wait. */
  readonly ended?: AgentEnd;
};

export class RaceRegistry {
  readonly added = createSignal<PendingRequestView>();
  /** A pending request changed (its clock was held or resumed). */
  readonly updated = createSignal<PendingRequestView>();
  readonly resolved = createSignal<ResolvedEvent>();
  /** A decision was sent, with the request it answers: what it changed in the agent's session follows it. */
  readonly sent = createSignal<{
    request: PermissionRequest;
    agent: AgentInfo;
    decision: PermissionDecision;
    /** When the request first arrived (epoch ms). */
    receivedAt: number;
  }>();
  /**
   * The agent said it did not take a decision it was sent: its own prompt's answer came first (an OpenCode
   * reply refused as already answered). agent-outcome.ts records it as it records the transcript's word.
   */
  readonly notTaken = createSignal<{ id: string; notTaken: NotTakenView }>();
  /** A SlotMap, not a Map, so that a finished race and its request die young (slot-map.ts says why). */
  private readonly races = new SlotMap<string, Race>();
  /** Says when a claimed decision is durable, and so may be sent. */
  private readonly commits: GroupCommit;
  /** The sessions each connection reports events for itself (see `retire`). */
  private readonly reporting = new WeakMap<Deliver, Set<string>>();
  private readonly now: () => number;

  constructor(private readonly options: RegistryOptions) {
    this.now = options.now ?? Date.now;
    this.commits = createGroupCommit(options.store);
  }

  /**
   * A request arrives (or arrives again). Re-sends re-attach, but only from the connection that holds the
   * request or once that one has gone: another connection cannot take a decision meant for it. Decided ids
   * replay their recorded decision.
   */
  submit(request: PermissionRequest, agent: AgentInfo, deliver: Deliver): SubmitResult {
    const fingerprint = requestFingerprint(request);
    const live = this.races.get(request.id);
    if (live) {
      if (live.fingerprint !== fingerprint) return conflict(request.id);
      if (live.deliver !== undefined && live.deliver !== deliver)
        return {
          kind: 'conflict',
          message: `Request id "${request.id}" is pending on another connection; only that connection may re-send it.`,
        };
      live.deliver = deliver;
      if (live.grace) clearTimeout(live.grace);
      live.grace = undefined;
      return { kind: 'pending' };
    }
    const recorded = this.options.store.find(request.id);
    if (recorded) {
      if (recorded.fingerprint !== fingerprint) return conflict(request.id);
      return { kind: 'replayed', decision: recorded.decision };
    }

    const receivedAt = this.now();
    const wait = Math.min(request.timeoutMs ?? Number.POSITIVE_INFINITY, this.options.defaultTimeoutMs);
    const race: Race = {
      request,
      agent,
      fingerprint,
      receivedAt,
      deliver,
      grace: undefined,
      holders: new Set(),
      visible: false,
      claimed: false,
      explanation: undefined,
      settling: undefined,
      ended: undefined,
      followsRecord: false,
      clock: this.startClock(request.id, wait),
      once: createResolveOnce<PermissionDecision, RacerKind>((decision) => this.finish(race, decision)),
    };
    this.races.set(request.id, race);
    this.commits.arrive(request, agent, receivedAt);
    if (this.options.screen) void this.screen(race, this.options.screen);
    else this.show(race);
    return { kind: 'pending' };
  }

  private async screen(race: Race, screen: NonNullable<RegistryOptions['screen']>): Promise<void> {
    let screening: Screening = {};
    try {
      screening = await screen(race.request, race.agent);
    } catch {
      // Screening only adds to what a person sees; when it fails, the person still gets the request.
    }
    if (this.races.get(race.request.id) !== race) return;
    race.explanation = screening.explanation;
    // Past the await, a throw would be an unhandled rejection, which ends the process.
    guarded(`showing request ${race.request.id}`, () => {
      if (screening.answer) {
        const { racer, answer, channel } = screening.answer;
        if (this.decide(race.request.id, racer, answer, channel).won) return;
      }
      this.show(race);
    });
  }

  private show(race: Race): void {
    race.visible = true;
    this.added.emit(toView(race));
  }

  /** The one door to a decision. Returns whether this racer won, or who did. */
  decide(id: string, racer: RacerKind, answer: Answer, channel?: string): DecideResult {
    const race = this.races.get(id);
    if (!race) {
      const recorded = this.options.store.find(id);
      return recorded ? { won: false, winner: recorded.decision.by } : { won: false, unknown: true };
    }
    // An answer the agent cannot be given (none of its own options stands for it, or a part it fails
    // closed on) is recorded as what then happens: the question stays with the agent's own dialog, the
    // editor's for ACP.
    const carried =
      canCarry(race.request.options, answer) && takesAnswer({ ...race.request, agent: race.agent }, answer)
        ? answer
        : NOT_OFFERED;
    const decision: PermissionDecision = { type: 'permission.decision', id, by: racer, ...sanitize(carried) };
    const claim = race.once.claim(racer);
    if (!claim.won) return claim;
    race.claimed = true;
    const ended = carried.behavior === 'passthrough' ? carried.ended : undefined;
    race.ended = ended;
    this.commits.commit(
      {
        request: race.request,
        agent: race.agent,
        fingerprint: race.fingerprint,
        decision,
        ...(channel ? { channel } : {}),
        ...(ended ? { ended } : {}),
        receivedAt: race.receivedAt,
        decidedAt: this.now(),
      },
      (sent) => race.once.deliver(racer, sent),
    );
    return { won: true };
  }

  /**
   * Resolves once every decision claimed so far is recorded and sent: what a person's "it's done" waits
   * for, since a claim alone dies with the process.
   */
  durable(): Promise<void> {
    return this.commits.durable();
  }

  /**
   * The agent moved on past requests it no longer waits for (see retire.ts); returns how many retired.
   * A connection that reports events for a session itself owns that session: events from any other
   * connection no longer retire its requests. A one-shot hook asks on one connection and reports on others
   * (Claude Code), so its sessions stay open to the events of every connection.
   */
  retire(event: Omit<SessionEvent, 'type'>, from?: Deliver): number {
    if (from) {
      const sessions = this.reporting.get(from) ?? new Set<string>();
      if (sessions.size < REPORTED_SESSIONS_MAX) sessions.add(event.sessionId);
      this.reporting.set(from, sessions);
    }
    const open = (race: Race) =>
      race.deliver === undefined ||
      race.deliver === from ||
      !this.reporting.get(race.deliver)?.has(race.request.sessionId);
    const retirements = retirementsFor(
      event,
      [...this.races.values()].filter((race) => !race.claimed && open(race)).map((race) => race.request),
    );
    return retirements.filter((retirement) => {
      const { id, racer, answer } = retirement;
      const race = this.races.get(id);
      const open = race?.deliver !== undefined;
      const settleMs = open ? (this.options.sessionSettleMs ?? 0) : 0;
      const { sessionOutcome } = this.options;
      if (racer !== 'session' || !race || (settleMs === 0 && !sessionOutcome))
        return this.decide(id, racer, answer).won;
      if (race.settling) return true;
      const settling = new AbortController();
      race.settling = settling;
      const record = sessionOutcome?.(race.request, race.agent, race.receivedAt, settling.signal);
      race.followsRecord = record !== undefined;
      const waitMs = record && open ? Math.max(settleMs, this.options.sessionOutcomeMs ?? 0) : settleMs;
      const timer = setTimeout(() => settling.abort(), waitMs);
      settling.signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
      const outcome =
        record ??
        new Promise<undefined>((resolve) =>
          settling.signal.addEventListener('abort', () => resolve(undefined), { once: true }),
        );
      void outcome.then((verdict) => {
        settling.abort();
        if (race.claimed || this.races.get(id) !== race) return;
        const settled = settledRetirement(retirement, verdict);
        guarded(`retiring request ${id}`, () => this.decide(id, settled.racer, settled.answer));
      });
      return true;
    }).length;
  }

  /** The agent says one of its sessions gained a working directory (Claude Code's `/add-dir`). */
  readonly directoryAdded = createSignal<{
    sessionId: string;
    cwd: string;
    agent: AgentInfo;
    directory: string;
  }>();

  /** History's session row follows the agent's report of its start and end; a failed write loses only that. */
  noteSession(event: Omit<SessionEvent, 'type'>, agent: AgentInfo): void {
    const { store } = this.options;
    guarded(`recording session ${event.sessionId}`, () => {
      if (event.event === 'session.started' && event.cwd !== undefined)
        store.recordSessionStart?.(event.sessionId, agent, event.cwd, this.now());
      else if (event.event === 'session.ended')
        store.recordSessionEnd?.(event.sessionId, this.now(), 'agent');
      else if (event.event === 'directory.added' && event.cwd !== undefined && event.directory !== undefined)
        this.directoryAdded.emit({
          sessionId: event.sessionId,
          cwd: event.cwd,
          agent,
          directory: event.directory,
        });
      else store.recordSessionSeen?.(event.sessionId, this.now());
    });
  }

  /** The connection that carried these sessions closed: history says they ended so, unless they had ended. */
  sessionsDisconnected(sessionIds: Iterable<string>): void {
    const { store } = this.options;
    for (const sessionId of sessionIds)
      guarded(`recording session ${sessionId}`, () =>
        store.recordSessionEnd?.(sessionId, this.now(), 'disconnect'),
      );
  }

  /**
   * The agent's connection went away. A client that can re-send has a grace period to come back before its
   * requests withdraw. A one-shot hook cannot: its process is gone (Codex kills it on Esc, with no signal),
   * so nothing is left to take an answer, and its requests are withdrawn at once as the agent interrupting
   * the turn; a retirement already following the agent's record concludes now with what the record says.
   */
  detach(deliver: Deliver, oneShot = false): void {
    for (const race of [...this.races.values()]) {
      if (race.deliver !== deliver) continue;
      race.deliver = undefined;
      if (oneShot) {
        if (race.followsRecord) race.settling?.abort();
        else this.interrupted(race.request.id);
        continue;
      }
      race.grace = setTimeout(
        () =>
          guarded(`withdrawing request ${race.request.id}`, () =>
            this.decide(race.request.id, 'disconnect', { behavior: 'passthrough' }),
          ),
        this.options.disconnectGraceMs,
      );
    }
  }

  /** The agent stopped its one-shot hook while the request waited: recorded as the turn interrupted. */
  interrupted(id: string): DecideResult {
    return this.decide(
      id,
      'agent',
      { behavior: 'passthrough', message: TURN_INTERRUPTED },
      INTERRUPTED_CHANNEL,
    );
  }

  /**
   * A person has the request open: the timeout stops so it cannot snatch a decision they are making (the
   * seed's question 3). Any number of people may hold it; `holder` names one window or web client.
   */
  hold(id: string, holder: string): boolean {
    const race = this.races.get(id);
    if (!race) return false;
    race.holders.add(holder);
    if (race.clock.running) {
      clearTimeout(race.clock.timer);
      race.clock = { running: false, remaining: Math.max(0, race.clock.deadline - this.now()) };
      if (race.visible) this.updated.emit(toView(race));
    }
    return true;
  }

  /** The holder left; when nobody holds the request any more, its clock resumes, with a few seconds at least. */
  release(id: string, holder: string): void {
    const race = this.races.get(id);
    if (!race || !race.holders.delete(holder) || race.holders.size > 0 || race.clock.running) return;
    race.clock = this.startClock(id, Math.max(race.clock.remaining, this.options.resumeGraceMs));
    if (race.visible) this.updated.emit(toView(race));
  }

  /** A window closed or a web client went away: it holds nothing any more. */
  releaseHolder(holder: string): void {
    for (const race of [...this.races.values()])
      if (race.holders.has(holder)) this.release(race.request.id, holder);
  }

  pending(): PendingRequestView[] {
    return [...this.races.values()].filter((race) => race.visible && !race.claimed).map(toView);
  }

  /** The request and who sent it, while it is undecided. */
  lookup(id: string): { request: PermissionRequest; agent: AgentInfo } | undefined {
    const race = this.races.get(id);
    return race && !race.claimed ? { request: race.request, agent: race.agent } : undefined;
  }

  has(id: string): boolean {
    return this.races.has(id);
  }

  /** Whether the request is undecided and waits on this connection. */
  heldBy(id: string, deliver: Deliver): boolean {
    const race = this.races.get(id);
    return race !== undefined && !race.claimed && race.deliver === deliver;
  }

  /**
   * Sends what was already decided, then stops every timer; undecided requests stay unanswered (the agent
   * falls back to its own dialog).
   */
  close(): void {
    this.commits.flush();
    for (const race of this.races.values()) {
      if (race.clock.running) clearTimeout(race.clock.timer);
      if (race.grace) clearTimeout(race.grace);
      race.settling?.abort();
    }
    this.races.clear();
  }

  private startClock(id: string, wait: number): Race['clock'] {
    const timer = setTimeout(
      () =>
        guarded(`the timeout of request ${id}`, () =>
          this.decide(id, 'timeout', { behavior: this.options.timeoutAction }),
        ),
      wait,
    );
    return { running: true, deadline: this.now() + wait, timer };
  }

  private finish(race: Race, decision: PermissionDecision): void {
    if (race.clock.running) clearTimeout(race.clock.timer);
    if (race.grace) clearTimeout(race.grace);
    race.settling?.abort();
    this.races.delete(race.request.id);
    race.deliver?.(decision);
    this.sent.emit({ request: race.request, agent: race.agent, decision, receivedAt: race.receivedAt });
    const option = decision.optionId
      ? race.request.options?.find((each) => each.optionId === decision.optionId)
      : undefined;
    this.resolved.emit({
      id: decision.id,
      behavior: decision.behavior,
      by: decision.by,
      ...(decision.message ? { message: decision.message } : {}),
      ...(option ? { option } : {}),
      ...(race.ended ? { ended: race.ended } : {}),
    });
  }
}

function conflict(id: string): SubmitResult {
  return {
    kind: 'conflict',
    message: `Request id "${id}" is already in use for a different tool call; choose a fresh id for each call.`,
  };
}

/** Only the fields that belong to the chosen behavior travel (docs/protocol.md, Messages). */
function sanitize(answer: Answer): Omit<PermissionDecision, 'type' | 'id' | 'by'> {
  if (answer.behavior === 'allow') {
    return {
      behavior: 'allow',
      ...(answer.updatedInput ? { updatedInput: answer.updatedInput } : {}),
      ...(answer.updatedPermissions?.length ? { updatedPermissions: answer.updatedPermissions } : {}),
      ...(answer.optionId ? { optionId: answer.optionId } : {}),
    };
  }
  if (answer.behavior === 'deny') {
    return {
      behavior: 'deny',
      ...(answer.message ? { message: answer.message } : {}),
      ...(answer.interrupt ? { interrupt: true } : {}),
      ...(answer.optionId ? { optionId: answer.optionId } : {}),
    };
  }
  return { behavior: 'passthrough', ...(answer.message ? { message: answer.message } : {}) };
}

function toView(race: Race): PendingRequestView {
  const { clock, explanation } = race;
  return pendingRequestView(race.request, race.agent, race.receivedAt, {
    // Held, the console's clock waits but the agent's own deadline does not: the card shows that one.
    ...(clock.running
      ? { deadline: clock.deadline }
      : {
          held: true,
          ...(race.request.timeoutMs ? { deadline: race.receivedAt + race.request.timeoutMs } : {}),
        }),
    ...(explanation ? { explanation } : {}),
  });
}
