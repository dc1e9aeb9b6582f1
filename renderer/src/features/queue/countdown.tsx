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
  if (state.kind === 'held-agent') {
    return (
      // As short as the running countdown: a held card that grew a line would move the button under a click.
      <span
        className={`countdown${state.soon ? ' countdown--soon' : ''}`}
        title={t('countdown.heldAgentTitle')}
      >
        {t('countdown.heldAgent', { time: state.text })}
      </span>
    );
  }
  return (
    <span className={`countdown${state.soon ? ' countdown--soon' : ''}`} title={t('countdown.title')}>
      {t('countdown.left', { time: state.text })}
    </span>
  );
}
