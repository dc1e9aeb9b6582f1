import { useT } from '../../i18n/i18n-context';

export function HistoryView() {
  const t = useT();
  return (
    <main className="view">
      <h2 className="view__title">{t('history.title')}</h2>
    </main>
  );
}
