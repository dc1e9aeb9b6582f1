/**
 * A session's tool calls, as the agent's own telemetry reported them, exported the way requests are
 * (request-export.ts): JSONL is one `ActivityCallView` per line exactly as `history:activity` returns it;
 * CSV is one flat row per call under a header, times in ISO 8601, through the same formula-guarded cells.
 */
import type {
  ActivityCallView,
  ActivityExportPageView,
  ExportFormatView,
} from '../../common/history-contract';
import type { ActivityStore } from './activity-store';
import { csvRecord } from './csv';
import type { CsvCell } from './csv';
import { isoTime } from './request-export';

/** Calls read per query, as for requests. */
const EXPORT_PAGE = 500;

const CSV_HEADER = [
  'call_id',
  'tool',
  'summary',
  'sequence',
  'decided_at',
  'allowed',
  'source',
  'permission_mode',
  'ended_at',
  'duration_ms',
  'success',
  'error',
  'request_id',
  'retry_of',
] as const;

const yesNo = (value: boolean | undefined) => (value === undefined ? undefined : value ? 'yes' : 'no');

function csvCells(call: ActivityCallView): CsvCell[] {
  return [
    call.callId,
    call.tool,
    call.summary,
    call.sequence,
    isoTime(call.decidedAt),
    yesNo(call.allowed),
    call.source,
    call.permissionMode,
    isoTime(call.endedAt),
    call.durationMs,
    yesNo(call.success),
    call.error,
    call.requestId,
    call.retryOf,
  ];
}

const lineOf: Record<ExportFormatView, (call: ActivityCallView) => string> = {
  jsonl: (call) => `${JSON.stringify(call)}\n`,
  csv: (call) => csvRecord(csvCells(call)),
};

/**
 * One page: up to 500 calls from the `after`-th (the header first, on the first page), fewer when the next
 * call would take the text past `maxBytes` of UTF-8, never none. Concatenated in order, the pages are the
 * whole export.
 */
export function activityExportPage(
  store: ActivityStore,
  sessionId: string,
  format: ExportFormatView,
  page: { readonly after?: number; readonly maxBytes: number },
): ActivityExportPageView {
  const line = lineOf[format];
  const start = page.after ?? 0;
  const parts: string[] = format === 'csv' && start === 0 ? [csvRecord(CSV_HEADER)] : [];
  let bytes = parts.length > 0 ? Buffer.byteLength(parts[0]!) : 0;
  // One call beyond the page says whether another follows.
  const calls = store.sessionCalls(sessionId, { limit: EXPORT_PAGE + 1, after: start });
  let taken = 0;
  for (const call of calls.slice(0, EXPORT_PAGE)) {
    const text = line(call);
    const size = Buffer.byteLength(text);
    if (taken > 0 && bytes + size > page.maxBytes) break;
    parts.push(text);
    bytes += size;
    taken += 1;
  }
  const more = taken < Math.min(calls.length, EXPORT_PAGE) || calls.length > EXPORT_PAGE;
  return more ? { text: parts.join(''), next: start + taken } : { text: parts.join('') };
}
