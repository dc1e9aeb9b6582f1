import { useState } from 'react';
import { grantDurations } from '../../../../common/queue-contract';
import type { PendingRequestView } from '../../../../common/queue-contract';
import { useT } from '../../i18n/i18n-context';
import { useQueue } from '../../store/store-context';
import { checkRule } from '../../ui/rule-check';
import { AllowButton } from './allow-button';
import { PanelFrame } from './panel-frame';
import { RuleField } from '../../ui/rule-field';
import { firstRule } from './always-allow';
import { RuleStandingNote, useRuleStanding } from './rule-standing-note';

/**
 * "Allow for…": the rule the grant covers, editable, then how long it lasts. A grant is offered only for a
 * rule the engine says would answer this request; otherwise the card says why and what would.
 */
export function GrantEditor({ request }: { request: PendingRequestView }) {
  const t = useT();
  const requestAllow = useQueue((s) => s.requestAllow);
  const [rule, setRule] = useState(firstRule(request));
  const check = checkRule(rule, request.tool);
  const standing = useRuleStanding(request, rule, 'session', check.ok);
  return (
    <PanelFrame request={request} title={t('grant.title')}>
      <RuleField
        label={t('grant.rule')}
        rule={rule}
        tool={request.tool}
        check={check}
        onChange={setRule}
        standing={
          <RuleStandingNote
            request={request}
            tool={request.tool}
            standing={standing}
            onUse={setRule}
            warningKinds={['broad-allow']}
          />
        }
      />
      <div className="panel__actions">
        {grantDurations.map((duration) => (
          <AllowButton
            key={duration}
            className="button button--allow"
            disabled={!check.ok || !standing?.wins}
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
