import type { PendingRequestView } from '../../../../common/console-contract';
import type { Resolution } from '../../store/queue-store';
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
}) {
  const { request, resolution, busy } = props;
  const titleId = `request-${request.id}-title`;
  return (
    <article
      className={`card${resolution ? ' card--resolved' : ''}`}
      aria-labelledby={titleId}
      data-request-id={request.id}
    >
      <header className="card__header">
        <span className="card__tool" id={titleId}>
          {request.tool}
        </span>
        <span className="card__meta" title={request.cwd}>
          {request.agent.name} · {folderName(request.cwd)}
        </span>
        <span className="card__mode">{request.mode}</span>
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
