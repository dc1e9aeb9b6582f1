import { useT } from '../i18n/i18n-context';
import { usePrefs } from '../store/store-context';

/** Unified or split: one choice for every diff, remembered. */
export function DiffLayoutSwitch() {
  const t = useT();
  const layout = usePrefs((s) => s.diffLayout);
  const set = usePrefs((s) => s.set);
  return (
    <span className="segmented" role="group" aria-label={t('edit.layout')}>
      {(['unified', 'split'] as const).map((choice) => (
        <button
          key={choice}
          type="button"
          className="segmented__option"
          aria-pressed={layout === choice}
          onClick={() => set({ diffLayout: choice })}
        >
          {t(choice === 'unified' ? 'edit.unified' : 'edit.split')}
        </button>
      ))}
    </span>
  );
}
