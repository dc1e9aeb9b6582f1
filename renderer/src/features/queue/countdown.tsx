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
  // One wording on every card, held or not, so hovering (which holds the card) changes no width: the time
  // left before the request goes back to the agent. Held, that is the agent's own deadline; the title says so.
  return (
    <span
      className={`countdown${state.soon ? ' countdown--soon' : ''}`}
      title={t(state.kind === 'held-agent' ? 'countdown.heldAgentTitle' : 'countdown.title')}
    >
      {t('countdown.left', { time: state.text })}
    </span>
  );
}
