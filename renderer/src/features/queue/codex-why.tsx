import type { CodexWhy, PendingRequestView } from '../../../../common/queue-contract';
import { useT } from '../../i18n/i18n-context';
import { displayPath, shortTurnId } from '../../ui/names';
import { VisibleText } from '../../ui/visible-text';
import { WhyRow } from './why-row';

function ExecPolicy({ policy, cwd }: { policy: CodexWhy['execPolicy']; cwd: string }) {
  const t = useT();
  if (policy.state === 'unchecked')
    return (
      <span className="why__detail">
        {t(`why.codex.unchecked.${policy.reason}`, { detail: policy.detail ?? '' })}
      </span>
    );
  if (policy.state === 'none')
    return (
      <span className="why__detail">
        {policy.files.length ? t('why.codex.noRule', { count: policy.files.length }) : t('why.codex.noFiles')}
      </span>
    );
  return (
    <ul className="why__rules">
      {policy.rules.map((rule, i) => (
        <li key={i}>
          <span className="rule-ref">
            <span className={`rule-ref__decision rule-ref__decision--${rule.decision}`}>
              {t(`why.codex.decision.${rule.decision}`)}
            </span>{' '}
            <code className="rule-ref__text">
              <VisibleText text={rule.prefix.join(' ')} />
            </code>
            <span className="rule-ref__where">
              <span className="rule-ref__file" title={rule.file}>
                <VisibleText text={displayPath(rule.file, cwd)} />
              </span>
            </span>
            {rule.justification && (
              <span className="why__detail">
                <VisibleText text={rule.justification} />
              </span>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Why Codex asked, in its own terms: the turn's approval policy and sandbox, and its exec-policy rules. */
export function CodexWhyRows({ request, codex }: { request: PendingRequestView; codex: CodexWhy }) {
  const t = useT();
  return (
    <>
      <WhyRow term={t('why.codex.policy')}>
        {codex.approvalPolicy ? <code>{codex.approvalPolicy}</code> : t('why.codex.unread')}
      </WhyRow>
      <WhyRow term={t('why.codex.sandbox')}>
        {codex.sandbox ? <code>{codex.sandbox}</code> : t('why.codex.unread')}
      </WhyRow>
      <WhyRow term={t('why.codex.rule')}>
        <ExecPolicy policy={codex.execPolicy} cwd={request.cwd} />
      </WhyRow>
      {request.turnId && (
        <WhyRow term={t('why.codex.turn')}>
          <code title={request.turnId}>{shortTurnId(request.turnId)}</code>
        </WhyRow>
      )}
    </>
  );
}
