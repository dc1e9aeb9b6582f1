/** The history database's file name in the console's home. */
export const HISTORY_FILE = 'history.sqlite3';

export { createSqliteHistory } from './sqlite-history';
export { NewerSchemaError } from './migrate';
export { RecordRefusedError } from './types';
export type { DecisionToRecord, History } from './types';
