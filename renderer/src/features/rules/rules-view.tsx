import { useT } from '../../i18n/i18n-context';

export function RulesView() {
  const t = useT();
  return (
    <main className="view">
      <h2 className="view__title">{t('rules.title')}</h2>
    </main>
  );
}
