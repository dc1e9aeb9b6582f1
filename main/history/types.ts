import type {
  AgentInfo,
  DecisionBehavior,
  PermissionDecision,
  PermissionRequest,
  RacerKind,
} from '../../common/protocol';
import type { DecisionRecord, DecisionStore, RecentRequests } from './decision-store';

/** What `record` keeps: the registry's record plus what only the console knows about how it was answered. */
export interface HistoryEntry extends DecisionRecord {
  /** Where the person who won answered, e.g. "window" or "web"; absent for automated racers. */
  readonly channel?: string;
  /** The rule this answer added to a settings file, in rule syntax, e.g. `Bash(npm run test:*)`. */
  readonly ruleWritten?: string;
}

/** A request as history holds it: what the agent sent, minus its transport-only fields. */
/** As the agent sent it, minus what only concerned the wait: its timeout and where to read its transcript. */
export type RecordedRequest = Omit<PermissionRequest, 'type' | 'timeoutMs' | 'transcriptPath'> & {
  readonly fingerprint: string;
  /** When the console first saw this id; a re-send after a restart does not move it. */
  readonly receivedAt: number;
};

export interface RecordedDecision {
  /** Exactly what was sent to the agent, and what a re-sent request gets back. */
  readonly decision: PermissionDecision;
  readonly channel?: string;
  readonly ruleWritten?: string;
  /** From the first time the console saw the request to the decision. */
  readonly latencyMs: number;
  readonly decidedAt: number;
}

export interface TimelineEntry {
  readonly request: RecordedRequest;
  /** Absent while the request waits, or when the console stopped before anyone answered it. */
  readonly decision?: RecordedDecision;
}

export interface OutcomeCounts {
  readonly allow: number;
  readonly deny: number;
  readonly passthrough: number;
  /** Requests with no decision recorded. */
  readonly pending: number;
}

export interface SessionSummary {
  readonly id: string;
  readonly agent: AgentInfo;
  /** The project folder: the working directory of the session's first request. */
  readonly cwd: string;
  readonly firstSeen: number;
  readonly lastSeen: number;
  readonly endedAt?: number;
  readonly counts: OutcomeCounts;
}

/** Where the next page of sessions starts: pass the last summary of the current page. */
export type SessionCursor = Pick<SessionSummary, 'firstSeen' | 'id'>;

/** What a request's outcome can be in a filter: its decision's behavior, or `pending` when it has none. */
export type RequestOutcome = DecisionBehavior | 'pending';

/** Which requests `queryRequests` and `exportRequests` select; every field given must hold. */
export interface RequestFilter {
  /** One session's requests: its timeline, a page at a time. */
  readonly sessionId?: string;
  readonly tool?: string;
  readonly outcome?: RequestOutcome;
  /** The racer that won the decision; a pending request has none, so it never matches. */
  readonly decidedBy?: RacerKind;
  /**
   * A project folder: requests whose working directory is this folder or anything below it. Matched at a
   * separator, so `/srv/app` does not select `/srv/app2`; a trailing separator makes no difference.
   */
  readonly project?: string;
  /** Inclusive bounds on when the request arrived, epoch milliseconds. */
  readonly from?: number;
  readonly to?: number;
  /**
   * Words as `search` takes them. Blank text filters nothing; text with no searchable word (only
   * punctuation) matches nothing, as it does in `search`.
   */
  readonly text?: string;
}

/** Where the next page of requests starts; take it from the current page's `next`. */
export interface RequestCursor {
  readonly receivedAt: number;
  /** Breaks ties between requests that arrived in the same millisecond. */
  readonly rowid: number;
}

export interface RequestPage {
  /** Newest first by arrival. */
  readonly entries: readonly TimelineEntry[];
  /** Absent on the last page. */
  readonly next?: RequestCursor;
}

export type ExportFormat = 'jsonl' | 'csv';

/** One page of an export: its text, and where the next page starts (absent on the last). */
export interface ExportPage {
  readonly text: string;
  readonly next?: RequestCursor;
}

export interface PurgeResult {
  readonly requests: number;
  readonly sessions: number;
}

export interface History extends DecisionStore, RecentRequests {
  /**
   * Stores a decision with its agent, session and request in one transaction, durable once this returns.
   * Throws `RecordRefusedError` when the request already has a decision or its id names another tool call.
   */
  record(entry: HistoryEntry): void;
  /** Makes an undecided request visible in history. Idempotent: a re-send keeps the first arrival time. */
  recordPending(request: PermissionRequest, agent: AgentInfo, receivedAt: number): void;
  /** The agent reported the session started: history lists it from then on, before any request. */
  recordSessionStart(sessionId: string, agent: AgentInfo, cwd: string, startedAt: number): void;
  /** The agent reported the session over; the first report wins. */
  recordSessionEnd(sessionId: string, endedAt: number): void;
  /** Sessions newest first by start, `limit` at a time. */
  listSessions(options: { readonly limit: number; readonly before?: SessionCursor }): SessionSummary[];
  /** Every request of one session in arrival order, each with its decision once there is one. */
  sessionTimeline(sessionId: string): TimelineEntry[];
  /**
   * Requests whose commands, paths, URLs, patterns or queries contain every word of `text` (each word
   * also matches as a prefix), newest first.
   */
  search(text: string, options: { readonly limit: number }): TimelineEntry[];
  /** One page of the requests `filter` selects, across sessions, newest first by arrival. */
  queryRequests(
    filter: RequestFilter,
    page: { readonly limit: number; readonly before?: RequestCursor },
  ): RequestPage;
  /** Writes every request `filter` selects, newest first, a page at a time, so no export holds all rows. */
  exportRequests(filter: RequestFilter, format: ExportFormat, write: (chunk: string) => void): void;
  /**
   * One page of the same export, for a caller that carries it in bounded pieces (the console's invoke
   * channel): start without `before`, pass each page's `next`, and the pages concatenated are the export.
   */
  exportPage(
    filter: RequestFilter,
    format: ExportFormat,
    page: { readonly before?: RequestCursor; readonly maxBytes: number },
  ): ExportPage;
  /**
   * Deletes the requests that arrived before `cutoff` (epoch ms) with their decisions and search terms,
   * and the sessions that leaves without requests, in one transaction.
   */
  purgeOlderThan(cutoff: number): PurgeResult;
  countDecisions(): number;
  close(): void;
}

/** Why `record` or `recordPending` stored nothing. */
export class RecordRefusedError extends Error {
  override readonly name = 'RecordRefusedError';

  constructor(
    readonly reason: 'already-decided' | 'different-request',
    readonly requestId: string,
  ) {
    super(
      reason === 'already-decided'
        ? `Request "${requestId}" already has a recorded decision; a request is decided once.`
        : `Request id "${requestId}" is already recorded for a different tool call.`,
    );
  }
}
