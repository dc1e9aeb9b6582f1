import { useT } from '../../i18n/i18n-context';
import type { MessageKey } from '../../i18n/en';
import type { Resolution } from '../../store/queue-store';

const KNOWN_REASONS = new Set<string>(['answered in the terminal', 'session moved on']);

/** Who decided a card and how, and why when the winner said (a retired card). */
export function ResolutionNote({ resolution }: { resolution: Resolution }) {
  const t = useT();
  const text = resolution.mine
    ? t(`resolution.mine.${resolution.behavior}`)
    : t(`resolution.other.${resolution.behavior}`, { winner: t(`winner.${resolution.by}`) });
  const reason =
    resolution.message === undefined
      ? undefined
      : KNOWN_REASONS.has(resolution.message)
        ? t(`retired.${resolution.message}` as MessageKey)
        : resolution.message;
  return (
    <p className={`resolution resolution--${resolution.behavior}`} role="status">
      {reason && !resolution.mine ? t('resolution.because', { text, reason }) : text}
    </p>
  );
}
