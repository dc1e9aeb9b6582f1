import type { PendingRequestView } from '../../../../common/queue-contract';
import { useNow } from '../../hooks/use-now';
import { useT } from '../../i18n/i18n-context';
import { countdownState } from '../../ui/time-format';

/** How long until the timeout answers, or that it waits because someone has the request open. */
export function Countdown({ request }: { request: PendingRequestView }) {
  const t = useT();
  const state = countdownState(request, useNow(1000));
  if (state.kind === 'none') return null;
  if (state.kind === 'held') {
    return <span className="countdown countdown--held">{t('countdown.held')}</span>;
  }
  const running = t('countdown.left', { time: state.text });
  const held = t('countdown.heldAgent', { time: state.text });
  const isHeld = state.kind === 'held-agent';
  return (
    // Each wording keeps the other's width (data-reserve, drawn hidden by CSS): hovering holds the card,
    // and a countdown that grew would wrap the header and move the buttons under a click.
    <span
      className={`countdown${state.soon ? ' countdown--soon' : ''}`}
      title={t(isHeld ? 'countdown.heldAgentTitle' : 'countdown.title')}
      data-reserve={isHeld ? running : held}
    >
      {isHeld ? held : running}
    </span>
  );
}
