import { useT } from '../../i18n/i18n-context';
import { EntryList } from './entry-list';
import { useHistory } from './history-context';

/** The requests the filters select, across sessions, newest first, a page at a time. */
export function ResultsList({ onClear }: { onClear: () => void }) {
  const t = useT();
  const results = useHistory((s) => s.results);
  const loadMore = useHistory((s) => s.loadMoreResults);
  return (
    <section
      className="history__pane history__results"
      aria-label={t('history.results.title')}
      aria-busy={results.loading}
    >
      <h3 className="history__heading">{t('history.results.title')}</h3>
      {!results.loaded ? (
        <p className="history__note">{t('history.loading')}</p>
      ) : results.items.length === 0 ? (
        <div className="empty history__empty">
          <p className="empty__title">{t('history.results.empty.title')}</p>
          <p>{t('history.results.empty.body')}</p>
          <button type="button" className="button button--small" onClick={onClear}>
            {t('history.filter.clear')}
          </button>
        </div>
      ) : (
        <>
          <EntryList entries={results.items} agent="" across />
          {results.next && (
            <button
              type="button"
              className="button button--small history__more"
              disabled={results.loading}
              onClick={() => void loadMore()}
            >
              {results.loading ? t('history.loading') : t('history.results.loadMore')}
            </button>
          )}
        </>
      )}
    </section>
  );
}
