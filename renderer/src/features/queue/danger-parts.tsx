import type { Explanation, PendingRequestView } from '../../../../common/queue-contract';
import { useT } from '../../i18n/i18n-context';
import { VisibleText } from '../../ui/visible-text';

/** A long script can hold many; the list names the first few and says how many more there are. */
const MAX_PARTS = 4;

/** Each part of a command that needs a second look, and why, in words. */
export function DangerParts({ dangers }: { dangers: NonNullable<Explanation['dangers']> }) {
  const t = useT();
  return (
    <ul className="danger-parts" aria-label={t('confirm.parts')}>
      {dangers.slice(0, MAX_PARTS).map((danger) => (
        <li key={`${danger.reason}\0${danger.text}`} data-reason={danger.reason}>
          <code className="danger-parts__text">
            <VisibleText text={danger.text} />
          </code>{' '}
          <span className="danger-parts__why">{t(`danger.${danger.reason}`)}</span>
        </li>
      ))}
      {dangers.length > MAX_PARTS && <li>{t('confirm.moreParts', { count: dangers.length - MAX_PARTS })}</li>}
    </ul>
  );
}

/**
 * A command with dangerous parts names them at the top of its card, before any key is pressed: the part
 * that downloads and runs code is not left to be found among the harmless ones, or in the confirm step.
 */
export function DangerLead({ request }: { request: PendingRequestView }) {
  const t = useT();
  const dangers = request.explanation?.dangers ?? [];
  if (dangers.length === 0) return null;
  return (
    <div className="card__lead card__lead--deny danger-lead" role="note">
      <p className="danger-lead__title">{t('confirm.parts')}</p>
      <DangerParts dangers={dangers} />
    </div>
  );
}
