import { useT } from '../../i18n/i18n-context';

/** How many cards need a second look, as a button that goes to the first of them. */
export function SecondLookCount({
  ids,
  onReveal,
}: {
  ids: readonly string[];
  onReveal: (id: string) => void;
}) {
  const t = useT();
  const first = ids[0];
  if (first === undefined) return null;
  return (
    <div className="triage">
      <button type="button" className="triage__second-look" onClick={() => onReveal(first)}>
        {t('triage.secondLook', { count: ids.length })}
      </button>
    </div>
  );
}

/** New cards that arrived above or below what the person is reading: one click scrolls to the nearest. */
export function ArrivalCue({
  side,
  ids,
  onReveal,
}: {
  side: 'above' | 'below';
  ids: readonly string[];
  onReveal: (id: string) => void;
}) {
  const t = useT();
  // Above, the nearest is the last one in the list; below, the first.
  const nearest = side === 'above' ? ids.at(-1) : ids[0];
  if (nearest === undefined) return null;
  return (
    <button type="button" className={`arrivals arrivals--${side}`} onClick={() => onReveal(nearest)}>
      {t(side === 'above' ? 'triage.newAbove' : 'triage.newBelow', { count: ids.length })}
      <span aria-hidden="true">{side === 'above' ? ' ↑' : ' ↓'}</span>
    </button>
  );
}
