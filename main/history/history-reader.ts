import type { Database } from 'better-sqlite3';
import { AGENT_JOIN, TIMELINE_COLUMNS, toDecision, toHistoryEntryView } from './rows';
import type { DecisionRow, TimelineRow } from './rows';
import { toFtsQuery } from './search-query';
import { INTERRUPTED_CHANNEL } from '../../common/history-contract';
import type { SessionCursorView, SessionEndView, SessionSummaryView } from '../../common/history-contract';
import type { History } from './types';

type HistoryReader = Pick<
  History,
  'find' | 'listSessions' | 'sessionTimeline' | 'search' | 'countDecisions' | 'recentRequests'
>;

interface SessionRow {
  readonly id: string;
  readonly cwd: string;
  readonly first_seen: number;
  readonly last_seen: number;
  readonly ended_at: number | null;
  readonly ended_by: SessionEndView | null;
  readonly agent_name: string;
  readonly agent_version: string;
  readonly allow: number;
  readonly deny: number;
  readonly passthrough: number;
  readonly pending: number;
  readonly interrupted: number;
}

/**
 * What the agent did with a decision: the answer sent, unless it took the terminal's instead (a console Allow
 * after the person's No in the terminal counts as a deny).
 */
const EFFECT = `CASE
  WHEN d.not_taken = 'terminal-no' THEN 'deny'
  WHEN d.not_taken = 'terminal-yes' THEN 'allow'
  WHEN d.decided_by = 'agent' AND d.channel = '${INTERRUPTED_CHANNEL}' THEN 'interrupted'
  ELSE d.behavior END`;

/** One page of sessions first, then the counts for that page only, so a page costs the same at any depth. */
function sessionsQuery(where: string): string {
  return `
    WITH page AS (
      SELECT * FROM sessions ${where} ORDER BY first_seen DESC, id DESC LIMIT @limit
    )
    SELECT page.id, page.cwd, page.first_seen, page.last_seen, page.ended_at, page.ended_by,
           agents.name AS agent_name, agents.version AS agent_version,
           count(d.request_id) FILTER (WHERE ${EFFECT} = 'allow') AS allow,
           count(d.request_id) FILTER (WHERE ${EFFECT} = 'deny') AS deny,
           count(d.request_id) FILTER (WHERE ${EFFECT} = 'passthrough') AS passthrough,
           count(d.request_id) FILTER (WHERE ${EFFECT} = 'interrupted') AS interrupted,
           count(r.id) FILTER (WHERE d.request_id IS NULL) AS pending
    FROM page
    JOIN agents ON agents.id = page.agent_id
    LEFT JOIN requests r ON r.session_id = page.id
    LEFT JOIN decisions d ON d.request_id = r.id
    GROUP BY page.id
    ORDER BY page.first_seen DESC, page.id DESC`;
}

function toSummary(row: SessionRow): SessionSummaryView {
  return {
    id: row.id,
    agent: { name: row.agent_name, ...(row.agent_version ? { version: row.agent_version } : {}) },
    cwd: row.cwd,
    firstSeen: row.first_seen,
    lastSeen: row.last_seen,
    ...(row.ended_at !== null ? { endedAt: row.ended_at, endedBy: row.ended_by ?? 'agent' } : {}),
    counts: {
      allow: row.allow,
      deny: row.deny,
      passthrough: row.passthrough,
      pending: row.pending,
      ...(row.interrupted ? { interrupted: row.interrupted } : {}),
    },
  };
}

export function createHistoryReader(db: Database): HistoryReader {
  const findDecision = db.prepare<
    [string],
    DecisionRow & { behavior: string; decided_by: string; fingerprint: string }
  >(`
    SELECT r.id, r.fingerprint, d.behavior, d.decided_by, d.message, d.interrupt, d.updated_input, d.updated_permissions,
           d.option_id
    FROM decisions d JOIN requests r ON r.id = d.request_id
    WHERE d.request_id = ?`);
  const firstSessions = db.prepare<{ limit: number }, SessionRow>(sessionsQuery(''));
  const laterSessions = db.prepare<{ limit: number } & SessionCursorView, SessionRow>(
    sessionsQuery('WHERE (first_seen, id) < (@firstSeen, @id)'),
  );
  const timeline = db.prepare<[string], TimelineRow>(`
    SELECT ${TIMELINE_COLUMNS}
    FROM requests r LEFT JOIN decisions d ON d.request_id = r.id ${AGENT_JOIN}
    WHERE r.session_id = ?
    ORDER BY r.received_at, r.rowid`);
  // rowid order is arrival order, and FTS5 walks it backwards without sorting, so LIMIT stops early.
  const search = db.prepare<{ query: string; limit: number }, TimelineRow>(`
    WITH hits AS (
      SELECT rowid AS hit FROM request_text WHERE request_text MATCH @query ORDER BY rowid DESC LIMIT @limit
    )
    SELECT ${TIMELINE_COLUMNS}
    FROM hits JOIN requests r ON r.rowid = hits.hit LEFT JOIN decisions d ON d.request_id = r.id ${AGENT_JOIN}
    ORDER BY hits.hit DESC`);
  const countDecisions = db.prepare<[], number>('SELECT count(*) FROM decisions').pluck();
  const recent = db.prepare<[number], { tool: string; input: string; cwd: string }>(
    'SELECT tool, input, cwd FROM requests ORDER BY rowid DESC LIMIT ?',
  );

  return {
    find(id) {
      const row = findDecision.get(id);
      return row && { fingerprint: row.fingerprint, decision: toDecision(row) };
    },
    listSessions({ limit, before }) {
      const rows = before
        ? laterSessions.all({ limit, firstSeen: before.firstSeen, id: before.id })
        : firstSessions.all({ limit });
      return rows.map(toSummary);
    },
    sessionTimeline: (sessionId) => timeline.all(sessionId).map(toHistoryEntryView),
    search(text, { limit }) {
      const query = toFtsQuery(text);
      return query === undefined ? [] : search.all({ query, limit }).map(toHistoryEntryView);
    },
    countDecisions: () => countDecisions.get() ?? 0,
    recentRequests: (limit) =>
      recent.all(limit).map((row) => ({
        tool: row.tool,
        cwd: row.cwd,
        input: JSON.parse(row.input) as Record<string, unknown>,
      })),
  };
}
