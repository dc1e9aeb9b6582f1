import type { HistoryEntryView } from '../../../../common/history-contract';
import { summarizeRequest } from '../../../../common/request-summary';
import { useT } from '../../i18n/i18n-context';
import { folderName } from '../../ui/names';
import { VisibleText } from '../../ui/visible-text';
import { useHistory } from './history-context';
import { HistoryCard } from './history-card';
import { agentSaid, decidedBy, formatLatency, outcomeKey, retrySaid, toneOf } from './history-format';
import { useNow } from '../../hooks/use-now';
import { useDateFormat } from '../../ui/use-date-format';

/** A row shows one line of a request; its card holds the rest. */
const SUMMARY_LIMIT = 200;

/**
 * Requests as rows, each opening into its card. In a timeline the rows share one session; across
 * sessions (`across`) each row also names its project and shows its day.
 */
export function EntryList({
  entries,
  agent,
  across = false,
}: {
  entries: readonly HistoryEntryView[];
  agent: string;
  across?: boolean;
}) {
  return (
    <ol className="entries">
      {entries.map((entry) => (
        <EntryRow key={entry.request.id} entry={entry} agent={agent} across={across} />
      ))}
    </ol>
  );
}

function EntryRow({ entry, agent, across }: { entry: HistoryEntryView; agent: string; across: boolean }) {
  const t = useT();
  const format = useDateFormat();
  const open = useHistory((s) => s.openId === entry.request.id);
  const toggle = useHistory((s) => s.toggleOpen);
  const { request, decision } = entry;
  const tone = toneOf(entry);
  const by = decidedBy(entry);
  const cardId = `history-card-${request.id}`;
  return (
    <li className={`entry entry--${tone}`} data-request-id={request.id}>
      <button
        type="button"
        className="entry__head"
        aria-expanded={open}
        aria-controls={open ? cardId : undefined}
        title={t('history.row.open')}
        onClick={() => toggle(request.id)}
      >
        <span className="entry__line">
          <span className="entry__tool">{request.tool}</span>
          <code className="entry__summary">
            <VisibleText
              text={
                summarizeRequest(request.tool, request.input, SUMMARY_LIMIT, request.provenance, {
                  keepHidden: true,
                }).line.text
              }
            />
          </code>
        </span>
        <span className="entry__line entry__meta">
          <span className="entry__time">
            {across ? format.dateTime(request.receivedAt) : format.time(request.receivedAt)}
          </span>
          <span className={`outcome outcome--${tone}`}>
            {decision && by
              ? (agentSaid(entry, t, t(by.key, by.params)) ??
                t(decision.notTaken ? 'history.row.decidedNotTaken' : 'history.row.decided', {
                  outcome: t(outcomeKey(entry)),
                  who: t(by.key, by.params),
                }))
              : t(outcomeKey(entry))}
          </span>
          {decision && (
            <span className="entry__latency">
              {t('history.row.after', { time: formatLatency(decision.latencyMs) })}
            </span>
          )}
          {across && (
            <span className="entry__project" title={request.cwd}>
              {folderName(request.cwd)}
            </span>
          )}
        </span>
        {decision?.retry && <RetryLine entry={entry} />}
      </button>
      {open && (
        <div id={cardId} className="entry__card">
          <HistoryCard entry={entry} agent={agent} />
        </div>
      )}
    </li>
  );
}

/** How often a waiting retry grant is looked at again, so that it reads as expired soon after it has. */
const RETRY_CLOCK_MS = 15_000;

/** What became of an overturned refusal's retry grant, in one line under the refusal's row. */
function RetryLine({ entry }: { entry: HistoryEntryView }) {
  const t = useT();
  const format = useDateFormat();
  const said = retrySaid(entry, useNow(RETRY_CLOCK_MS));
  return said ? (
    <span className="entry__line entry__retry">{t(said.key, { time: format.time(said.at) })}</span>
  ) : null;
}
