import { useId, useState } from 'react';
import type { PendingRequestView } from '../../../../common/queue-contract';
import { useT } from '../../i18n/i18n-context';
import { useQueue } from '../../store/store-context';
import { AllowButton } from './allow-button';
import { initialDraft, readDraft } from './input-draft';
import { PanelFrame } from './panel-frame';
import { familyOf } from '../../../../engine';

/** Edit the input, then allow it as edited (`updatedInput`): the command for Bash, JSON otherwise. */
export function InputEditor({ request }: { request: PendingRequestView }) {
  const t = useT();
  const decide = useQueue((s) => s.decide);
  const asCommand = familyOf(request.tool) === 'bash' && typeof request.input.command === 'string';
  const [text, setText] = useState(() => initialDraft(request.input, asCommand));
  const draft = readDraft(text, request.input, asCommand);
  const id = useId();
  const problem = !draft.ok
    ? draft.problem === 'invalidJson'
      ? t('editInput.invalidJson', { error: draft.detail })
      : t('editInput.notObject')
    : !draft.changed
      ? t('editInput.unchanged')
      : undefined;
  return (
    <PanelFrame request={request} title={t('editInput.title')}>
      <label className="field" htmlFor={id}>
        <span className="field__label">{t(asCommand ? 'editInput.command' : 'editInput.json')}</span>
        <textarea
          id={id}
          className="input textarea input--mono"
          rows={Math.min(14, Math.max(3, text.split('\n').length + 1))}
          value={text}
          spellCheck={false}
          autoFocus
          aria-invalid={!draft.ok}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      {problem && (
        <p
          className={`rule-check${draft.ok ? '' : ' rule-check--error'}`}
          role={draft.ok ? undefined : 'alert'}
        >
          {problem}
        </p>
      )}
      <div className="panel__actions">
        <AllowButton
          className="button button--allow"
          disabled={!draft.ok || !draft.changed}
          onClick={() =>
            draft.ok && void decide({ id: request.id, behavior: 'allow', updatedInput: draft.input })
          }
        >
          {t('editInput.allow')}
        </AllowButton>
      </div>
    </PanelFrame>
  );
}
