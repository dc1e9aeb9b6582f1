import { useEffect, useMemo, useState } from 'react';
import { useT } from '../../i18n/i18n-context';
import { createHistoryStore, isFiltering } from '../../store/history-store';
import { useConsoleApi } from '../../store/store-context';
import { useRefusalText } from '../../ui/refusal-text';
import { ActivityPanel } from './activity-panel';
import { ExportButtons } from './export-buttons';
import { draftIsBlank, EMPTY_DRAFT, readDraft } from './filter-draft';
import type { FilterDraft } from './filter-draft';
import { HistoryStoreProvider, useHistory, useHistoryStore } from './history-context';
import { HistoryFilters } from './history-filters';
import { ResultsList } from './results-list';
import { RetentionPanel } from './retention-panel';
import { SessionList } from './session-list';
import { SessionTimeline } from './session-timeline';
import './history.css';

/** Typing settles for this long before a search runs. */
export const FILTER_DEBOUNCE_MS = 300;

/** The session history browser: its own store over the console's transport, alive while the view is. */
export function HistoryView() {
  const api = useConsoleApi();
  const store = useMemo(() => createHistoryStore(api), [api]);
  useEffect(() => {
    void store.getState().load();
    return api.on('history:changed', (change) => change.requests && store.getState().markStale());
  }, [api, store]);
  return (
    <HistoryStoreProvider value={store}>
      <HistoryPage />
    </HistoryStoreProvider>
  );
}

function HistoryPage() {
  const t = useT();
  const store = useHistoryStore();
  const filtering = useHistory((s) => isFiltering(s.filter));
  const detail = useHistory((s) => s.timeline !== undefined);
  const nothingYet = useHistory((s) => s.sessions.loaded && s.sessions.items.length === 0);
  const sessions = useHistory((s) => s.sessions.items);
  const [draft, setDraft] = useState<FilterDraft>(EMPTY_DRAFT);
  const [retentionOpen, setRetentionOpen] = useState(false);
  const [activityOpen, setActivityOpen] = useState(false);
  const reading = useMemo(() => readDraft(draft), [draft]);
  const projects = useMemo(() => [...new Set(sessions.map((s) => s.cwd))].sort(), [sessions]);

  useEffect(() => {
    if (!('filter' in reading)) return;
    const { filter } = reading;
    if (JSON.stringify(filter) === JSON.stringify(store.getState().filter)) return;
    const timer = setTimeout(() => void store.getState().setFilter(filter), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [reading, store]);

  return (
    <main className="view history" aria-labelledby="history-title">
      <header className="history__head">
        <h2 id="history-title" className="view__title">
          {t('history.title')}
        </h2>
        <span className="history__spacer" />
        <ExportButtons />
        <button
          type="button"
          className="button button--small"
          aria-expanded={activityOpen}
          onClick={() => setActivityOpen(!activityOpen)}
        >
          {t('history.activity.toggle')}
        </button>
        <button
          type="button"
          className="button button--small"
          aria-expanded={retentionOpen}
          onClick={() => setRetentionOpen(!retentionOpen)}
        >
          {t('history.retention.toggle')}
        </button>
      </header>
      <HistoryFilters
        draft={draft}
        onChange={setDraft}
        projects={projects}
        rangeError={'error' in reading}
        onClear={draftIsBlank(draft) ? undefined : () => setDraft(EMPTY_DRAFT)}
      />
      {retentionOpen && <RetentionPanel />}
      {activityOpen && <ActivityPanel />}
      <Notices />
      {filtering ? (
        <ResultsList onClear={() => setDraft(EMPTY_DRAFT)} />
      ) : nothingYet ? (
        <SessionList besideActivity={activityOpen} />
      ) : (
        <div className={`history__panes${detail ? ' history__panes--detail' : ''}`}>
          <SessionList />
          <SessionTimeline />
        </div>
      )}
    </main>
  );
}

/** "History changed, refresh", and the last thing that failed. */
function Notices() {
  const t = useT();
  const refused = useRefusalText();
  const stale = useHistory((s) => s.stale);
  const error = useHistory((s) => s.error);
  const refresh = useHistory((s) => s.refresh);
  const dismissError = useHistory((s) => s.dismissError);
  return (
    <>
      {stale && (
        <div className="history__notice" role="status">
          <span>{t('history.stale')}</span>
          <button type="button" className="button button--small" onClick={() => void refresh()}>
            {t('history.refresh')}
          </button>
        </div>
      )}
      {error && (
        <div className="history__notice history__notice--error" role="alert">
          <span>{t('app.error', { message: refused(error) })}</span>
          <button type="button" className="button button--small button--quiet" onClick={dismissError}>
            {t('app.dismiss')}
          </button>
        </div>
      )}
    </>
  );
}
