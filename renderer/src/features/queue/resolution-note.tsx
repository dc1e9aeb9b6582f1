import { isAcpRequest } from '../../../../common/acp-call';
import type { PendingRequestView } from '../../../../common/queue-contract';
import { useT } from '../../i18n/i18n-context';
import type { MessageKey } from '../../i18n/en';
import type { Resolution } from '../../store/queue-store';

const KNOWN_REASONS = new Set<string>(['answered in the terminal', 'session moved on', 'turn interrupted']);

/**
 * Who decided a card and how, and why when the winner said (a retired card). The agent's own dialog is
 * its editor for an ACP agent, else its terminal; what it did there is said as it happened: the option
 * chosen, by its kind and the agent's name for it, or the turn cancelled, or the agent gone.
 */
export function ResolutionNote({
  resolution,
  request,
}: {
  resolution: Resolution;
  request: Pick<PendingRequestView, 'input' | 'provenance'>;
}) {
  const t = useT();
  const dialog = isAcpRequest(request) ? 'editor' : 'terminal';
  const where = t(`dialog.in.${dialog}`);
  const { option, ended } = resolution;
  const text = resolution.mine
    ? t(`resolution.mine.${resolution.behavior}`)
    : ended
      ? t(`resolution.ended.${ended}`, { where })
      : resolution.by === 'agent' && option
        ? t('resolution.chose', { choice: t(`option.${option.kind}`), where, name: option.name })
        : t(`resolution.other.${resolution.behavior}`, {
            winner: t(
              resolution.by === 'agent' && dialog === 'editor' ? 'winner.editor' : `winner.${resolution.by}`,
            ),
          });
  const reason =
    resolution.message === undefined
      ? undefined
      : KNOWN_REASONS.has(resolution.message)
        ? t(`retired.${resolution.message}` as MessageKey)
        : resolution.message;
  return (
    <p className={`resolution resolution--${resolution.behavior}`} role="status">
      {reason && !resolution.mine ? t('resolution.because', { text, reason }) : text}
    </p>
  );
}
