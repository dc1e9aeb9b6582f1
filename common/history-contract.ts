/**
 * The history browser's part of the console contract: its invoke channels with their argument schemas,
 * the values they return, and the event that says history has changed. `console-contract.ts` merges these
 * into the one contract both transports serve.
 */
import { z } from 'zod';
import { RacerKindSchema } from './protocol';
import type { AgentEnd, AgentInfo, AgentOption, PermissionDecision, PermissionRequest } from './protocol';

/** The most rows one page may ask for: a page is one frame, and a frame must stay small. */
export const HISTORY_PAGE_MAX = 200;
/** Longer than any search a person types; FTS work grows with the words given. */
export const HISTORY_TEXT_MAX = 500;
/** About a hundred years: more than anyone keeps, few enough that the cutoff stays a sane date. */
export const RETENTION_DAYS_MAX = 36_500;

// The range a JavaScript Date can hold, so every bound converts to a real date and back.
const EpochMsSchema = z
  .number()
  .int()
  .min(0)
  .max(8_640_000_000_000_000, 'must be a date a calendar can show');

/** What a request's outcome can be in a filter: its decision's behavior, or `pending` when it has none. */
export const requestOutcomes = ['allow', 'deny', 'passthrough', 'pending'] as const;
export type RequestOutcome = (typeof requestOutcomes)[number];

/**
 * Which requests a page or an export selects; every field given must hold. `project` matches the folder
 * or anything below it, at a separator; `text` takes words as search does, and text with no searchable
 * word matches nothing; `decidedBy` never matches a pending request.
 */
export const HistoryFilterSchema = z
  .object({
    sessionId: z.string().min(1).max(200).optional(),
    tool: z.string().min(1).max(500).optional(),
    outcome: z.enum(requestOutcomes).optional(),
    decidedBy: RacerKindSchema.optional(),
    project: z.string().min(1).max(4_096).optional(),
    from: EpochMsSchema.optional(),
    to: EpochMsSchema.optional(),
    text: z.string().max(HISTORY_TEXT_MAX).optional(),
  })
  .strict()
  .refine((filter) => filter.from === undefined || filter.to === undefined || filter.from <= filter.to, {
    message: 'the start of the date range must not be after its end',
    path: ['to'],
  });
export type HistoryFilter = z.infer<typeof HistoryFilterSchema>;

const PageLimitSchema = z.number().int().min(1).max(HISTORY_PAGE_MAX);

export const RequestCursorSchema = z
  .object({ receivedAt: EpochMsSchema, rowid: z.number().int().min(0) })
  .strict();
export type RequestCursorView = z.infer<typeof RequestCursorSchema>;

export const SessionCursorSchema = z
  .object({ firstSeen: EpochMsSchema, id: z.string().min(1).max(200) })
  .strict();
export type SessionCursorView = z.infer<typeof SessionCursorSchema>;

export const exportFormats = ['jsonl', 'csv'] as const;
export type ExportFormatView = (typeof exportFormats)[number];

export const RetentionDaysSchema = z.number().int().min(1).max(RETENTION_DAYS_MAX);

export const historyInvokeSchemas = {
  /** Sessions newest first by start, a page at a time. */
  'history:sessions': z.object({ limit: PageLimitSchema, before: SessionCursorSchema.optional() }).strict(),
  /** The requests a filter selects, newest first, a page at a time; `sessionId` makes it one timeline. */
  'history:requests': z
    .object({ filter: HistoryFilterSchema, limit: PageLimitSchema, before: RequestCursorSchema.optional() })
    .strict(),
  /** One page of an export: start without `before`, follow `next` until there is none. */
  'history:export': z
    .object({
      filter: HistoryFilterSchema,
      format: z.enum(exportFormats),
      before: RequestCursorSchema.optional(),
    })
    .strict(),
  'history:retention': z.object({}).strict(),
  /** Keep this many days of history (purging what is older now and every hour), or `null` to keep all. */
  'history:set-retention': z.object({ days: RetentionDaysSchema.nullable() }).strict(),
  /** Deletes requests older than this many days (0: every request so far) and sessions left empty. */
  'history:purge': z.object({ olderThanDays: z.number().int().min(0).max(RETENTION_DAYS_MAX) }).strict(),
  /** Sessions the agents reported tool calls of in their own telemetry, the most recently active first. */
  'history:activity-sessions': z.object({ limit: PageLimitSchema }).strict(),
  /** One session's tool calls, as its agent reported them, in the order it made them, a page at a time. */
  'history:activity': z
    .object({
      sessionId: z.string().min(1).max(HISTORY_TEXT_MAX),
      limit: PageLimitSchema,
      after: z.number().int().min(0).optional(),
    })
    .strict(),
  /** One page of a session's calls as a file: start without `after`, follow `next` until there is none. */
  'history:activity-export': z
    .object({
      sessionId: z.string().min(1).max(HISTORY_TEXT_MAX),
      format: z.enum(exportFormats),
      after: z.number().int().min(0).optional(),
    })
    .strict(),
  /** Calls of every session whose command, path or pattern holds every word of `text`, the newest first. */
  'history:activity-search': z
    .object({ text: z.string().min(1).max(HISTORY_TEXT_MAX), limit: PageLimitSchema })
    .strict(),
} as const;

/*
 * What history reads back, as main/history returns it and the renderer shows it: one definition for both
 * sides. What history is asked to write is `DecisionToRecord` in main/history/types.ts.
 */

/** A session's requests by what the agent did: an answer it did not take counts as the terminal's. */
export interface OutcomeCountsView {
  readonly allow: number;
  readonly deny: number;
  readonly passthrough: number;
  /** Requests with no decision recorded. */
  readonly pending: number;
  /**
   * Withdrawn because the agent stopped their hook (`INTERRUPTED_CHANNEL`), counted apart from
   * `passthrough`: no dialog asked. Absent when there are none.
   */
  readonly interrupted?: number;
}

/** `agent`: the agent said the session ended; `disconnect`: the connection that carried it closed. */
export type SessionEndView = 'agent' | 'disconnect';

/** A session with no request or event for this long is shown as ended by idleness, until it acts again. */
export const SESSION_IDLE_MS = 60 * 60_000;

export interface SessionSummaryView {
  readonly id: string;
  readonly agent: AgentInfo;
  /** The project folder: the working directory of the session's first request. */
  readonly cwd: string;
  readonly firstSeen: number;
  readonly lastSeen: number;
  /** When the session ended, and how: see `SessionEndView`. Absent while it runs (or went idle). */
  readonly endedAt?: number;
  readonly endedBy?: SessionEndView;
  readonly counts: OutcomeCountsView;
}

/** A request as history holds it: what the agent sent, minus what only concerned the wait. */
export type RecordedRequestView = Omit<
  PermissionRequest,
  'type' | 'timeoutMs' | 'options' | 'transcriptPath'
> & {
  readonly fingerprint: string;
  /** When the console first saw this id; a re-send after a restart does not move it. */
  readonly receivedAt: number;
};

/**
 * The channel of a timeout that was the agent's own deadline (its hook stopped waiting), not the console's
 * clock: `deadline:<ms>` with how long the agent waited, or `deadline` when it did not say.
 */
export const DEADLINE_CHANNEL = 'deadline';

/**
 * The channel of a request whose one-shot hook the agent stopped before anyone answered (Codex kills its
 * hook on Esc; Claude Code signals it): the agent interrupted the turn, and nothing could take an answer.
 */
export const INTERRUPTED_CHANNEL = 'interrupted';

/** The channel of a retried call the one-shot grant of classifier refusal `refusalId` answered. */
export const retryChannel = (refusalId: string): string => `retry:${refusalId}`;

/** For the agent's own deadline: how long it waited in ms (null when it did not say); else undefined. */
export function agentDeadlineOf(channel: string | undefined): number | null | undefined {
  if (channel === DEADLINE_CHANNEL) return null;
  const match = /^deadline:(\d+)$/.exec(channel ?? '');
  return match ? Number(match[1]) : undefined;
}

/**
 * The agent did not take a recorded answer: its own dialog's answer came first, which Claude Code says only
 * in its transcript, after the answer was recorded and sent.
 */
export interface NotTakenView {
  /** `terminal-no`: the person had said No in the terminal; `terminal-yes`: Yes, and the call ran. */
  readonly because: 'terminal-no' | 'terminal-yes';
  /** What the person told the agent along with their No. */
  readonly message?: string;
}

export interface RecordedDecisionView {
  /** Exactly what was sent to the agent, and what a re-sent request gets back. */
  readonly decision: PermissionDecision;
  /** Where a person answered ("window", "web"), or `grant:<rule>` for the grant that answered. */
  readonly channel?: string;
  /** The rule this answer added to a settings file, in rule syntax, e.g. `Bash(npm run test:*)`. */
  readonly ruleWritten?: string;
  /** From the first time the console saw the request to the decision. */
  readonly latencyMs: number;
  readonly decidedAt: number;
  /** Absent while the agent is not known to have done otherwise. */
  readonly notTaken?: NotTakenView;
  /** The request's own option the decision chose (ACP), as the agent named it, wherever it was chosen. */
  readonly option?: AgentOption;
  /** The agent withdrew the request unanswered, and this ended the wait (its turn cancelled, it exited). */
  readonly ended?: AgentEnd;
  /** The one-shot grant a person's allow of the agent's classifier refusal left on the refused call. */
  readonly retry?: RetryGrantView;
}

/**
 * What became of a retry grant (main/rules/retry-grants.ts): used when `usedAt` is set, else expired unused
 * once `until` has passed, else still waiting for the retried call.
 */
export interface RetryGrantView {
  /** When it lapses: five minutes after the allow, or when the console stopped, if that came first. */
  readonly until: number;
  readonly usedAt?: number;
  /**
   * `hook`: Claude Code's PreToolUse hook asked about the retried call and the grant let it through;
   * `question`: the retried call came to Gatehouse as a question, and the grant answered it.
   */
  readonly usedBy?: 'hook' | 'question';
  /** The retried call's `tool_use_id`, as the PreToolUse hook named it. */
  readonly callId?: string;
}

/**
 * A request whose console went away before anyone answered it: it went back to the agent's own prompt.
 * `at` is when the console stopped (`stopped`), when it was last seen running before it crashed
 * (`crashed`), or when the next console started, for a console that left no trace of its end (`unknown`).
 */
export interface HandedBackView {
  readonly because: 'stopped' | 'crashed' | 'unknown';
  readonly at: number;
}

/** One recorded request with its decision, in a timeline, a page, a search or an export. */
export interface HistoryEntryView {
  readonly request: RecordedRequestView;
  /** The agent of the request's session, as it named itself. */
  readonly agent: AgentInfo;
  /** Absent while the request waits, or when the console stopped before anyone answered it. */
  readonly decision?: RecordedDecisionView;
  /** Present, without a decision, when the console stopped holding the request before anyone answered. */
  readonly handedBack?: HandedBackView;
}

export interface SessionPageView {
  readonly sessions: readonly SessionSummaryView[];
  readonly next?: SessionCursorView;
}

export interface RequestPageView {
  /** Newest first by arrival. */
  readonly entries: readonly HistoryEntryView[];
  readonly next?: RequestCursorView;
}

/** One page of an export: its text, and where the next page starts (absent on the last). */
export interface ExportPageView {
  readonly text: string;
  readonly next?: RequestCursorView;
}

export interface PurgeView {
  readonly requests: number;
  readonly sessions: number;
}

export interface RetentionView {
  /** Absent when history is kept for good. */
  readonly days?: number;
}

/**
 * One tool call as the agent's own telemetry reported it (main/history/activity-store.ts): who settled it
 * in the agent's words (Claude Code: config, hook, classifier, user_permanent, user_temporary, user_abort,
 * user_reject; Codex: Config, User, AutomatedReviewer), how long it ran and how it ended, and the question
 * Gatehouse asked about it, if it asked.
 */
export interface ActivityCallView {
  readonly callId: string;
  readonly tool: string;
  /** The command, path or pattern, one line, cut short. */
  readonly summary?: string | undefined;
  readonly sequence?: number | undefined;
  readonly decidedAt?: number | undefined;
  readonly allowed?: boolean | undefined;
  readonly source?: string | undefined;
  readonly permissionMode?: string | undefined;
  readonly endedAt?: number | undefined;
  readonly durationMs?: number | undefined;
  readonly success?: boolean | undefined;
  readonly error?: string | undefined;
  readonly requestId?: string | undefined;
  /** The classifier refusal whose overturn by a person let this call through, by its request id. */
  readonly retryOf?: string | undefined;
}

/** One page of a session's calls as a file: its text, and the `after` of the next page (absent on the last). */
export interface ActivityExportPageView {
  readonly text: string;
  readonly next?: number;
}

/** A call found by searching every session's calls, with the session it belongs to. */
export interface ActivityHitView extends ActivityCallView {
  readonly sessionId: string;
  readonly agent: 'claude' | 'codex';
}

export interface ActivitySessionView {
  readonly sessionId: string;
  readonly agent: 'claude' | 'codex';
  readonly firstSeen: number;
  readonly lastSeen: number;
  readonly calls: number;
}

export interface HistoryInvokeValues {
  'history:activity-sessions': { readonly sessions: readonly ActivitySessionView[] };
  /** `next`: the `after` of the following page, absent on the last. */
  'history:activity': { readonly calls: readonly ActivityCallView[]; readonly next?: number };
  'history:activity-export': ActivityExportPageView;
  'history:activity-search': { readonly calls: readonly ActivityHitView[] };
  'history:sessions': SessionPageView;
  'history:requests': RequestPageView;
  'history:export': ExportPageView;
  'history:retention': RetentionView;
  'history:set-retention': RetentionView & { readonly purged?: PurgeView };
  'history:purge': PurgeView;
}

/** Pushed when history gained or lost entries; throttled, so it says only "look again", and at what. */
export interface HistoryChanged {
  readonly at: number;
  /** Requests or their decisions changed: the history browser's list, and what proposals count. */
  readonly requests: boolean;
  /** The agents' own calls changed: the activity view. */
  readonly activity: boolean;
}
