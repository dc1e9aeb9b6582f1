import type { PendingRequestView } from '../../../../common/queue-contract';
import { useT } from '../../i18n/i18n-context';
import type { AllowChoice } from '../../store/queue-store';
import { useQueue } from '../../store/store-context';
import { VisibleText } from '../../ui/visible-text';
import { AllowButton } from './allow-button';
import { PanelFrame } from './panel-frame';

/** A long script can hold many; the confirm step names the first few and says how many more there are. */
const MAX_PARTS = 4;

/**
 * The second look a dangerous or protected-path request needs: what is dangerous in words — for Bash, each
 * part that needs it and why, else the request's risk — then an explicit click.
 */
export function ConfirmStep({ request, choice }: { request: PendingRequestView; choice: AllowChoice }) {
  const t = useT();
  const confirmAllow = useQueue((s) => s.confirmAllow);
  const explanation = request.explanation;
  const label =
    choice.kind === 'once'
      ? t('confirm.allowAnyway')
      : choice.kind === 'option'
        ? choice.name
        : choice.kind === 'suggestion'
          ? choice.label
          : t('confirm.grantAnyway', { duration: t(`grant.${choice.duration}`) });
  const dangers = explanation?.dangers ?? [];
  return (
    <PanelFrame request={request} title={t('confirm.title')} tone="danger">
      {dangers.length > 0 && (
        <ul className="confirm__parts" aria-label={t('confirm.parts')}>
          {dangers.slice(0, MAX_PARTS).map((danger) => (
            <li key={`${danger.reason}\0${danger.text}`} data-reason={danger.reason}>
              <code className="confirm__part">
                <VisibleText text={danger.text} />
              </code>{' '}
              <span className="confirm__why">{t(`danger.${danger.reason}`)}</span>
            </li>
          ))}
          {dangers.length > MAX_PARTS && (
            <li>{t('confirm.moreParts', { count: dangers.length - MAX_PARTS })}</li>
          )}
        </ul>
      )}
      <ul className="confirm__risks">
        {explanation && dangers.length === 0 && <li>{t(`risk.explain.${explanation.risk}`)}</li>}
        {explanation?.protectedPath && <li>{t('risk.protected', { path: explanation.protectedPath })}</li>}
        {choice.kind === 'grant' && (
          <li>
            <code>{choice.rule}</code>
          </li>
        )}
        <li>{t('confirm.body')}</li>
      </ul>
      <div className="panel__actions">
        <AllowButton className="button button--danger" onClick={() => confirmAllow(request.id)}>
          {label}
        </AllowButton>
      </div>
    </PanelFrame>
  );
}
