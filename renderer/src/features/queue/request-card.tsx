import type { PendingRequestView } from '../../../../common/console-contract';
import type { Resolution } from '../../store/queue-store';
import { useEffect, useRef } from 'react';
import { Countdown } from './countdown';
import { ToolInput } from './tool-input';

const WINNER_TEXT: Record<string, string> = {
  console: 'a person at the console',
  notification: 'a notification',
  tray: 'the tray menu',
  grant: 'a grant',
  timeout: 'the timeout',
  agent: 'the terminal',
  disconnect: 'the agent disconnecting',
  session: 'the session moving on',
};

function resolutionText(resolution: Resolution): string {
  const verb =
    resolution.behavior === 'allow' ? 'Allowed' : resolution.behavior === 'deny' ? 'Denied' : 'Handed back';
  return resolution.mine ? `${verb} here` : `${verb} by ${WINNER_TEXT[resolution.by] ?? resolution.by}`;
}

function folderName(cwd: string): string {
  return cwd.split(/[\\/]/).filter(Boolean).pop() ?? cwd;
}

export function RequestCard(props: {
  request: PendingRequestView;
  resolution: Resolution | undefined;
  busy: boolean;
  onDecide: (behavior: 'allow' | 'deny') => void;
  /** Stable across renders (the store's action), so unmounting reports the card closed exactly once. */
  onViewing: (id: string, viewing: boolean) => void;
}) {
  const { request, resolution, busy, onViewing } = props;
  const titleId = `request-${request.id}-title`;
  const attention = useRef({ pointer: false, focus: false, reported: false });
  const report = (change: Partial<{ pointer: boolean; focus: boolean }>) => {
    const state = Object.assign(attention.current, change);
    const viewing = state.pointer || state.focus;
    if (viewing !== state.reported) {
      state.reported = viewing;
      onViewing(request.id, viewing);
    }
  };
  useEffect(() => {
    const state = attention.current;
    return () => {
      if (state.reported) onViewing(request.id, false);
    };
  }, [onViewing, request.id]);
  return (
    <article
      className={`card${resolution ? ' card--resolved' : ''}`}
      aria-labelledby={titleId}
      data-request-id={request.id}
      onPointerEnter={() => report({ pointer: true })}
      onPointerLeave={() => report({ pointer: false })}
      onFocus={() => report({ focus: true })}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) report({ focus: false });
      }}
    >
      <header className="card__header">
        <span className="card__tool" id={titleId}>
          {request.tool}
        </span>
        <span className="card__meta" title={request.cwd}>
          {request.agent.name} · {folderName(request.cwd)}
        </span>
        <span className="card__mode">{request.mode}</span>
        {!resolution && <Countdown request={request} />}
      </header>
      <ToolInput request={request} />
      <footer className="card__actions">
        {resolution ? (
          <p className="card__resolution" role="status">
            {resolutionText(resolution)}
          </p>
        ) : (
          <>
            <button
              type="button"
              className="button button--deny"
              disabled={busy}
              onClick={() => props.onDecide('deny')}
            >
              Deny
            </button>
            <button
              type="button"
              className="button button--allow"
              disabled={busy}
              onClick={() => props.onDecide('allow')}
            >
              Allow
            </button>
          </>
        )}
      </footer>
    </article>
  );
}
