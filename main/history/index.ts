export { createSqliteHistory } from './sqlite-history';
export { NewerSchemaError } from './migrate';
export { RecordRefusedError } from './types';
export type {
  ExportFormat,
  ExportPage,
  History,
  HistoryEntry,
  OutcomeCounts,
  RecordedDecision,
  RecordedRequest,
  RequestCursor,
  RequestFilter,
  RequestOutcome,
  RequestPage,
  PurgeResult,
  SessionCursor,
  SessionSummary,
  TimelineEntry,
} from './types';
