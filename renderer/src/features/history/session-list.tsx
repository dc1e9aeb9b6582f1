import { useMemo } from 'react';
import { agentLabel } from '../../../../common/agent-label';
import type { SessionSummaryView } from '../../../../common/history-contract';
import { shortSessionIds } from '../../../../common/session-label';
import { useNow } from '../../hooks/use-now';
import { useT } from '../../i18n/i18n-context';
import { sessionState } from './history-format';
import { folderName } from '../../ui/names';
import { useHistory } from './history-context';
import { useDateFormat } from '../../ui/use-date-format';
import { VisibleText } from '../../ui/visible-text';

const COUNTED = ['allow', 'deny', 'passthrough', 'interrupted', 'pending'] as const;
/** How often a running session is checked for idleness: the threshold is an hour, so a minute is close. */
const SESSION_CHECK_MS = 60_000;

/**
 * Sessions newest first, a page at a time, each opening its timeline. Beside the agents' own calls, an
 * empty list says so in a line, not as the page's big empty state: there is history, only no question.
 */
export function SessionList({ besideActivity = false }: { besideActivity?: boolean }) {
  const t = useT();
  const sessions = useHistory((s) => s.sessions);
  const loadMore = useHistory((s) => s.loadMoreSessions);
  const labels = useMemo(
    () => shortSessionIds(sessions.items.map((session) => session.id)),
    [sessions.items],
  );
  if (sessions.loaded && sessions.items.length === 0 && besideActivity) {
    return (
      <section className="history__pane history__sessions" aria-label={t('history.sessions.title')}>
        <p className="history__note">{t('history.sessions.noneBesideActivity')}</p>
      </section>
    );
  }
  if (sessions.loaded && sessions.items.length === 0) {
    return (
      <section className="history__pane history__sessions" aria-label={t('history.sessions.title')}>
        <div className="empty history__empty">
          <p className="empty__title">{t('history.sessions.empty.title')}</p>
          <p>{t('history.sessions.empty.body')}</p>
        </div>
      </section>
    );
  }
  return (
    <section className="history__pane history__sessions" aria-label={t('history.sessions.title')}>
      <h3 className="history__heading">{t('history.sessions.title')}</h3>
      {!sessions.loaded && <p className="history__note">{t('history.loading')}</p>}
      <ul className="sessions">
        {sessions.items.map((session) => (
          <SessionRow key={session.id} session={session} label={labels.get(session.id) ?? session.id} />
        ))}
      </ul>
      {sessions.next && (
        <button
          type="button"
          className="button button--small history__more"
          disabled={sessions.loading}
          onClick={() => void loadMore()}
        >
          {sessions.loading ? t('history.loading') : t('history.sessions.loadMore')}
        </button>
      )}
    </section>
  );
}

/** One session: its project, agent and state, its id as short as keeps it apart from the others listed. */
function SessionRow({ session, label }: { session: SessionSummaryView; label: string }) {
  const t = useT();
  const format = useDateFormat();
  const selected = useHistory((s) => s.timeline?.sessionId === session.id);
  const openSession = useHistory((s) => s.openSession);
  const state = sessionState(session, useNow(SESSION_CHECK_MS));
  const end = state.kind === 'ended' ? state.at : session.lastSeen;
  return (
    <li>
      <button
        type="button"
        className={`session-row${selected ? ' session-row--selected' : ''}`}
        aria-current={selected ? 'true' : undefined}
        title={t('history.session.open')}
        onClick={() => void openSession(session.id)}
      >
        <span className="session-row__title">
          <strong>{folderName(session.cwd)}</strong>
          <span className="session-row__agent">{agentLabel(session.agent.name)}</span>
          {state.kind === 'ended' ? (
            <span
              className="chip session-row__state"
              title={t(`history.session.endedTitle.${state.by}`, { time: format.dateTime(state.at) })}
            >
              {t(`history.session.ended.${state.by}`)}
            </span>
          ) : (
            <span
              className="chip session-row__state session-row__state--running"
              title={t('history.session.runningTitle')}
            >
              {t('history.session.running')}
            </span>
          )}
        </span>
        <span className="session-row__cwd" title={session.cwd}>
          <VisibleText text={session.cwd} />
        </span>
        <span className="session-row__time">
          {format.range(session.firstSeen, end)}
          {' · '}
          <span className="session-row__id" title={session.id}>
            {t('history.session.id', { id: label })}
          </span>
        </span>
        <span className="session-row__counts">
          {COUNTED.filter((outcome) => (session.counts[outcome] ?? 0) > 0).map((outcome) => (
            <span key={outcome} className={`count count--${outcome}`}>
              {t(`history.count.${outcome}`, { count: session.counts[outcome] ?? 0 })}
            </span>
          ))}
        </span>
      </button>
    </li>
  );
}
