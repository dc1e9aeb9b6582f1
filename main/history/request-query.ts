import type { Database, Statement } from 'better-sqlite3';
import { AGENT_JOIN, TIMELINE_COLUMNS, toHistoryEntryView } from './rows';
import type { TimelineRow } from './rows';
import { toFtsQuery } from './search-query';
import type {
  HistoryEntryView,
  HistoryFilter,
  RequestCursorView,
  RequestPageView,
} from '../../common/history-contract';

type Params = Record<string, string | number>;

/** The bounds that select a folder and everything below it, as a range an index can walk. */
function projectRange(project: string): Params {
  // Windows paths arrive with backslashes; a path holding no forward slash is taken to be one of them.
  const separator = !project.includes('/') && project.includes('\\') ? '\\' : '/';
  const base = project.replace(/[\\/]+$/, '');
  // The character after the separator in code-point order closes the range of "base + separator + anything".
  const after = String.fromCharCode(separator.charCodeAt(0) + 1);
  return { project: base, projectLow: base + separator, projectHigh: base + after };
}

/**
 * The WHERE clause and parameters for a filter, or undefined when the filter can match nothing. Only the
 * clause's shape depends on which fields are set, so the statements cached by shape stay few.
 */
function whereClause(
  filter: HistoryFilter,
  before: RequestCursorView | undefined,
): { sql: string; params: Params } | undefined {
  const terms: string[] = [];
  const params: Params = {};
  if (filter.sessionId !== undefined) {
    terms.push('r.session_id = @sessionId');
    params.sessionId = filter.sessionId;
  }
  if (filter.tool !== undefined) {
    terms.push('r.tool = @tool');
    params.tool = filter.tool;
  }
  if (filter.outcome === 'pending') terms.push('d.request_id IS NULL');
  else if (filter.outcome !== undefined) {
    terms.push('d.behavior = @outcome');
    params.outcome = filter.outcome;
  }
  if (filter.decidedBy !== undefined) {
    terms.push('d.decided_by = @decidedBy');
    params.decidedBy = filter.decidedBy;
  }
  if (filter.project !== undefined) {
    terms.push('(r.cwd = @project OR (r.cwd >= @projectLow AND r.cwd < @projectHigh))');
    Object.assign(params, projectRange(filter.project));
  }
  if (filter.from !== undefined) {
    terms.push('r.received_at >= @from');
    params.from = filter.from;
  }
  if (filter.to !== undefined) {
    terms.push('r.received_at <= @to');
    params.to = filter.to;
  }
  if (filter.text !== undefined && filter.text.trim() !== '') {
    const query = toFtsQuery(filter.text);
    if (query === undefined) return undefined;
    terms.push('r.rowid IN (SELECT rowid FROM request_text WHERE request_text MATCH @query)');
    params.query = query;
  }
  if (before) {
    terms.push('(r.received_at, r.rowid) < (@beforeAt, @beforeRowid)');
    params.beforeAt = before.receivedAt;
    params.beforeRowid = before.rowid;
  }
  return { sql: terms.length > 0 ? `WHERE ${terms.join(' AND ')}` : '', params };
}

export type RequestQuery = (
  filter: HistoryFilter,
  page: { readonly limit: number; readonly before?: RequestCursorView },
) => RequestPageView;

/** One entry with the cursor that starts the page after it. */
export interface CursoredEntry {
  readonly entry: HistoryEntryView;
  readonly cursor: RequestCursorView;
}

/**
 * The rows behind `RequestQuery`, each with its own cursor, so a reader that stops partway through a page
 * (the export, at its byte budget) can say exactly where the next one starts.
 */
export type RequestRows = (
  filter: HistoryFilter,
  page: { readonly limit: number; readonly before?: RequestCursorView },
) => { readonly rows: readonly CursoredEntry[]; readonly more: boolean };

export function createRequestRows(db: Database): RequestRows {
  const statements = new Map<string, Statement<[Params], TimelineRow & { row: number }>>();
  const statement = (where: string) => {
    let cached = statements.get(where);
    if (!cached) {
      // (received_at, rowid) is unique and never changes, so a page boundary never moves under a reader.
      // The page is chosen by key alone and its columns read after: sorting thousands of text hits with
      // their input JSON attached costs several times more than sorting their keys.
      cached = db.prepare<[Params], TimelineRow & { row: number }>(`
        WITH page AS (
          SELECT r.rowid AS row
          FROM requests r LEFT JOIN decisions d ON d.request_id = r.id
          ${where}
          ORDER BY r.received_at DESC, r.rowid DESC
          LIMIT @limit
        )
        SELECT ${TIMELINE_COLUMNS}, r.rowid AS row
        FROM page JOIN requests r ON r.rowid = page.row LEFT JOIN decisions d ON d.request_id = r.id
        ${AGENT_JOIN}
        ORDER BY r.received_at DESC, r.rowid DESC`);
      statements.set(where, cached);
    }
    return cached;
  };

  return (filter, { limit, before }) => {
    if (!Number.isInteger(limit) || limit < 1) {
      throw new RangeError(`A page holds at least one request; got a limit of ${limit}.`);
    }
    const where = whereClause(filter, before);
    if (!where) return { rows: [], more: false };
    // One row beyond the page says whether another page follows, without a count.
    const found = statement(where.sql).all({ ...where.params, limit: limit + 1 });
    const rows = found.slice(0, limit).map((row) => ({
      entry: toHistoryEntryView(row),
      cursor: { receivedAt: row.received_at, rowid: row.row },
    }));
    return { rows, more: found.length > limit };
  };
}

export function createRequestQuery(rows: RequestRows): RequestQuery {
  return (filter, page) => {
    const found = rows(filter, page);
    const entries = found.rows.map((row) => row.entry);
    const last = found.rows.at(-1);
    return found.more && last ? { entries, next: last.cursor } : { entries };
  };
}
