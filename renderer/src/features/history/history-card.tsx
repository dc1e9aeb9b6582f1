import type { HistoryEntryView } from '../../../../common/history-contract';
import { pendingRequestView } from '../../../../common/pending-request-view';
import { useT } from '../../i18n/i18n-context';
import { ToolInput } from '../../tool-call/tool-input';
import { shortSessionId } from '../../../../common/session-label';
import { shortTurnId } from '../../ui/names';
import {
  agentSaid,
  decidedBy,
  decidingRule,
  formatLatency,
  interrupted,
  otherChannel,
  outcomeKey,
  toneOf,
} from './history-format';
import { useDateFormat } from '../../ui/use-date-format';
import { VisibleText } from '../../ui/visible-text';

/**
 * A recorded request in the queue's card, read-only: what it would have done, then how it was answered —
 * the decision, the racer that won and where, the latency, and the rule that decided or was written, and
 * when the agent did not take that decision, what it did instead.
 */
export function HistoryCard({ entry, agent }: { entry: HistoryEntryView; agent: string }) {
  const t = useT();
  const format = useDateFormat();
  const { request, decision } = entry;
  // History keeps no explanation of a request, and its clock is over.
  const card = pendingRequestView(request, { name: agent }, request.receivedAt);
  const by = decidedBy(entry);
  const rule = decidingRule(entry);
  const channel = otherChannel(entry);
  const agentSays = request.provenance?.message;
  return (
    <article className="card card--recorded" aria-label={t('history.card.label', { tool: request.tool })}>
      <header className="card__header">
        <h3 className="card__tool">{request.tool}</h3>
        {request.mode !== 'default' && <span className="chip">{t('card.mode', { mode: request.mode })}</span>}
        <span className="card__spacer" />
        <span className="card__age">
          {t('history.card.asked', { time: format.dateTime(request.receivedAt) })}
        </span>
      </header>
      <div className="card__body">
        <ToolInput request={card} recorded />
      </div>
      <footer className="card__footer">
        <dl className="fields recorded">
          <dt>{t('history.card.decision')}</dt>
          <dd>
            <span className={`outcome outcome--${toneOf(entry)}`}>
              {agentSaid(entry, t) ?? t(outcomeKey(entry))}
            </span>
          </dd>
          {decision?.option && (
            <>
              <dt>{t('history.card.option')}</dt>
              <dd>{decision.option.name}</dd>
            </>
          )}
          {decision?.notTaken && (
            <>
              <dt>{t('history.card.notTaken')}</dt>
              <dd className="recorded__not-taken">{t(`history.notTaken.${decision.notTaken.because}`)}</dd>
              {decision.notTaken.message && (
                <>
                  <dt>{t('history.card.terminalMessage')}</dt>
                  <dd>{decision.notTaken.message}</dd>
                </>
              )}
            </>
          )}
          {decision && by ? (
            <>
              <dt>{t('history.card.decidedBy')}</dt>
              <dd>{t(by.key, by.params)}</dd>
              {channel && (
                <>
                  <dt>{t('history.card.channel')}</dt>
                  <dd>
                    <code>{channel}</code>
                  </dd>
                </>
              )}
              <dt>{t('history.card.latency')}</dt>
              <dd>{formatLatency(decision.latencyMs)}</dd>
              <dt>{t('history.card.decidedAt')}</dt>
              <dd>{format.dateTime(decision.decidedAt)}</dd>
              {rule && (
                <>
                  <dt>{t('history.card.rule')}</dt>
                  <dd>
                    <code className="recorded__rule">
                      <VisibleText text={rule} />
                    </code>
                  </dd>
                </>
              )}
              {decision.ruleWritten && (
                <>
                  <dt>{t('history.card.ruleWritten')}</dt>
                  <dd>
                    <code className="recorded__rule">
                      <VisibleText text={decision.ruleWritten} />
                    </code>
                  </dd>
                </>
              )}
              {decision.decision.updatedInput && (
                <>
                  <dt>{t('history.card.updatedInput')}</dt>
                  <dd>{t('history.card.inputEdited')}</dd>
                </>
              )}
              {/* An interrupted turn's card was withdrawn: nothing, its retirement words included, reached the agent. */}
              {decision.decision.message && !interrupted(entry) && (
                <>
                  <dt>{t('history.card.message')}</dt>
                  <dd>{decision.decision.message}</dd>
                </>
              )}
              {decision.decision.interrupt && (
                <>
                  <dt />
                  <dd>{t('history.card.interrupted')}</dd>
                </>
              )}
            </>
          ) : (
            <>
              <dt />
              <dd className="recorded__muted">
                {entry.handedBack
                  ? t(`history.card.handedBack.${entry.handedBack.because}`, {
                      time: format.dateTime(entry.handedBack.at),
                    })
                  : t('history.card.pending')}
              </dd>
            </>
          )}
          {agentSays && (
            <>
              <dt>{t('history.card.agentSays')}</dt>
              <dd>{agentSays}</dd>
            </>
          )}
          <dt>{t('history.card.project')}</dt>
          <dd>
            <code>
              <VisibleText text={request.cwd} />
            </code>
          </dd>
          <dt>{t('history.card.session')}</dt>
          <dd>
            <code title={request.sessionId}>{shortSessionId(request.sessionId)}</code>
          </dd>
          {request.turnId && (
            <>
              <dt>{t('history.card.turn')}</dt>
              <dd>
                <code title={request.turnId}>{shortTurnId(request.turnId)}</code>
              </dd>
            </>
          )}
        </dl>
      </footer>
    </article>
  );
}
