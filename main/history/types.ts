import type {
  ExportFormatView,
  ExportPageView,
  HistoryEntryView,
  HistoryFilter,
  NotTakenView,
  PurgeView,
  RequestCursorView,
  RequestPageView,
  SessionCursorView,
  SessionEndView,
  SessionSummaryView,
} from '../../common/history-contract';
import type { AgentInfo, PermissionRequest } from '../../common/protocol';
import type { ConsoleRun } from './console-runs';
import type { ProposalHistory } from './proposal-history';
import type { DecisionRecord, DecisionStore, RecentRequests, RetryUse } from './decision-store';

/**
 * What `record` is asked to write: the registry's record plus what only the console knows about how it was
 * answered. What history reads back is `HistoryEntryView` in common/history-contract.ts.
 */
export interface DecisionToRecord extends DecisionRecord {
  /** Where the person who won answered, e.g. "window" or "web"; absent for automated racers. */
  readonly channel?: string;
  /** The rule this answer added to a settings file, in rule syntax, e.g. `Bash(npm run test:*)`. */
  readonly ruleWritten?: string;
}

export interface History extends DecisionStore, RecentRequests {
  /**
   * Stores a decision with its agent, session and request in one transaction, durable once this returns.
   * Throws `RecordRefusedError` when the request already has a decision or its id names another tool call.
   */
  record(entry: DecisionToRecord): void;
  /** Makes an undecided request visible in history. Idempotent: a re-send keeps the first arrival time. */
  recordPending(request: PermissionRequest, agent: AgentInfo, receivedAt: number): void;
  /** The agent reported the session started: history lists it from then on, before any request. */
  recordSessionStart(sessionId: string, agent: AgentInfo, cwd: string, startedAt: number): void;
  /**
   * The session is over: the agent said so (`agent`) or the connection that carried it closed
   * (`disconnect`); the first word wins, and a later request of the session opens it again.
   */
  recordSessionEnd(sessionId: string, endedAt: number, by: SessionEndView): void;
  /** The session did something (a tool ran, a prompt was sent): it is not idle. */
  recordSessionSeen(sessionId: string, seenAt: number): void;
  /** The agent did not take the recorded answer; the first word on it stays. */
  recordNotTaken(id: string, notTaken: NotTakenView): void;
  /** A refusal's allow left a retry grant lapsing at `until` (or the console stopped before it). */
  recordRetryGrant(id: string, until: number): void;
  /** The refusal's retry grant let its retried call through; the first word on it stays. */
  recordRetryUsed(id: string, use: RetryUse): void;
  /** Sessions newest first by start, `limit` at a time. */
  listSessions(options: {
    readonly limit: number;
    readonly before?: SessionCursorView;
  }): SessionSummaryView[];
  /** Every request of one session in arrival order, each with its decision once there is one. */
  sessionTimeline(sessionId: string): HistoryEntryView[];
  /**
   * Requests whose commands, paths, URLs, patterns or queries contain every word of `text` (each word
   * also matches as a prefix), newest first.
   */
  search(text: string, options: { readonly limit: number }): HistoryEntryView[];
  /** One page of the requests `filter` selects, across sessions, newest first by arrival. */
  queryRequests(
    filter: HistoryFilter,
    page: { readonly limit: number; readonly before?: RequestCursorView },
  ): RequestPageView;
  /** Writes every request `filter` selects, newest first, a page at a time, so no export holds all rows. */
  exportRequests(filter: HistoryFilter, format: ExportFormatView, write: (chunk: string) => void): void;
  /**
   * One page of the same export, for a caller that carries it in bounded pieces (the console's invoke
   * channel): start without `before`, pass each page's `next`, and the pages concatenated are the export.
   */
  exportPage(
    filter: HistoryFilter,
    format: ExportFormatView,
    page: { readonly before?: RequestCursorView; readonly maxBytes: number },
  ): ExportPageView;
  /**
   * Deletes the requests that arrived before `cutoff` (epoch ms) with their decisions and search terms,
   * and the sessions that leaves without requests, in one transaction. The agents' own calls are kept in
   * a file of their own and purged there (ActivityAccess, activity-access.ts).
   */
  purgeOlderThan(cutoff: number): PurgeView;
  countDecisions(): number;
  /**
   * This console's run on the history: marks what the last console left undecided as handed back, and
   * keeps a heartbeat until `stop` (main/history/console-runs.ts).
   */
  startConsoleRun(now: () => number): ConsoleRun;
  /** What rule proposals learn from, and the proposals a person dismissed. */
  readonly proposals: ProposalHistory;
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
