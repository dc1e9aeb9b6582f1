/**
 * The agents' own record of their tool calls (main/telemetry/agent-events.ts), one row per call in the
 * `activity` table of the activity file (activity-database.ts): the decision and the result of a call meet on
 * the session and the agent's call id, in whichever order they come, and a call Gatehouse asked about is
 * joined to its request in the attached history file, on the session and the tool input (the agents'
 * permission hooks send no call id). One body's events are written in one transaction, so a body is kept
 * whole or not at all; `ingest` queues them so that a big body never holds up the other work of the thread
 * that writes them. Their search terms follow in batches (activity-indexer.ts).
 */
import type { Database } from 'better-sqlite3';
import { retryChannel } from '../../common/history-contract';
import type { ActivityCallView, ActivityHitView, ActivitySessionView } from '../../common/history-contract';
import { summarizeRequest } from '../../common/request-summary';
import type { AgentToolEvent, TelemetryAgent } from '../../common/agent-tool-events';
import { callsOfBody, sessionKey } from './activity-calls';
import type { CallWrite } from './activity-calls';
import { createActivityIndexer } from './activity-indexer';
import { createActivityText } from './activity-text';
import { createActivityIngest } from './activity-ingest';
import { requestFingerprint } from './request-fingerprint';
import { toFtsQuery } from './search-query';

/** The summary line kept per call: enough to recognise it and to search it, small enough for millions of rows. */
export const SUMMARY_CHARS = 160;

export type ActivityRow = ActivityCallView;
export type ActivitySession = ActivitySessionView;

/** A call of the agent's joined to the question Gatehouse asked about it. */
export interface ActivityJoin {
  readonly requestId: string;
  /** Claude Code's `tool_use_id`, Codex's `call_id`. */
  readonly callId: string;
}

export interface ActivityStore {
  /** Writes one accepted body's events in one transaction; returns the calls it joined to questions. */
  record(events: readonly AgentToolEvent[]): readonly ActivityJoin[];
  /**
   * Writes one accepted body's events a slice at a time between the console's other work
   * (activity-ingest.ts); resolves with the calls it joined to questions once it is all written.
   */
  ingest(events: readonly AgentToolEvent[]): Promise<readonly ActivityJoin[]>;
  /** A session's calls in the order the agent made them, `limit` at a time after the `after`-th. */
  sessionCalls(sessionId: string, page: { readonly limit: number; readonly after?: number }): ActivityRow[];
  /** Sessions with activity, the most recently active first. */
  sessions(limit: number): ActivitySession[];
  /**
   * Calls of any session whose summary (command, path, pattern, URL) holds every word of `text`, each
   * word also as a prefix, the most recently recorded first.
   */
  search(text: string, options: { readonly limit: number }): ActivityHitView[];
  /** Writes what is still queued and indexes it, before the database closes. */
  close(): void;
}

/**
 * A call a person's overturn of a classifier refusal let through: the PreToolUse hook named it by its call id
 * (migration 015), or the grant answered the question Gatehouse asked about it (its channel names the refusal).
 */
const RETRY_OF = `coalesce(
    (SELECT d.request_id FROM decisions d INDEXED BY decisions_by_retry_call JOIN requests r ON r.id = d.request_id
     WHERE d.retry_call_id = activity.call_id
       AND r.session_id = (SELECT session_id FROM activity_sessions WHERE id = activity.session)),
    (SELECT substr(d.channel, ${retryChannel('').length + 1}) FROM decisions d
     WHERE activity.request_id IS NOT NULL AND d.request_id = activity.request_id
       AND d.channel LIKE '${retryChannel('')}%'))`;

const CALL_COLUMNS = `call_id, tool, summary, seq, decided_at, allowed, source, mode, ended_at, duration_ms, success,
  error, request_id, ${RETRY_OF} AS retry_of`;

interface Row {
  call_id: string;
  tool: string;
  summary: string | null;
  seq: number | null;
  decided_at: number | null;
  allowed: number | null;
  source: string | null;
  mode: string | null;
  ended_at: number | null;
  duration_ms: number | null;
  success: number | null;
  error: string | null;
  request_id: string | null;
  retry_of: string | null;
}

interface CallParams {
  session: number;
  callId: string;
  tool: string;
  summary: string | null;
  decided: 0 | 1;
  decisionSeq: number | null;
  decidedAt: number | null;
  allowed: 0 | 1 | null;
  source: string | null;
  mode: string | null;
  ended: 0 | 1;
  resultSeq: number | null;
  endedAt: number | null;
  durationMs: number | null;
  success: 0 | 1 | null;
  error: string | null;
}
interface Upserted {
  unjoined: 0 | 1;
}
/** A question of the session no call has been joined to yet. */
interface OpenQuestion {
  id: string;
  tool: string;
  fingerprint: string;
  command: unknown;
}

/** The open questions read per session and body; a session with more is searched call by call. */
const OPEN_QUESTIONS = 256;

export function createActivityStore(db: Database): ActivityStore {
  const terms = createActivityText(db);
  const indexer = createActivityIndexer(db, terms);
  const upsertSession = db
    .prepare<{ sessionId: string; agent: TelemetryAgent; first: number; last: number }, number>(
      `INSERT INTO activity_sessions (session_id, agent, first_seen, last_seen)
       VALUES (@sessionId, @agent, @first, @last)
       ON CONFLICT (session_id) DO UPDATE SET first_seen = min(first_seen, excluded.first_seen),
         last_seen = max(last_seen, excluded.last_seen) RETURNING id`,
    )
    .pluck();
  // One statement per call, whichever of its events came before: the row, and the halves this body has.
  // The decision's sequence orders the call, wherever its result's came first.
  const upsertCall = db.prepare<CallParams, Upserted>(
    `INSERT INTO activity (session, call_id, tool, summary, seq, decided_at, allowed, source, mode, ended_at,
       duration_ms, success, error)
     VALUES (@session, @callId, @tool, @summary, coalesce(@decisionSeq, @resultSeq), @decidedAt, @allowed,
       @source, @mode, @endedAt, @durationMs, @success, @error)
     ON CONFLICT (session, call_id) DO UPDATE SET summary = coalesce(summary, excluded.summary),
       seq = coalesce(@decisionSeq, seq, @resultSeq),
       decided_at = iif(@decided, excluded.decided_at, decided_at), allowed = iif(@decided, excluded.allowed, allowed),
       source = iif(@decided, excluded.source, source), mode = iif(@decided, excluded.mode, mode),
       ended_at = iif(@ended, excluded.ended_at, ended_at),
       duration_ms = iif(@ended, excluded.duration_ms, duration_ms),
       success = iif(@ended, excluded.success, success), error = iif(@ended, excluded.error, error)
     RETURNING request_id IS NULL AS unjoined`,
  );
  const openQuestions = db.prepare<{ sessionId: string; limit: number }, OpenQuestion>(
    `SELECT id, tool, fingerprint, json_extract(input, '$.command') AS command
     FROM requests INDEXED BY requests_by_session
     WHERE session_id = @sessionId AND NOT EXISTS (SELECT 1 FROM activity WHERE request_id = requests.id)
     ORDER BY received_at DESC LIMIT @limit`,
  );
  // The latest question of the session about the same call that no other call has taken yet. Read through
  // the session's index: left to itself SQLite took the tool's, and read every Bash question ever asked
  // for each event (3 ms an event with 4,000 of them).
  const askedAbout = db
    .prepare<{ sessionId: string; tool: string; fingerprint: string; command: string | null }, string>(
      `SELECT id FROM requests INDEXED BY requests_by_session
       WHERE session_id = @sessionId AND tool = @tool
         AND (fingerprint = @fingerprint OR (@command IS NOT NULL AND json_extract(input, '$.command') = @command))
         AND NOT EXISTS (SELECT 1 FROM activity WHERE request_id = requests.id)
       ORDER BY received_at DESC LIMIT 1`,
    )
    .pluck();
  const setRequest = db.prepare(
    'UPDATE activity SET request_id = @requestId WHERE session = @session AND call_id = @callId',
  );
  // The order is activity_in_order's (migration 013), so a page reads its rows and no others.
  const page = db.prepare<{ sessionId: string; limit: number; after: number }, Row>(
    `SELECT ${CALL_COLUMNS}
     FROM activity WHERE session = (SELECT id FROM activity_sessions WHERE session_id = @sessionId)
     ORDER BY coalesce(seq, 0), id LIMIT @limit OFFSET @after`,
  );
  // The hits are few (a page); their rows are read by id, newest first as activity-text.ts found them.
  const hits = db.prepare<{ ids: string }, Row & { session_id: string; agent: TelemetryAgent }>(
    `SELECT ${CALL_COLUMNS}, s.session_id, s.agent
     FROM activity JOIN activity_sessions s ON s.id = activity.session
     WHERE activity.id IN (SELECT value FROM json_each(@ids))
     ORDER BY activity.id DESC`,
  );
  const listSessions = db.prepare<
    { limit: number },
    { session_id: string; agent: TelemetryAgent; first_seen: number; last_seen: number; calls: number }
  >(
    `SELECT session_id, agent, first_seen, last_seen,
            (SELECT count(*) FROM activity WHERE activity.session = activity_sessions.id) AS calls
     FROM activity_sessions ORDER BY last_seen DESC LIMIT @limit`,
  );

  /** The question asked about a call, among the session's open ones (taking it), or undefined. */
  const questionFor = (call: CallWrite, open: OpenQuestion[], complete: boolean): string | undefined => {
    for (const input of call.inputs) {
      let fingerprint: string | undefined;
      const command = typeof input.command === 'string' ? input.command : undefined;
      const index = open.findIndex((question) => {
        if (question.tool !== call.tool) return false;
        if (command !== undefined && question.command === command) return true;
        fingerprint ??= requestFingerprint({ sessionId: call.sessionId, tool: call.tool, input });
        return question.fingerprint === fingerprint;
      });
      if (index >= 0) return open.splice(index, 1)[0]!.id;
      if (!complete) {
        const id = askedAbout.get({
          sessionId: call.sessionId,
          tool: call.tool,
          fingerprint: requestFingerprint({ sessionId: call.sessionId, tool: call.tool, input }),
          command: command ?? null,
        });
        if (id !== undefined) return id;
      }
    }
    return undefined;
  };

  const recordAll = db.transaction((events: readonly AgentToolEvent[]) => {
    // A body is mostly one session's events: its row is written once, with the body's span of time.
    const spans = new Map<
      string,
      { sessionId: string; agent: TelemetryAgent; first: number; last: number }
    >();
    for (const { sessionId, agent, at } of events) {
      const span = spans.get(sessionKey({ sessionId, agent }));
      if (span === undefined)
        spans.set(sessionKey({ sessionId, agent }), { sessionId, agent, first: at, last: at });
      else {
        span.first = Math.min(span.first, at);
        span.last = Math.max(span.last, at);
      }
    }
    const sessions = new Map<string, number>();
    for (const [key, span] of spans) sessions.set(key, upsertSession.get(span)!);
    // Read once per session and body, when a call of it is not yet joined: most sessions have none open.
    const open = new Map<string, { questions: OpenQuestion[]; complete: boolean }>();
    const openOf = (sessionId: string) => {
      let known = open.get(sessionId);
      if (known === undefined) {
        const questions = openQuestions.all({ sessionId, limit: OPEN_QUESTIONS });
        known = { questions, complete: questions.length < OPEN_QUESTIONS };
        open.set(sessionId, known);
      }
      return known;
    };
    const joins: ActivityJoin[] = [];
    for (const call of callsOfBody(events)) {
      const session = sessions.get(sessionKey(call))!;
      const { decision, result } = call;
      const first = call.inputs[0];
      const { unjoined } = upsertCall.get({
        session,
        callId: call.callId,
        tool: call.tool,
        summary: first ? summarizeRequest(call.tool, first, SUMMARY_CHARS).line.text : null,
        decided: decision ? 1 : 0,
        decisionSeq: decision?.sequence ?? null,
        decidedAt: decision?.at ?? null,
        allowed: decision ? (decision.allowed ? 1 : 0) : null,
        source: decision?.source ?? null,
        mode: decision?.permissionMode ?? null,
        ended: result ? 1 : 0,
        resultSeq: result?.sequence ?? null,
        endedAt: result?.at ?? null,
        durationMs: result?.durationMs ?? null,
        success: result ? (result.success ? 1 : 0) : null,
        error: result?.error ?? null,
      })!;
      if (first === undefined || unjoined === 0) continue;
      const { questions, complete } = openOf(call.sessionId);
      if (complete && !questions.some((question) => question.tool === call.tool)) continue;
      const requestId = questionFor(call, questions, complete);
      if (requestId === undefined) continue;
      setRequest.run({ session, callId: call.callId, requestId });
      joins.push({ requestId, callId: call.callId });
    }
    indexer.schedule();
    return joins;
  });
  // DEFERRED, as every transaction on the activity file's connection (activity-database.ts).
  const record = (events: readonly AgentToolEvent[]) => (events.length > 0 ? recordAll(events) : []);

  const queue = createActivityIngest(record);

  return {
    record,
    ingest: queue.add,
    sessionCalls: (sessionId, { limit, after = 0 }) => page.all({ sessionId, limit, after }).map(toCall),
    sessions: (limit) =>
      listSessions.all({ limit }).map((row) => ({
        sessionId: row.session_id,
        agent: row.agent,
        firstSeen: row.first_seen,
        lastSeen: row.last_seen,
        calls: row.calls,
      })),
    search(words, { limit }) {
      const query = toFtsQuery(words);
      if (query === undefined) return [];
      indexer.catchUp();
      return hits
        .all({ ids: JSON.stringify(terms.matches(query, limit)) })
        .map((row) => ({ ...toCall(row), sessionId: row.session_id, agent: row.agent }));
    },
    close() {
      queue.flush();
      indexer.stop();
      indexer.catchUp();
    },
  };
}

function toCall(row: Row): ActivityCallView {
  return {
    callId: row.call_id,
    tool: row.tool,
    summary: row.summary ?? undefined,
    sequence: row.seq ?? undefined,
    decidedAt: row.decided_at ?? undefined,
    allowed: row.allowed === null ? undefined : row.allowed === 1,
    source: row.source ?? undefined,
    permissionMode: row.mode ?? undefined,
    endedAt: row.ended_at ?? undefined,
    durationMs: row.duration_ms ?? undefined,
    success: row.success === null ? undefined : row.success === 1,
    error: row.error ?? undefined,
    requestId: row.request_id ?? undefined,
    retryOf: row.retry_of ?? undefined,
  };
}
