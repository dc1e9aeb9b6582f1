import { agentLabel } from '../../../../common/agent-label';
import { inputHidesText } from '../../../../common/hidden-code-points';
import { memo, useEffect, useRef } from 'react';
import type { PendingRequestView } from '../../../../common/queue-contract';
import { useNow } from '../../hooks/use-now';
import { useT } from '../../i18n/i18n-context';
import { useQueue } from '../../store/store-context';
import { CardActions } from './card-actions';
import { CardPanel } from './card-panel';
import { DangerLead } from './danger-parts';
import { Countdown } from './countdown';
import { ResolutionNote } from './resolution-note';
import { RiskBadge } from './risk-badge';
import { folderName } from '../../ui/names';
import { ageOf } from '../../ui/time-format';
import { ToolInput } from '../../tool-call/tool-input';
import { useArmed } from '../../ui/use-armed';
import { NoTerminalLead, RefusalLead, RuleLead } from './card-leads';
import { isClassifierRefusal } from '../../../../common/classifier-refusal';
import { McpServerChip } from './mcp-server-chip';
import { WhyAsked } from './why-asked';

/** One request: what it would do, why it asked, and every answer, bound to its id. */
export const RequestCard = memo(function RequestCard({ request }: { request: PendingRequestView }) {
  const t = useT();
  const { id } = request;
  const resolution = useQueue((s) => s.resolutions[id]);
  const handedBack = useQueue((s) => s.consoleLost) && !resolution;
  const over = Boolean(resolution) || handedBack;
  const panel = useQueue((s) => s.panels[id]);
  const selected = useQueue((s) => Boolean(s.selected[id]));
  const isCursor = useQueue((s) => s.cursor === id);
  const cursorAt = useQueue((s) => (s.cursor === id ? s.cursorAt : 0));
  const toggleSelected = useQueue((s) => s.toggleSelected);
  const setCursor = useQueue((s) => s.setCursor);
  const onViewing = useQueue((s) => s.viewing);
  const armed = useArmed(isCursor, cursorAt);
  const explanation = request.explanation;
  const refusal = isClassifierRefusal(request);

  const attention = useRef({ pointer: false, focus: false, reported: false });
  const report = (change: Partial<{ pointer: boolean; focus: boolean }>) => {
    const state = Object.assign(attention.current, change);
    const viewing = state.pointer || state.focus;
    if (viewing !== state.reported) {
      state.reported = viewing;
      onViewing(id, viewing);
    }
  };
  useEffect(() => {
    const state = attention.current;
    return () => {
      if (state.reported) onViewing(id, false);
    };
  }, [onViewing, id]);

  const classes = [
    'card',
    resolution && 'card--resolved',
    handedBack && 'card--handed-back',
    explanation?.needsSecondLook && 'card--danger',
    isCursor && 'card--cursor',
    selected && 'card--selected',
  ].filter(Boolean);

  return (
    <article
      className={classes.join(' ')}
      aria-label={t('card.label', {
        tool: request.tool,
        agent: agentLabel(request.agent.name),
        folder: folderName(request.cwd),
      })}
      aria-current={isCursor ? 'true' : undefined}
      data-request-id={id}
      data-armed={armed ? 'true' : undefined}
      tabIndex={-1}
      onPointerEnter={() => report({ pointer: true })}
      onPointerLeave={() => report({ pointer: false })}
      onFocus={() => {
        setCursor(id);
        report({ focus: true });
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) report({ focus: false });
      }}
    >
      <header className="card__header">
        <input
          type="checkbox"
          className="card__select"
          checked={selected}
          disabled={over}
          aria-label={t('card.select')}
          onChange={() => toggleSelected(id)}
        />
        <h3 className="card__tool">{request.tool}</h3>
        <McpServerChip request={request} />
        {explanation && <RiskBadge explanation={explanation} />}
        {explanation?.needsSecondLook && <span className="badge badge--danger">{t('risk.secondLook')}</span>}
        {request.mode !== 'default' && <span className="chip">{t('card.mode', { mode: request.mode })}</span>}
        {refusal && <span className="badge badge--danger">{t('card.refused')}</span>}
        <span className="card__spacer" />
        {!over && <Countdown request={request} />}
        <CardAge receivedAt={request.receivedAt} />
      </header>
      <div className="card__body">
        {inputHidesText(request.input) && (
          <p className="visible-mark-note" role="note">
            {t('card.hiddenCodePoints')}
          </p>
        )}
        <RefusalLead request={request} />
        <NoTerminalLead request={request} />
        {/* The classifier refused before any prompt: the agent's ask rules did not bring it here. */}
        {!refusal && <RuleLead request={request} />}
        <DangerLead request={request} />
        <ToolInput request={request} />
        {/* A refusal did not ask: the lead says why it is here, and the engine's reasons would not. */}
        {!refusal && <WhyAsked request={request} />}
      </div>
      {panel && !over && <CardPanel request={request} panel={panel} />}
      <footer className="card__footer">
        {resolution ? (
          <ResolutionNote resolution={resolution} request={request} />
        ) : handedBack ? (
          <p className="resolution resolution--passthrough" role="status">
            {t('resolution.consoleStopped', { agent: request.agent.name })}
          </p>
        ) : (
          <CardActions request={request} />
        )}
      </footer>
    </article>
  );
});

function CardAge({ receivedAt }: { receivedAt: number }) {
  const t = useT();
  const age = ageOf(receivedAt, useNow(30_000));
  const text =
    age.unit === 'now'
      ? t('card.justNow')
      : t(age.unit === 'minutes' ? 'card.minutesAgo' : 'card.hoursAgo', { count: age.count });
  return <span className="card__age">{t('card.waited', { time: text })}</span>;
}
