import { csvRecord } from './csv';
import type { CsvCell } from './csv';
import type { RequestRows } from './request-query';
import type {
  ExportFormatView,
  ExportPageView,
  HistoryEntryView,
  HistoryFilter,
  RequestCursorView,
} from '../../common/history-contract';

/** Rows read per query: large enough that paging costs little, small enough that memory stays flat. */
const EXPORT_PAGE = 500;
/** What `exportRequests` hands its writer at a time. */
const WRITE_CHUNK_BYTES = 1024 * 1024;

const CSV_HEADER = [
  'id',
  'session_id',
  'agent',
  'agent_version',
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
  'not_taken',
  'not_taken_message',
  'option_kind',
  'option_name',
  'ended',
] as const;

/** ISO 8601 in UTC, which spreadsheets and people read without knowing the epoch. */
export const isoTime = (epochMs: number | undefined) =>
  epochMs === undefined ? undefined : new Date(epochMs).toISOString();

function csvCells(entry: HistoryEntryView): CsvCell[] {
  const { request, agent, decision } = entry;
  return [
    request.id,
    request.sessionId,
    agent.name,
    agent.version,
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
    decision?.notTaken?.because,
    decision?.notTaken?.message,
    decision?.option?.kind,
    decision?.option?.name,
    decision?.ended,
  ];
}

const lineOf: Record<ExportFormatView, (entry: HistoryEntryView) => string> = {
  jsonl: (entry) => `${JSON.stringify(entry)}\n`,
  csv: (entry) => csvRecord(csvCells(entry)),
};

/**
 * JSONL is one `HistoryEntryView` per line, exactly as `queryRequests` returns it (JSON escapes newlines, so
 * a line is a record). CSV is one flat row per request under a header, times in ISO 8601, the tool input
 * as JSON in one cell, and `pending` as the outcome of an undecided request.
 *
 * One page is up to 500 records after `before` (the header first, on the page without one), fewer when
 * the next record would take the text past `maxBytes` of UTF-8, and never none, so a huge record still
 * moves the export on. Concatenated in order, the pages are the whole export.
 */
export function exportPage(
  rows: RequestRows,
  filter: HistoryFilter,
  format: ExportFormatView,
  page: { readonly before?: RequestCursorView; readonly maxBytes: number },
): ExportPageView {
  const line = lineOf[format];
  const parts: string[] = format === 'csv' && !page.before ? [csvRecord(CSV_HEADER)] : [];
  let bytes = parts.length > 0 ? Buffer.byteLength(parts[0]!) : 0;
  let before = page.before;
  const batch = rows(filter, { limit: EXPORT_PAGE, ...(before ? { before } : {}) });
  for (const [index, { entry, cursor }] of batch.rows.entries()) {
    const text = line(entry);
    const size = Buffer.byteLength(text);
    if (index > 0 && bytes + size > page.maxBytes) return { text: parts.join(''), next: before! };
    parts.push(text);
    bytes += size;
    before = cursor;
  }
  return batch.more && before ? { text: parts.join(''), next: before } : { text: parts.join('') };
}

/** The whole export, a page at a time, so no export holds all rows. */
export function exportRequests(
  rows: RequestRows,
  filter: HistoryFilter,
  format: ExportFormatView,
  write: (chunk: string) => void,
): void {
  let before: RequestCursorView | undefined;
  do {
    const page = exportPage(rows, filter, format, {
      maxBytes: WRITE_CHUNK_BYTES,
      ...(before ? { before } : {}),
    });
    if (page.text !== '') write(page.text);
    before = page.next;
  } while (before);
}
