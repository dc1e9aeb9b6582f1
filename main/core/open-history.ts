/**
 * Step one of the console: the history it keeps (or a test's own decision store), its retention schedule,
 * the throttled `history:changed` signal and the history browser's handlers.
 */
import type { ConsoleWarning } from '../../common/console-contract';
import { join } from 'node:path';
import { createSqliteHistory, HISTORY_FILE } from '../history';
import { startRetention } from '../history/retention-schedule';
import { saveRetentionDays } from '../history/retention-setting';
import type { DecisionStore, RecentRequests } from '../history/decision-store';
import type { ActivityStore } from '../history/activity-store';
import { createHistoryChanges } from '../console/history-changes';
import type { HistoryChanges } from '../console/history-changes';
import { createHistoryHandlers, unavailableHistoryHandlers } from '../console/history-handlers';
import type { HistoryHandlers } from '../console/history-handlers';
import type { ProposalHistory } from '../history/proposal-history';

export interface OpenedHistory {
  readonly store: DecisionStore & RecentRequests;
  readonly changes: HistoryChanges;
  readonly handlers: HistoryHandlers;
  /** What rule proposals learn from; absent with a test's own decision store. */
  readonly proposals?: ProposalHistory;
  /** Where the agents' own tool calls are kept; absent with a test's decision store. */
  readonly activity: ActivityStore | undefined;
  /** The history database's file; absent with a test's own decision store. */
  readonly file?: string;
  /** Last, once nothing can record any more. */
  close(): void;
}

export function openHistory(options: {
  readonly home: string;
  /** A test's decision store: then no history file is opened and the browser reports it unavailable. */
  readonly store?: (DecisionStore & RecentRequests) | undefined;
  readonly retentionDays: number | undefined;
  readonly onWarning: (warning: ConsoleWarning) => void;
}): OpenedHistory {
  const changes = createHistoryChanges(Date.now);
  if (options.store) {
    return {
      store: options.store,
      changes,
      handlers: unavailableHistoryHandlers(),
      activity: undefined,
      close: () => changes.close(),
    };
  }
  const file = join(options.home, HISTORY_FILE);
  const history = createSqliteHistory(file);
  const run = history.startConsoleRun(Date.now);
  const retention = startRetention({
    history,
    days: options.retentionDays,
    now: Date.now,
    onPurged: () => changes.notify(),
    onError: options.onWarning,
  });
  const handlers = createHistoryHandlers({
    history,
    retention,
    saveRetention: (days) => saveRetentionDays(options.home, days),
    now: Date.now,
    purged: () => changes.notify(),
  });
  return {
    store: history,
    changes,
    handlers,
    proposals: history.proposals,
    activity: history.activity,
    file,
    close() {
      retention.close();
      changes.close();
      run.stop();
      history.close();
    },
  };
}
