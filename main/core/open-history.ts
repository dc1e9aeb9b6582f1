/**
 * Step one of the console: the history it keeps (or a test's own decision store), the agents' own record of
 * their calls beside it, its retention schedule, the throttled `history:changed` signal and the history
 * browser's handlers.
 */
import type { ConsoleWarning } from '../../common/console-contract';
import { join } from 'node:path';
import { createSqliteHistory, HISTORY_FILE } from '../history';
import type { History } from '../history';
import { ACTIVITY_FILE } from '../history/activity-database';
import { startRetention } from '../history/retention-schedule';
import { saveRetentionDays } from '../history/retention-setting';
import type { DecisionStore, RecentRequests } from '../history/decision-store';
import { createHistoryChanges } from '../console/history-changes';
import type { HistoryChanges } from '../console/history-changes';
import { createHistoryHandlers, unavailableHistoryHandlers } from '../console/history-handlers';
import type { HistoryHandlers } from '../console/history-handlers';
import type { ProposalHistory } from '../history/proposal-history';
import { openAgentActivity } from '../telemetry/agent-activity';
import type { AgentActivity } from '../telemetry/agent-activity';
import { startActivityThread } from '../telemetry/activity-thread';

export interface OpenedHistory {
  readonly store: DecisionStore & RecentRequests;
  readonly changes: HistoryChanges;
  readonly handlers: HistoryHandlers;
  /** What rule proposals learn from; absent with a test's own decision store. */
  readonly proposals?: ProposalHistory;
  /** Where the agents' own tool calls are kept; absent with a test's decision store. */
  readonly activity: AgentActivity | undefined;
  /** The history database's file; absent with a test's own decision store. */
  readonly file?: string;
  /** Last, once nothing can record any more. */
  close(): Promise<void>;
}

export async function openHistory(options: {
  readonly home: string;
  /** A test's decision store: then no history file is opened and the browser reports it unavailable. */
  readonly store?: (DecisionStore & RecentRequests) | undefined;
  readonly retentionDays: number | undefined;
  readonly onWarning: (warning: ConsoleWarning) => void;
  /**
   * The bundled activity worker (main/telemetry/activity-worker.ts), where the agents' telemetry is decoded
   * and kept off the console's thread; omitted (a console inside a test process), that is done inline.
   */
  readonly activityWorker?: URL | undefined;
}): Promise<OpenedHistory> {
  const changes = createHistoryChanges(Date.now);
  if (options.store) {
    return {
      store: options.store,
      changes,
      handlers: unavailableHistoryHandlers(),
      activity: undefined,
      close: async () => changes.close(),
    };
  }
  const file = join(options.home, HISTORY_FILE);
  const opened = createSqliteHistory(file);
  let activity: AgentActivity;
  try {
    const files = { activity: join(options.home, ACTIVITY_FILE), history: file };
    activity = options.activityWorker
      ? await startActivityThread(options.activityWorker, files)
      : openAgentActivity(files);
  } catch (error) {
    opened.close();
    throw error;
  }
  // A purge takes the agents' calls too, from their own file, in batches there.
  const history: History = {
    ...opened,
    purgeOlderThan(cutoff) {
      const purged = opened.purgeOlderThan(cutoff);
      activity.purgeOlderThan(cutoff);
      return purged;
    },
  };
  const run = history.startConsoleRun(Date.now);
  const retention = startRetention({
    history,
    days: options.retentionDays,
    now: Date.now,
    onPurged: () => changes.notify('requests', 'activity'),
    onError: options.onWarning,
  });
  const handlers = createHistoryHandlers({
    history,
    activity,
    retention,
    saveRetention: (days) => saveRetentionDays(options.home, days),
    now: Date.now,
    purged: () => changes.notify('requests', 'activity'),
  });
  return {
    store: history,
    changes,
    handlers,
    proposals: history.proposals,
    activity,
    file,
    async close() {
      retention.close();
      changes.close();
      run.stop();
      await activity.close();
      history.close();
    },
  };
}
