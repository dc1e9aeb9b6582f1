export { createSqliteHistory } from './sqlite-history';
export { NewerSchemaError } from './migrate';
export { RecordRefusedError } from './types';
export type {
  History,
  HistoryEntry,
  OutcomeCounts,
  RecordedDecision,
  RecordedRequest,
  SessionCursor,
  SessionSummary,
  TimelineEntry,
} from './types';
