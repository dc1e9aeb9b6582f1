import type { CopilotWhy, PendingRequestView } from '../../../../common/queue-contract';
import { useT } from '../../i18n/i18n-context';
import { displayPath } from '../../ui/names';
import { VisibleText } from '../../ui/visible-text';
import { WhyRow } from './why-row';

function SavedApprovals({ saved, file }: { saved: CopilotWhy['saved']; file: string }) {
  const t = useT();
  const text =
    saved.state === 'unreadable'
      ? t('why.copilot.unreadable', { file, detail: saved.detail })
      : saved.state === 'matched'
        ? t('why.copilot.matched', { file, approvals: saved.approvals.join('; ') })
        : saved.approvals.length
          ? t('why.copilot.others', { file, approvals: saved.approvals.join('; ') })
          : t('why.copilot.none', { file });
  return (
    <span className="why__detail">
      <VisibleText text={text} />
    </span>
  );
}

/** Why Copilot asked, in its own terms: the permission kind, its approval setting and its saved approvals. */
export function CopilotWhyRows({ request, copilot }: { request: PendingRequestView; copilot: CopilotWhy }) {
  const t = useT();
  return (
    <>
      <WhyRow term={t('why.copilot.kind')}>
        <code>{t(`why.copilot.kind.${copilot.kind}`)}</code>
      </WhyRow>
      <WhyRow term={t('why.copilot.setting')}>{t('why.copilot.asks')}</WhyRow>
      <WhyRow term={t('why.copilot.rule')}>
        <SavedApprovals saved={copilot.saved} file={displayPath(copilot.permissionsFile, request.cwd)} />
      </WhyRow>
    </>
  );
}
