import type { PendingRequestView } from '../../../../common/queue-contract';
import { useNow } from '../../hooks/use-now';
import { useT } from '../../i18n/i18n-context';
import { countdownState } from '../../ui/time-format';

/** The longest time left a card can show: the agent waits at most a day, and every digit is as wide. */
const WIDEST_LEFT = '00:00:00';

/**
 * How long until the timeout answers, or that it waits because someone has the request open. Pointing at
 * a card holds it, so the countdown changes under a pointer about to click: its slot is as wide as the
 * widest thing it can say, in this language, held or not, so nothing in the card moves.
 */
export function Countdown({ request }: { request: PendingRequestView }) {
  const t = useT();
  const state = countdownState(request, useNow(1000));
  if (state.kind === 'none') return null;
  return (
    <span
      className="countdown-slot"
      data-held={t('countdown.held')}
      data-left={t('countdown.left', { time: WIDEST_LEFT })}
    >
      {state.kind === 'held' ? (
        <span className="countdown countdown--held">{t('countdown.held')}</span>
      ) : (
        // One wording on every card with a deadline, held or not: the time left before the request goes
        // back to the agent. Held, that is the agent's own deadline; the title says so.
        <span
          className={`countdown${state.soon ? ' countdown--soon' : ''}`}
          title={t(state.kind === 'held-agent' ? 'countdown.heldAgentTitle' : 'countdown.title')}
        >
          {t('countdown.left', { time: state.text })}
        </span>
      )}
    </span>
  );
}
