import type { KeyboardEvent, ReactNode } from 'react';
import type { PendingRequestView } from '../../../../common/queue-contract';
import { useT } from '../../i18n/i18n-context';
import { useQueue } from '../../store/store-context';

/** The frame every card panel shares: a titled group that Escape or Cancel closes. */
export function PanelFrame(props: {
  request: PendingRequestView;
  title: string;
  tone?: 'danger';
  children: ReactNode;
}) {
  const t = useT();
  const closePanel = useQueue((s) => s.closePanel);
  const titleId = `panel-${props.request.id}-title`;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    closePanel(props.request.id);
  };
  return (
    <div
      className={`panel${props.tone ? ` panel--${props.tone}` : ''}`}
      role="group"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
    >
      <div className="panel__head">
        <h3 className="panel__title" id={titleId}>
          {props.title}
        </h3>
        <button type="button" className="button button--quiet" onClick={() => closePanel(props.request.id)}>
          {t('action.cancel')}
        </button>
      </div>
      {props.children}
    </div>
  );
}
