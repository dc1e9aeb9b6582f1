import type { NotTakenView, RetryGrantView, SessionEndView } from '../../common/history-contract';
import type { AgentEnd, AgentInfo, PermissionDecision, PermissionRequest } from '../../common/protocol';

export interface DecisionRecord {
  readonly request: PermissionRequest;
  readonly agent: AgentInfo;
  readonly fingerprint: string;
  readonly decision: PermissionDecision;
  /** Where the winning racer answered, finer than `decision.by`: "web", "window:3", a notification id. */
  readonly channel?: string;
  /** The agent withdrew the request unanswered (a passthrough), and this ended the wait. */
  readonly ended?: AgentEnd;
  readonly receivedAt: number;
  readonly decidedAt: number;
}

/**
 * Where decisions become durable. The registry records a decision here before it is sent, and asks here
 * first when a request arrives, so a re-sent request gets its recorded answer instead of a second prompt.
 */
export interface DecisionStore {
  /** Durable once it returns, or inside `batch`, once the batch returns. Throws when it stored nothing. */
  record(entry: DecisionRecord): void;
  /**
   * Runs `work` as one commit (group commit: one write for a burst of decisions); nothing `work` records is
   * durable, or may be sent, before this returns. A `record` refused inside throws and stores nothing, and
   * the rest still commit. Any other failure may fail the whole batch: this throws, and nothing in it was
   * stored.
   */
  batch(work: () => void): void;
  find(id: string): Pick<DecisionRecord, 'decision' | 'fingerprint'> | undefined;
  /** Makes an undecided request visible in history as soon as it arrives. */
  recordPending?(request: PermissionRequest, agent: AgentInfo, receivedAt: number): void;
  /** A session's start and end as the agent reports them (`session.event`), apart from any decision. */
  recordSessionStart?(sessionId: string, agent: AgentInfo, cwd: string, startedAt: number): void;
  recordSessionEnd?(sessionId: string, endedAt: number, by: SessionEndView): void;
  recordSessionSeen?(sessionId: string, seenAt: number): void;
  /**
   * The agent did not take the recorded answer (agent-outcome.ts); the first word on it stays. The decision
   * itself is left as it was sent, which a re-sent request still gets back.
   */
  recordNotTaken?(id: string, notTaken: NotTakenView): void;
  /**
   * The allow of classifier refusal `id` left a one-shot retry grant that lapses at `until`; said again with
   * an earlier `until` when the console stops first. A grant already used keeps its record.
   */
  recordRetryGrant?(id: string, until: number): void;
  /** The retry grant of refusal `id` let its retried call through; the first word on it stays. */
  recordRetryUsed?(id: string, use: RetryUse): void;
}

/** How a retry grant was used: see `RetryGrantView` in common/history-contract.ts. */
export type RetryUse = Required<Pick<RetryGrantView, 'usedAt' | 'usedBy'>> & Pick<RetryGrantView, 'callId'>;

/** A read apart from the store's writes: the most recent requests, newest first, that rule previews count in. */
export interface RecentRequests {
  recentRequests(limit: number): Array<Pick<PermissionRequest, 'tool' | 'input' | 'cwd'>>;
}

/**
 * `store`, telling `recorded` of each decision once it is durable: at once for a lone `record`, after the
 * batch commits for a record inside one (a batch that fails stored none of its records). `recorded` must
 * return at once and never throw: it runs before the decision is sent.
 */
export function observeRecords<S extends DecisionStore>(
  store: S,
  recorded: (entry: DecisionRecord) => void,
): S {
  let batched: DecisionRecord[] | undefined;
  return {
    ...store,
    record(entry: DecisionRecord) {
      store.record(entry);
      if (batched) batched.push(entry);
      else recorded(entry);
    },
    batch(work: () => void) {
      if (batched) return store.batch(work);
      const inBatch: DecisionRecord[] = (batched = []);
      try {
        store.batch(work);
      } finally {
        batched = undefined;
      }
      inBatch.forEach(recorded);
    },
  };
}

/** A store that lives as long as the process: for tests and for a console started without history. */
export function createMemoryDecisionStore(): DecisionStore &
  RecentRequests & { readonly records: readonly DecisionRecord[] } {
  const byId = new Map<string, DecisionRecord>();
  const records: DecisionRecord[] = [];
  return {
    records,
    record(entry) {
      byId.set(entry.request.id, entry);
      records.push(entry);
    },
    batch: (work) => work(),
    find: (id) => byId.get(id),
    recentRequests: (limit) =>
      records
        .slice(-limit)
        .reverse()
        .map(({ request }) => request),
  };
}
