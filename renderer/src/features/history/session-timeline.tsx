import { useT } from '../../i18n/i18n-context';
import { folderName } from '../queue/session-groups';
import { EntryList } from './entry-list';
import { useHistory } from './history-context';

/** The open session's requests in the order they came. */
export function SessionTimeline() {
  const t = useT();
  const timeline = useHistory((s) => s.timeline);
  const session = useHistory((s) => s.sessions.items.find((item) => item.id === s.timeline?.sessionId));
  const openSession = useHistory((s) => s.openSession);
  if (!timeline) {
    return (
      <section className="history__pane history__timeline" aria-label={t('history.timeline.title')}>
        <p className="history__note history__pick">{t('history.timeline.pick')}</p>
      </section>
    );
  }
  const agent = session?.agent.name ?? '';
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
            ? t('history.session.label', { agent, folder: folderName(session.cwd) })
            : t('history.timeline.title')}
        </h3>
        {!timeline.loading && (
          <span className="history__count">
            {t('history.timeline.count', { count: timeline.entries.length })}
          </span>
        )}
      </div>
      {timeline.loading && timeline.entries.length === 0 ? (
        <p className="history__note">{t('history.loading')}</p>
      ) : timeline.entries.length === 0 ? (
        <p className="history__note">{t('history.timeline.empty')}</p>
      ) : (
        <EntryList entries={timeline.entries} agent={agent} />
      )}
    </section>
  );
}
