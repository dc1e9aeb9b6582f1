import { ClassifierSection } from './classifier-section';
import { PhoneSection } from './phone-section';
import { ProposalsSection } from './proposals-section';
import { useT } from '../../i18n/i18n-context';
import './settings.css';

/** The console's own settings: the phone channel, Gatehouse's classifier with its review, and rules suggested from history. */
export function SettingsView() {
  const t = useT();
  return (
    <main className="settings">
      <h2 className="settings__title">{t('settings.title')}</h2>
      <PhoneSection />
      <ClassifierSection />
      <ProposalsSection />
    </main>
  );
}
