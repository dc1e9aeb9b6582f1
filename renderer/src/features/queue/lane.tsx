import { useEffect } from 'react';
import { agentLabel } from '../../../../common/agent-label';
import { formatRemaining, handBack } from '../../../../common/hand-back';
import type { PendingRequestView } from '../../../../common/queue-contract';
import { useNow } from '../../hooks/use-now';
import { useT } from '../../i18n/i18n-context';
import { folderName } from '../../ui/names';
import { titleFor } from './triage';

/** The lane's heading at the top of the list: what follows goes back to its agent unless answered. */
export function LaneHeader() {
  const t = useT();
  return (
    <h2 className="lane" title={t('lane.title.hint')}>
      {t('lane.title')}
    </h2>
  );
}

/** Which session a card in the lane comes from, since its session's header is further down. */
export function LaneCaption({ request, session }: { request: PendingRequestView; session: string }) {
  const t = useT();
  return (
    <p className="lane__from">
      {t('lane.from', {
        agent: agentLabel(request.agent.name),
        folder: folderName(request.cwd),
        session: t('session.id', { id: session }),
      })}
    </p>
  );
}

/**
 * How many cards go back to their agent soon and how long the first has, above the list: the card being
 * read never moves for the lane, so this is where a person sees it first. One click goes to the first.
 */
export function HandBackCount({
  requests,
  onReveal,
}: {
  requests: readonly PendingRequestView[];
  onReveal: (id: string) => void;
}) {
  const t = useT();
  const now = useNow(1000);
  const first = requests[0];
  if (first === undefined) return null;
  // The lane is soonest first; a card held open since it joined keeps its place and its later deadline.
  const soonest = Math.min(...requests.map((request) => request.deadline ?? Number.POSITIVE_INFINITY));
  return (
    <div className="triage">
      <button type="button" className="triage__hand-back" onClick={() => onReveal(first.id)}>
        {Number.isFinite(soonest)
          ? t('triage.handBack', { count: requests.length, time: formatRemaining(soonest - now) })
          : t('lane.title')}
      </button>
    </div>
  );
}

/** The window's title: how many wait, and when the first goes back to its agent. */
export function WindowTitle({ open }: { open: readonly PendingRequestView[] }) {
  const t = useT();
  const soon = handBack(open, useNow(1000));
  const text = soon && t('title.handBack', { count: soon.count, time: formatRemaining(soon.left) });
  const title = titleFor(open.length, text);
  useEffect(() => {
    const show = () => (document.title = title);
    // A title is a round trip to the browser (0.1–5 ms here): a visible window paints the new card first.
    if (document.visibilityState === 'hidden') {
      show();
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(show);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [title]);
  return null;
}
