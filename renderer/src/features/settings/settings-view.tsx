import { ClassifierSection } from './classifier-section';
import { ExportSection } from './export-section';
import { PhoneSection } from './phone-section';
import { ProposalsSection } from './proposals-section';
import { useT } from '../../i18n/i18n-context';
import './settings.css';

/** The console's own settings: the phone channel, Gatehouse's classifier with its review, rules suggested from history, and the export of decisions to a collector. */
export function SettingsView() {
  const t = useT();
  return (
    <main className="settings">
      <h2 className="settings__title">{t('settings.title')}</h2>
      <PhoneSection />
      <ClassifierSection />
      <ProposalsSection />
      <ExportSection />
    </main>
  );
}
