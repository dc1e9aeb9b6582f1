import { useEffect, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import type { ActivityCallView } from '../../../../common/history-contract';
import { agentLabel } from '../../../../common/agent-label';
import { useT } from '../../i18n/i18n-context';
import { createActivityStore } from '../../store/activity-store';
import { useConsoleApi } from '../../store/store-context';
import { ExportFormats } from './export-buttons';
import { useHistoryStore } from './history-context';
import { allowedWithNoPerson, refusedByClassifier, settlementOf } from './activity-settlement';

type ActivityFilter = 'all' | 'classifier' | 'no-person';
const FILTERS: Record<ActivityFilter, (call: ActivityCallView) => boolean> = {
  all: () => true,
  classifier: refusedByClassifier,
  'no-person': allowedWithNoPerson,
};

/**
 * Every tool call the agents reported in their own telemetry, per session, in the order they made them,
 * with who settled each, how long it ran and how it ended. Read again whenever history changes, so a call
 * shows as soon as the agent's export reaches the console.
 */
export function ActivityPanel() {
  const t = useT();
  const api = useConsoleApi();
  const store = useMemo(() => createActivityStore(api), [api]);
  useEffect(() => {
    void store.getState().read();
    return api.on('history:changed', () => void store.getState().read());
  }, [api, store]);
  const { sessions, open, calls, query, hits, loaded, openSession, search, exporting, exportCalls } =
    useStore(store);
  const [filter, setFilter] = useState<ActivityFilter>('all');
  const history = useHistoryStore();
  // The refusal is a request of the same session: its timeline opens with the refusal's card, in view.
  const showRefusal = async (sessionId: string | undefined, refusalId: string | undefined) => {
    if (sessionId === undefined || refusalId === undefined) return;
    await history.getState().reveal(sessionId, refusalId);
    // After the timeline with the card has rendered.
    requestAnimationFrame(() =>
      document
        .querySelector(`[data-request-id="${CSS.escape(refusalId)}"]`)
        ?.scrollIntoView({ block: 'nearest' }),
    );
  };

  const agentOf = (sessionId: string | undefined) =>
    sessions.find((session) => session.sessionId === sessionId)?.agent ?? 'claude';
  const shown: readonly (ActivityCallView & { sessionId?: string })[] = hits ?? calls;
  const visible = shown.filter(FILTERS[filter]);
  return (
    <section className="history__activity" aria-labelledby="activity-title">
      <div className="history__activity-head">
        <h3 id="activity-title" className="history__heading">
          {t('history.activity.title')}
        </h3>
        <label className="field history__activity-field">
          <span className="field__label">{t('history.activity.session')}</span>
          <select
            className="select history__select"
            value={open ?? ''}
            onChange={(event) => void openSession(event.target.value)}
          >
            {sessions.map((session) => (
              <option key={session.sessionId} value={session.sessionId}>
                {t('history.activity.sessionLabel', {
                  agent: agentLabel(session.agent === 'claude' ? 'claude-code' : 'codex'),
                  id: session.sessionId.slice(0, 8),
                  count: session.calls,
                })}
              </option>
            ))}
          </select>
        </label>
        <label className="field history__activity-field">
          <span className="field__label">{t('history.activity.filter')}</span>
          <select
            className="select history__select"
            value={filter}
            onChange={(event) => setFilter(event.target.value as ActivityFilter)}
          >
            <option value="all">{t('history.activity.filter.all')}</option>
            <option value="classifier">{t('history.activity.filter.classifier')}</option>
            <option value="no-person">{t('history.activity.filter.noPerson')}</option>
          </select>
        </label>
        <label className="field history__activity-field">
          <span className="field__label">{t('history.activity.search')}</span>
          <input
            type="search"
            className="input history__activity-search"
            value={query}
            placeholder={t('history.activity.searchHint')}
            onChange={(event) => void search(event.target.value)}
          />
        </label>
        {open !== undefined && (
          <ExportFormats
            exporting={exporting}
            collect={exportCalls}
            label="history.activity.exportLabel"
            hint="history.activity.exportHint"
          />
        )}
      </div>
      {!loaded ? (
        <p className="history__note">{t('history.loading')}</p>
      ) : sessions.length === 0 ? (
        <p className="history__note">{t('history.activity.empty')}</p>
      ) : visible.length === 0 ? (
        <p className="history__note">
          {t(hits === undefined ? 'history.activity.none' : 'history.activity.noneFound')}
        </p>
      ) : (
        <ol className="history__activity-list">
          {visible.map((call) => {
            const settled = settlementOf(call, agentOf(call.sessionId ?? open));
            return (
              <li key={`${call.sessionId ?? ''} ${call.callId}`} className="history__activity-call">
                {call.sessionId !== undefined && (
                  <span className="history__activity-session">
                    {t('history.activity.hitSession', {
                      agent: agentLabel(agentOf(call.sessionId) === 'claude' ? 'claude-code' : 'codex'),
                      id: call.sessionId.slice(0, 8),
                    })}
                  </span>
                )}
                <code className="history__activity-what">
                  {call.tool}
                  {call.summary !== undefined ? `: ${call.summary}` : ''}
                </code>
                <span
                  className={`history__activity-how${call.allowed === false ? ' history__activity-how--refused' : ''}`}
                >
                  {t(settled.key, settled.params)}
                  {settled.key === 'history.activity.retried' && call.retryOf !== undefined && (
                    <button
                      type="button"
                      className="button button--small button--quiet history__activity-refusal"
                      onClick={() => void showRefusal(call.sessionId ?? open, call.retryOf)}
                    >
                      {t('history.activity.openRefusal')}
                    </button>
                  )}
                </span>
                <span className="history__activity-end">
                  {call.success === undefined
                    ? t('history.activity.didNotRun')
                    : t(call.success ? 'history.activity.succeeded' : 'history.activity.failed', {
                        ms: call.durationMs ?? 0,
                        error: call.error ?? '',
                      })}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
