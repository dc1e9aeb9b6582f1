/**
 * The one owner of when a decision is durable: one commit per turn of the event loop (≥ 2,000 decisions a
 * second needs it), each decision sent only after it, so a crash replays the same answer.
 */
import { guarded } from '../../common/guarded';
import type { AgentInfo, PermissionDecision, PermissionRequest } from '../../common/protocol';
import type { DecisionRecord, DecisionStore } from './decision-store';

/** Sends what the commit settled for one decision: the decision itself, or what replaces it. */
export type SendDecision = (decision: PermissionDecision) => void;

export interface GroupCommit {
  /** An undecided request, made visible in history with the next commit; exactly-once rests on `commit`. */
  arrive(request: PermissionRequest, agent: AgentInfo, receivedAt: number): void;
  /** Records the decision with the next commit, then calls `send` with what the agent may be sent. */
  commit(record: DecisionRecord, send: SendDecision): void;
  /** Resolves once everything queued so far is committed and sent. */
  durable(): Promise<void>;
  /** Commits what is queued now, without waiting for the end of the turn (closing). */
  flush(): void;
}

interface Queued {
  readonly record: DecisionRecord;
  readonly send: SendDecision;
}

type Arrival = readonly [PermissionRequest, AgentInfo, number];

export function createGroupCommit(store: DecisionStore): GroupCommit {
  let arrivals: Arrival[] = [];
  let decisions: Queued[] = [];
  let scheduled = false;
  let waiting: { readonly promise: Promise<void>; readonly resolve: () => void } | undefined;

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    // Past this turn, a throw would be uncaught and end the console.
    setImmediate(() => guarded('the group commit of decisions', flush));
  };

  function flush(): void {
    scheduled = false;
    const turn = { arrivals, decisions };
    arrivals = [];
    decisions = [];
    const done = waiting;
    waiting = undefined;
    try {
      if (turn.arrivals.length > 0 || turn.decisions.length > 0) settle(turn.decisions, write(turn));
    } finally {
      done?.resolve();
    }
  }

  /** Writes the turn in one commit; returns the decisions that could not be recorded, with why. */
  function write(turn: { arrivals: Arrival[]; decisions: Queued[] }): Map<Queued, unknown> {
    // An arrival decided in the same turn is written once, with its decision: one write of its rows, not two.
    const decided = new Set(turn.decisions.map((queued) => queued.record.request.id));
    const writeEach = (failures: Map<Queued, unknown>) => {
      for (const [request, agent, receivedAt] of turn.arrivals) {
        if (decided.has(request.id)) continue;
        try {
          store.recordPending?.(request, agent, receivedAt);
        } catch {
          // A pending row only shows an undecided request; a conflicting id stays refused at its record.
        }
      }
      for (const queued of turn.decisions) {
        try {
          store.record(queued.record);
        } catch (error) {
          failures.set(queued, error);
        }
      }
      return failures;
    };
    const failures = new Map<Queued, unknown>();
    try {
      store.batch(() => writeEach(failures));
      return failures;
    } catch (error) {
      if (turn.arrivals.length === 0 && turn.decisions.length === 1)
        return new Map([[turn.decisions[0]!, error]]);
    }
    // The whole batch failed: a commit each now, so a bad record fails alone.
    return writeEach(new Map());
  }

  function settle(queued: readonly Queued[], failures: Map<Queued, unknown>): void {
    for (const entry of queued) {
      const { decision } = entry.record;
      // One decision that cannot be sent must not keep the rest of the commit from going out.
      guarded(`sending the decision on ${decision.id}`, () =>
        entry.send(failures.has(entry) ? unrecorded(decision, failures.get(entry)) : decision),
      );
    }
  }

  /** A refused decision is never sent: the recorded answer if there is one, else a passthrough. */
  function unrecorded(decision: PermissionDecision, failure: unknown): PermissionDecision {
    const recorded = store.find(decision.id);
    if (recorded) return recorded.decision;
    const reason = failure instanceof Error ? failure.message : String(failure);
    return {
      type: 'permission.decision',
      id: decision.id,
      by: decision.by,
      behavior: 'passthrough',
      message: `Gatehouse could not record the decision (${reason}), so it was not sent; answer in the agent's own dialog.`,
    };
  }

  return {
    arrive(request, agent, receivedAt) {
      arrivals.push([request, agent, receivedAt]);
      schedule();
    },
    commit(record, send) {
      decisions.push({ record, send });
      schedule();
    },
    durable() {
      if (!scheduled) return Promise.resolve();
      if (!waiting) {
        let resolve!: () => void;
        const promise = new Promise<void>((r) => (resolve = r));
        waiting = { promise, resolve };
      }
      return waiting.promise;
    },
    flush,
  };
}
