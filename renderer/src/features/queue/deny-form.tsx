import { useId, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { PendingRequestView } from '../../../../common/queue-contract';
import { useT } from '../../i18n/i18n-context';
import { useQueue } from '../../store/store-context';
import { answersFor } from '../../../../common/agent-answers';
import { PanelFrame } from './panel-frame';

/** Deny with guidance the agent reads: what to do instead. Ctrl/⌘+Return sends it. */
export function DenyForm({ request }: { request: PendingRequestView }) {
  const t = useT();
  const decide = useQueue((s) => s.decide);
  const [message, setMessage] = useState('');
  const id = useId();
  const hint = useId();
  const keys = /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘+Enter' : 'Ctrl+Enter';
  const send = (interrupt: boolean) =>
    void decide({
      id: request.id,
      behavior: 'deny',
      ...(message.trim() ? { message: message.trim() } : {}),
      ...(interrupt ? { interrupt: true } : {}),
    });
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      send(false);
    }
  };
  return (
    <PanelFrame request={request} title={t('deny.title')}>
      <label className="field" htmlFor={id}>
        <span className="field__label">{t('deny.message')}</span>
        <textarea
          id={id}
          className="input textarea"
          rows={3}
          maxLength={4000}
          value={message}
          placeholder={t('deny.placeholder')}
          autoFocus
          aria-describedby={hint}
          aria-keyshortcuts={keys === '⌘+Enter' ? 'Meta+Enter' : 'Control+Enter'}
          onChange={(event) => setMessage(event.target.value)}
          onKeyDown={onKeyDown}
        />
      </label>
      <p id={hint} className="field__hint">
        {t('deny.sendKeys', { keys })}
      </p>
      <div className="panel__actions">
        <button type="button" className="button button--deny-solid" onClick={() => send(false)}>
          {t('deny.send')}
        </button>
        {answersFor(request).interrupt && (
          <button type="button" className="button button--deny" onClick={() => send(true)}>
            {t('deny.sendAndStop')}
          </button>
        )}
      </div>
    </PanelFrame>
  );
}
