import { useId } from 'react';
import { useT } from '../../i18n/i18n-context';
import { useProposals } from '../../store/use-proposals';
import { useRefusalText } from '../../ui/refusal-text';

/** "Suggest rules from what I allow": on or off, with what it does in one sentence. */
export function ProposalsSection() {
  const t = useT();
  const refused = useRefusalText();
  const id = useId();
  const { state, error, run, api } = useProposals();
  if (!state) return null;
  return (
    <section className="settings__section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="settings__heading">
        {t('proposals.setting.title')}
      </h3>
      <p className="settings__note">{t('proposals.setting.sentence')}</p>
      <label className="settings__choice">
        <input
          type="checkbox"
          checked={state.enabled}
          onChange={(event) => {
            const enabled = event.target.checked;
            void run(() => api.invoke('proposals:configure', { enabled }));
          }}
        />
        {t('proposals.setting.on')}
      </label>
      {error && (
        <p className="settings__error" role="alert">
          {refused(error)}
        </p>
      )}
    </section>
  );
}
