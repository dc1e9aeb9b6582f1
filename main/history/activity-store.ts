/**
 * The agents' own record of their tool calls (main/telemetry/agent-events.ts), one row per call in the
 * `activity` table (migrations/012-activity.ts): the decision and the result of a call meet on the session
 * and the agent's call id, in whichever order they come, and a call Gatehouse asked about is joined to its
 * request, on the session and the tool input (the agents' permission hooks send no call id). One body's
 * events are written in one transaction, so a body is kept whole or not at all.
 */
import type { Database } from 'better-sqlite3';
import type { ActivityCallView, ActivityHitView, ActivitySessionView } from '../../common/history-contract';
import { summarizeRequest } from '../../common/request-summary';
import { callShape } from '../../common/agent-tool-events';
import type { AgentToolEvent, TelemetryAgent } from '../../common/agent-tool-events';
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
  /** A session's calls in the order the agent made them, `limit` at a time after the `after`-th. */
  sessionCalls(sessionId: string, page: { readonly limit: number; readonly after?: number }): ActivityRow[];
  /** Sessions with activity, the most recently active first. */
  sessions(limit: number): ActivitySession[];
  /**
   * Calls of any session whose summary (command, path, pattern, URL) holds every word of `text`, each
   * word also as a prefix, the most recently recorded first.
   */
  search(text: string, options: { readonly limit: number }): ActivityHitView[];
}

const CALL_COLUMNS = `call_id, tool, summary, seq, decided_at, allowed, source, mode, ended_at, duration_ms, success,
  error, request_id`;

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
}

export function createActivityStore(db: Database): ActivityStore {
  const sessionKey = db
    .prepare<{ sessionId: string; agent: string; at: number }, number>(
      `INSERT INTO activity_sessions (session_id, agent, first_seen, last_seen) VALUES (@sessionId, @agent, @at, @at)
       ON CONFLICT (session_id) DO UPDATE SET first_seen = min(first_seen, excluded.first_seen),
         last_seen = max(last_seen, excluded.last_seen) RETURNING id`,
    )
    .pluck();
  const insertCall = db.prepare(
    `INSERT INTO activity (session, call_id, tool, summary, seq) VALUES (@session, @callId, @tool, @summary, @seq)
     ON CONFLICT (session, call_id) DO UPDATE SET summary = coalesce(summary, excluded.summary),
       seq = coalesce(seq, excluded.seq)`,
  );
  const setDecision = db.prepare(
    // The decision's sequence orders the call, wherever its result's came first.
    `UPDATE activity SET decided_at = @at, allowed = @allowed, source = @source, mode = @mode, seq = coalesce(@seq, seq)
     WHERE session = @session AND call_id = @callId`,
  );
  const setResult = db.prepare(
    `UPDATE activity SET ended_at = @at, duration_ms = @durationMs, success = @success, error = @error
     WHERE session = @session AND call_id = @callId`,
  );
  const unjoined = db
    .prepare<{ session: number; callId: string }, number>(
      'SELECT 1 FROM activity WHERE session = @session AND call_id = @callId AND request_id IS NULL',
    )
    .pluck();
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
  // Row id order is the order calls were first recorded, and FTS5 walks it backwards without sorting.
  const hits = db.prepare<
    { query: string; limit: number },
    Row & { session_id: string; agent: TelemetryAgent }
  >(
    `WITH hits AS (
       SELECT rowid AS hit FROM activity_text WHERE activity_text MATCH @query ORDER BY rowid DESC LIMIT @limit
     )
     SELECT ${CALL_COLUMNS}, s.session_id, s.agent
     FROM hits JOIN activity ON activity.id = hits.hit JOIN activity_sessions s ON s.id = activity.session
     ORDER BY hits.hit DESC`,
  );
  const listSessions = db.prepare<
    { limit: number },
    { session_id: string; agent: TelemetryAgent; first_seen: number; last_seen: number; calls: number }
  >(
    `SELECT session_id, agent, first_seen, last_seen,
            (SELECT count(*) FROM activity WHERE activity.session = activity_sessions.id) AS calls
     FROM activity_sessions ORDER BY last_seen DESC LIMIT @limit`,
  );

  const recordOne = (event: AgentToolEvent): ActivityJoin | undefined => {
    const session = sessionKey.get({ sessionId: event.sessionId, agent: event.agent, at: event.at })!;
    const { tool, input } = callShape(event);
    const key = { session, callId: event.callId };
    insertCall.run({
      ...key,
      tool,
      summary: input ? summarizeRequest(tool, input, SUMMARY_CHARS).line.text : null,
      seq: event.sequence ?? null,
    });
    if (event.kind === 'decision') {
      setDecision.run({
        ...key,
        at: event.at,
        allowed: event.allowed ? 1 : 0,
        source: event.source,
        mode: event.permissionMode ?? null,
        seq: event.sequence ?? null,
      });
    } else {
      setResult.run({
        ...key,
        at: event.at,
        durationMs: event.durationMs ?? null,
        success: event.success ? 1 : 0,
        error: event.error ?? null,
      });
    }
    if (input === undefined || unjoined.get(key) === undefined) return undefined;
    const requestId = askedAbout.get({
      sessionId: event.sessionId,
      tool,
      fingerprint: requestFingerprint({ sessionId: event.sessionId, tool, input }),
      command: typeof input.command === 'string' ? input.command : null,
    });
    if (requestId === undefined) return undefined;
    setRequest.run({ ...key, requestId });
    return { requestId, callId: event.callId };
  };
  const recordAll = db.transaction((events: readonly AgentToolEvent[]) =>
    events.flatMap((event) => recordOne(event) ?? []),
  );

  return {
    record: (events) => (events.length > 0 ? recordAll.immediate(events) : []),
    sessionCalls: (sessionId, { limit, after = 0 }) => page.all({ sessionId, limit, after }).map(toCall),
    sessions: (limit) =>
      listSessions.all({ limit }).map((row) => ({
        sessionId: row.session_id,
        agent: row.agent,
        firstSeen: row.first_seen,
        lastSeen: row.last_seen,
        calls: row.calls,
      })),
    search(text, { limit }) {
      const query = toFtsQuery(text);
      if (query === undefined) return [];
      return hits
        .all({ query, limit })
        .map((row) => ({ ...toCall(row), sessionId: row.session_id, agent: row.agent }));
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
  };
}
