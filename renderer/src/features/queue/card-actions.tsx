import { useState } from 'react';
import type { PendingRequestView } from '../../../../common/queue-contract';
import { useT } from '../../i18n/i18n-context';
import { useQueue } from '../../store/store-context';
import { allowGate } from '../../store/allow-gate';
import { answersFor, isAllowKind } from '../../../../common/agent-answers';
import { AllowButton } from './allow-button';
import { isClassifierRefusal } from '../../../../common/classifier-refusal';
import { ariaKeys, KeyHint } from '../../ui/key-hint';

/**
 * Every answer, bound to this card's request id. In a narrow card the secondary answers fold behind
 * "More" so the row never crowds.
 */
export function CardActions({ request }: { request: PendingRequestView }) {
  const t = useT();
  const { id } = request;
  const busy = useQueue((s) => Boolean(s.inFlight[id]));
  const seen = useQueue((s) => Boolean(s.seenToEnd[id]));
  const requestAllow = useQueue((s) => s.requestAllow);
  const openPanel = useQueue((s) => s.openPanel);
  const decide = useQueue((s) => s.decide);
  const [more, setMore] = useState(false);
  const answers = answersFor(request);
  const gate = allowGate(request, seen);
  // A request that needs a second look never gets the brightest button (anchors §3 item 8).
  const allowStyle = gate === 'open' ? 'button button--allow' : 'button';
  const blocked = busy || gate === 'unread' || gate === 'checking';

  if (isClassifierRefusal(request)) {
    return (
      <div className="actions" role="group" aria-label={t('action.actions')}>
        <div className="actions__allow">
          <AllowButton
            className={allowStyle}
            disabled={blocked}
            aria-keyshortcuts={ariaKeys('allow')}
            onClick={() => requestAllow(id, { kind: 'once' })}
          >
            {t('action.allowRetry')}
            <KeyHint command="allow" />
          </AllowButton>
        </div>
        <div className="actions__deny">
          <button
            type="button"
            className="button button--deny"
            disabled={busy}
            aria-keyshortcuts={ariaKeys('deny')}
            onClick={() => void decide({ id, behavior: 'deny' })}
          >
            {t('action.leaveRefused')}
            <KeyHint command="deny" />
          </button>
        </div>
      </div>
    );
  }

  if (answers.options) {
    const allows = answers.options.filter((option) => isAllowKind(option.kind));
    const rejects = answers.options.filter((option) => !isAllowKind(option.kind));
    return (
      <div className="actions" role="group" aria-label={t('action.actions')}>
        <div className="actions__allow">
          {allows.map((option) => (
            <AllowButton
              key={option.optionId}
              className={option.kind === 'allow_once' ? allowStyle : 'button'}
              disabled={blocked}
              aria-keyshortcuts={option.kind === 'allow_once' ? ariaKeys('allow') : undefined}
              onClick={() =>
                requestAllow(id, { kind: 'option', optionId: option.optionId, name: option.name })
              }
            >
              {option.name}
              {option.kind === 'allow_once' && <KeyHint command="allow" />}
            </AllowButton>
          ))}
        </div>
        <div className="actions__deny">
          {rejects.map((option) => (
            <button
              key={option.optionId}
              type="button"
              className={option.kind === 'reject_once' ? 'button button--deny' : 'button'}
              disabled={busy}
              aria-keyshortcuts={option.kind === 'reject_once' ? ariaKeys('deny') : undefined}
              onClick={() => void decide({ id, behavior: 'deny', optionId: option.optionId })}
            >
              {option.name}
              {option.kind === 'reject_once' && <KeyHint command="deny" />}
            </button>
          ))}
        </div>
      </div>
    );
  }

  return (
    <div className={`actions${more ? ' actions--more' : ''}`} role="group" aria-label={t('action.actions')}>
      <div className="actions__allow">
        <AllowButton
          className={allowStyle}
          disabled={blocked}
          aria-keyshortcuts={ariaKeys('allow')}
          onClick={() => requestAllow(id, { kind: 'once' })}
        >
          {t('action.allowOnce')}
          <KeyHint command="allow" />
        </AllowButton>
        <AllowButton
          className="button actions__secondary"
          disabled={blocked}
          aria-keyshortcuts={ariaKeys('grant')}
          onClick={() => openPanel(id, { kind: 'grant' })}
        >
          {t('action.allowFor')}
          <KeyHint command="grant" />
        </AllowButton>
        {answers.always && (
          <AllowButton
            className="button actions__secondary"
            disabled={blocked}
            aria-keyshortcuts={ariaKeys('always')}
            onClick={() => openPanel(id, { kind: 'always' })}
          >
            {t('action.always')}
            <KeyHint command="always" />
          </AllowButton>
        )}
        {answers.edit && (
          <button
            type="button"
            className="button actions__secondary"
            disabled={busy}
            aria-keyshortcuts={ariaKeys('edit')}
            onClick={() => openPanel(id, { kind: 'edit' })}
          >
            {t('action.edit')}
            <KeyHint command="edit" />
          </button>
        )}
      </div>
      <div className="actions__deny">
        <button
          type="button"
          className="button button--deny"
          disabled={busy}
          aria-keyshortcuts={ariaKeys('deny')}
          onClick={() => void decide({ id, behavior: 'deny' })}
        >
          {t('action.deny')}
          <KeyHint command="deny" />
        </button>
        <button
          type="button"
          className="button actions__secondary"
          disabled={busy}
          aria-keyshortcuts={ariaKeys('denyWithMessage')}
          onClick={() => openPanel(id, { kind: 'deny' })}
        >
          {t('action.denyWithMessage')}
          <KeyHint command="denyWithMessage" />
        </button>
        {answers.interrupt && (
          <button
            type="button"
            className="button button--deny actions__secondary"
            disabled={busy}
            onClick={() => void decide({ id, behavior: 'deny', interrupt: true })}
          >
            {t('action.denyAndStop')}
          </button>
        )}
        <button
          type="button"
          className="button button--quiet actions__more"
          aria-expanded={more}
          onClick={() => setMore(!more)}
        >
          {t(more ? 'action.less' : 'action.more')}
        </button>
      </div>
    </div>
  );
}
