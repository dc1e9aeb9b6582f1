/**
 * What the console reads of the agents' own record, and how it asks for a purge. The record is written
 * where the agents' telemetry is decoded (main/telemetry/agent-activity.ts), on a thread of its own in the
 * app and `gatehouse serve`, so every read is a promise.
 */
import type { AgentToolEvent } from '../../common/agent-tool-events';
import type {
  ActivityCallView,
  ActivityExportPageView,
  ActivityHitView,
  ActivitySessionView,
  ExportFormatView,
} from '../../common/history-contract';
import { openActivityDatabase } from './activity-database';
import { activityExportPage } from './activity-export';
import { createActivityStore } from './activity-store';
import type { ActivityJoin } from './activity-store';
import { createActivityPurge } from './retention';

export interface ActivityAccess {
  /** Sessions with activity, the most recently active first. */
  sessions(limit: number): Promise<ActivitySessionView[]>;
  /** A session's calls in the order the agent made them, `limit` at a time after the `after`-th. */
  sessionCalls(
    sessionId: string,
    page: { readonly limit: number; readonly after?: number },
  ): Promise<ActivityCallView[]>;
  /** Calls of any session whose summary holds every word of `text`, the most recently recorded first. */
  search(text: string, options: { readonly limit: number }): Promise<ActivityHitView[]>;
  /** One page of a session's calls exported (activity-export.ts). */
  exportPage(
    sessionId: string,
    format: ExportFormatView,
    page: { readonly after?: number; readonly maxBytes: number },
  ): Promise<ActivityExportPageView>;
  /** Starts deleting the calls of every session last active before `cutoff`, in bounded batches. */
  purgeOlderThan(cutoff: number): void;
  /** Resolves once no purge is under way. */
  purged(): Promise<void>;
}

/** The record on the thread that writes it: the reads, and the writing of decoded events. */
export interface ActivityRecord extends ActivityAccess {
  /** Keeps one body's events (activity-store.ts), resolving with the calls joined to questions. */
  ingest(events: readonly AgentToolEvent[]): Promise<readonly ActivityJoin[]>;
  /** Writes what is still queued and indexes it, then closes the file. */
  close(): void;
}

/** Where the record is kept: the activity file, and the history file its calls are joined to. */
export interface ActivityFiles {
  readonly activity: string;
  readonly history: string;
}

export function openActivityRecord(files: ActivityFiles): ActivityRecord {
  const db = openActivityDatabase(files.activity, files.history);
  const store = createActivityStore(db);
  const purge = createActivityPurge(db);
  return {
    ingest: store.ingest,
    sessions: async (limit) => store.sessions(limit),
    sessionCalls: async (sessionId, page) => store.sessionCalls(sessionId, page),
    search: async (text, options) => store.search(text, options),
    exportPage: async (sessionId, format, page) => activityExportPage(store, sessionId, format, page),
    purgeOlderThan: (cutoff) => purge.start(cutoff),
    purged: () => purge.idle(),
    close() {
      purge.stop();
      store.close();
      db.close();
    },
  };
}
