import { useMemo } from 'react';
import { agentLabel } from '../../../../common/agent-label';
import { shortSessionIds } from '../../../../common/session-label';
import { useT } from '../../i18n/i18n-context';
import { folderName } from '../../ui/names';
import { EntryList } from './entry-list';
import { useHistory } from './history-context';

/** The open session's requests in the order they came. */
export function SessionTimeline() {
  const t = useT();
  const timeline = useHistory((s) => s.timeline);
  const session = useHistory((s) => s.sessions.items.find((item) => item.id === s.timeline?.sessionId));
  const openSession = useHistory((s) => s.openSession);
  const loadEarlier = useHistory((s) => s.loadEarlier);
  const sessions = useHistory((s) => s.sessions.items);
  // Shortened against the sessions listed beside it, so the heading names it as the list does.
  const labels = useMemo(() => shortSessionIds(sessions.map((item) => item.id)), [sessions]);
  if (!timeline) {
    return (
      <section className="history__pane history__timeline" aria-label={t('history.timeline.title')}>
        <p className="history__note history__pick">{t('history.timeline.pick')}</p>
      </section>
    );
  }
  const agent = session?.agent.name ?? '';
  const { page } = timeline;
  const total = session ? Object.values(session.counts).reduce((sum, count) => sum + count, 0) : undefined;
  // Pages arrive newest first; a timeline reads oldest first, so earlier pages load in above.
  const entries = page.items.toReversed();
  return (
    <section className="history__pane history__timeline" aria-label={t('history.timeline.title')}>
      <div className="history__timeline-head">
        <button
          type="button"
          className="button button--small history__back"
          onClick={() => void openSession(undefined)}
        >
          ← {t('history.timeline.back')}
        </button>
        <h3 className="history__heading">
          {session
            ? t('history.session.label', {
                agent: agentLabel(agent),
                folder: folderName(session.cwd),
                id: labels.get(session.id) ?? session.id,
              })
            : t('history.timeline.title')}
        </h3>
        {total !== undefined && (
          <span className="history__count">{t('history.timeline.count', { count: total })}</span>
        )}
      </div>
      {!page.loaded ? (
        <p className="history__note">{t('history.loading')}</p>
      ) : entries.length === 0 ? (
        <p className="history__note">{t('history.timeline.empty')}</p>
      ) : (
        <>
          {page.next && (
            <button
              type="button"
              className="button button--small history__more"
              disabled={page.loading}
              onClick={() => void loadEarlier()}
            >
              {page.loading ? t('history.loading') : t('history.timeline.loadEarlier')}
            </button>
          )}
          <EntryList entries={entries} agent={agent} />
        </>
      )}
    </section>
  );
}
