import { useT } from '../../i18n/i18n-context';

/** A padlock drawn in SVG (no emoji font needed) for policy and flag rules, which nobody here may change. */
export function LockIcon() {
  const t = useT();
  return (
    <svg
      className="rule-lock"
      viewBox="0 0 16 16"
      width="12"
      height="12"
      role="img"
      aria-label={t('rules.locked')}
    >
      <title>{t('rules.locked')}</title>
      <path
        d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2h.5a1 1 0 0 1 1 1v6a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h.5Zm1.5 0h4V5a2 2 0 0 0-4 0v2Z"
        fill="currentColor"
      />
    </svg>
  );
}
