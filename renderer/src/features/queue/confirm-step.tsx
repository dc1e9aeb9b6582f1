import type { PendingRequestView } from '../../../../common/queue-contract';
import { useT } from '../../i18n/i18n-context';
import type { AllowChoice } from '../../store/queue-store';
import { useQueue } from '../../store/store-context';
import { VisibleText } from '../../ui/visible-text';
import { AllowButton } from './allow-button';
import { DangerParts } from './danger-parts';
import { PanelFrame } from './panel-frame';

/**
 * The second look a dangerous or protected-path request needs: what is dangerous in words — each part that
 * needs it and why (a command's subcommand, a file tool's path, a URL), else the request's risk — then an
 * explicit click.
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
      {dangers.length > 0 && <DangerParts dangers={dangers} />}
      <ul className="confirm__risks">
        {explanation && dangers.length === 0 && <li>{t(`risk.explain.${explanation.risk}`)}</li>}
        {explanation?.protectedPath && (
          <li>
            <VisibleText text={t('risk.protected', { path: explanation.protectedPath })} />
          </li>
        )}
        {choice.kind === 'grant' && (
          <li>
            <code>
              <VisibleText text={choice.rule} />
            </code>
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
