import { useId, useState } from 'react';
import { grantDurations } from '../../../../common/console-contract';
import type { PendingRequestView } from '../../../../common/console-contract';
import { useT } from '../../i18n/i18n-context';
import { useQueue } from '../../store/store-context';
import { checkRule } from '../rules/rule-draft';
import { AllowButton } from './allow-button';
import { PanelFrame } from './panel-frame';
import { RuleCheckNote } from '../rules/rule-check-note';

/** "Allow for…": the rule the grant covers, editable, then how long it lasts. */
export function GrantEditor({ request }: { request: PendingRequestView }) {
  const t = useT();
  const requestAllow = useQueue((s) => s.requestAllow);
  const [rule, setRule] = useState(request.explanation?.suggestedRules[0] ?? request.tool);
  const check = checkRule(rule, request.tool);
  const inputId = useId();
  return (
    <PanelFrame request={request} title={t('grant.title')}>
      <label className="field" htmlFor={inputId}>
        <span className="field__label">{t('grant.rule')}</span>
        <input
          id={inputId}
          className="input input--mono"
          value={rule}
          spellCheck={false}
          autoFocus
          aria-invalid={!check.ok}
          onChange={(event) => setRule(event.target.value)}
        />
      </label>
      <RuleCheckNote check={check} tool={request.tool} />
      <div className="panel__actions">
        {grantDurations.map((duration) => (
          <AllowButton
            key={duration}
            className="button button--allow"
            disabled={!check.ok}
            onClick={() => requestAllow(request.id, { kind: 'grant', duration, rule })}
          >
            {duration === 'session'
              ? t('grant.forSession')
              : t('grant.for', { duration: t(`grant.${duration}`) })}
          </AllowButton>
        ))}
      </div>
    </PanelFrame>
  );
}
