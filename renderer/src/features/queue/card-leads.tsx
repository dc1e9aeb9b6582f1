/** The sentences a card opens with, before the call itself, when they change what an answer means. */
import type { PendingRequestView } from '../../../../common/queue-contract';
import { agentLabel } from '../../../../common/agent-label';
import { isClassifierRefusal } from '../../../../common/classifier-refusal';
import { useT } from '../../i18n/i18n-context';
import { displayPath } from '../../ui/names';
import { VisibleText } from '../../ui/visible-text';

/**
 * When the agent's own rules deny or ask for this call, the card opens with that sentence: an Allow here
 * answers this one request, and the rule asks again next time (or refuses it) whatever is clicked.
 */
export function RuleLead({ request }: { request: PendingRequestView }) {
  const t = useT();
  const reason = request.explanation?.reason;
  if (reason?.type !== 'rule' || !reason.rule || reason.rule.behavior === 'allow') return null;
  const { rule } = reason;
  const where = rule.file ? displayPath(rule.file, request.cwd) : t(`source.${rule.source}`);
  return (
    <p className={`card__lead card__lead--${rule.behavior}`} role="note">
      <VisibleText
        text={t(rule.behavior === 'deny' ? 'lead.deny' : 'lead.ask', { rule: rule.text, where })}
      />
    </p>
  );
}

/**
 * When the agent has no prompt of its own to fall back on (headless, or denyInsteadOfPrompting), the card
 * says so first: leaving it unanswered is a deny, not a question asked again in a terminal.
 */
export function NoTerminalLead({ request }: { request: PendingRequestView }) {
  const t = useT();
  const file = request.explanation?.denyInsteadOfPrompting;
  if (request.attended !== false && !file) return null;
  return (
    <p className="card__lead card__lead--ask" role="note">
      {request.attended === false
        ? t('lead.noTerminal')
        : t('lead.denyInsteadOfPrompting', { file: displayPath(file!, request.cwd) })}
    </p>
  );
}

/**
 * A call the agent's own classifier refused: it did not run, and the card asks only whether to let the agent
 * try it again, with the classifier's reason as the agent gave it.
 */
export function RefusalLead({ request }: { request: PendingRequestView }) {
  const t = useT();
  if (!isClassifierRefusal(request)) return null;
  const reason = request.provenance?.message;
  return (
    <div className="card__lead card__lead--deny" role="note">
      <p>{t('lead.refused', { agent: agentLabel(request.agent.name) })}</p>
      {/* The console cannot see the agent's settings, so the card says what the answer does either way. */}
      <p>{t('lead.refusedRetry', { agent: agentLabel(request.agent.name) })}</p>
      {reason && (
        <p className="card__refusal-reason">
          <span className="card__refusal-term">{t('lead.refusedReason')}: </span>
          <VisibleText text={reason} multiline />
        </p>
      )}
    </div>
  );
}
