import { csvRecord } from './csv';
import type { CsvCell } from './csv';
import type { RequestQuery } from './request-query';
import type { ExportFormat, RequestCursor, RequestFilter, TimelineEntry } from './types';

/** Rows read per query: large enough that paging costs little, small enough that memory stays flat. */
const EXPORT_PAGE = 500;

const CSV_HEADER = [
  'id',
  'session_id',
  'received_at',
  'tool',
  'cwd',
  'mode',
  'input',
  'outcome',
  'decided_by',
  'channel',
  'latency_ms',
  'decided_at',
  'rule_written',
  'message',
] as const;

/** ISO 8601 in UTC, which spreadsheets and people read without knowing the epoch. */
const isoTime = (epochMs: number | undefined) =>
  epochMs === undefined ? undefined : new Date(epochMs).toISOString();

function csvCells(entry: TimelineEntry): CsvCell[] {
  const { request, decision } = entry;
  return [
    request.id,
    request.sessionId,
    isoTime(request.receivedAt),
    request.tool,
    request.cwd,
    request.mode,
    JSON.stringify(request.input),
    decision?.decision.behavior ?? 'pending',
    decision?.decision.by,
    decision?.channel,
    decision?.latencyMs,
    isoTime(decision?.decidedAt),
    decision?.ruleWritten,
    decision?.decision.message,
  ];
}

/**
 * JSONL is one `TimelineEntry` per line, exactly as `queryRequests` returns it (JSON escapes newlines, so
 * a line is a record). CSV is one flat row per request under a header, times in ISO 8601, the tool input
 * as JSON in one cell, and `pending` as the outcome of an undecided request.
 */
export function exportRequests(
  query: RequestQuery,
  filter: RequestFilter,
  format: ExportFormat,
  write: (chunk: string) => void,
): void {
  const line =
    format === 'jsonl'
      ? (entry: TimelineEntry) => `${JSON.stringify(entry)}\n`
      : (entry: TimelineEntry) => csvRecord(csvCells(entry));
  if (format === 'csv') write(csvRecord(CSV_HEADER));
  let before: RequestCursor | undefined;
  do {
    const page = query(filter, { limit: EXPORT_PAGE, ...(before ? { before } : {}) });
    if (page.entries.length > 0) write(page.entries.map(line).join(''));
    before = page.next;
  } while (before);
}
