import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { PendingRequestView } from '../../../common/queue-contract';
import { useT } from '../i18n/i18n-context';
import { useQueue } from '../store/store-context';
import { contentMayOverflow } from '../store/allow-gate';

/** Within this many pixels of the bottom counts as read to the end. */
const END_SLACK_PX = 4;

/**
 * Watches a scroll box whose content must be seen to its end before the card can be allowed: it counts as
 * seen once scrolled to the bottom, or at once when it fits whole. Until then `hiddenLines` estimates
 * how much is still below, for the cue. A `recorded` request is history, which no one answers any more.
 */
export function useSeenToEnd<T extends HTMLElement>(
  request: PendingRequestView,
  totalLines: number,
  recorded = false,
) {
  const seen = useQueue((s) => Boolean(s.seenToEnd[request.id]));
  const markSeen = useQueue((s) => s.markSeenToEnd);
  const box = useRef<T>(null);
  const [hiddenLines, setHiddenLines] = useState(0);
  const gated = !recorded && contentMayOverflow(request) && !seen;

  const { id } = request;
  const check = () => {
    const element = box.current;
    if (element && gated) measure(element, totalLines, () => markSeen(id), setHiddenLines);
  };
  useLayoutEffect(check);
  // A resize (the window grows, the tray opens) can bring the end into view without a scroll or a render.
  useEffect(() => {
    const element = box.current;
    if (!element || !gated || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      measure(element, totalLines, () => markSeen(id), setHiddenLines),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [gated, totalLines, markSeen, id]);
  return { box, gated, hiddenLines, onScroll: gated ? check : undefined };
}

function measure(
  element: HTMLElement,
  totalLines: number,
  seen: () => void,
  setHiddenLines: (lines: number) => void,
): void {
  const below = element.scrollHeight - element.scrollTop - element.clientHeight;
  if (below <= END_SLACK_PX) seen();
  else setHiddenLines(Math.max(1, Math.ceil((totalLines * below) / element.scrollHeight)));
}

/** The visible cue under an unseen box: how many lines are still below, and that Allow waits for them. */
export function MoreLinesCue({ gated, hiddenLines }: { gated: boolean; hiddenLines: number }) {
  const t = useT();
  if (!gated) return null;
  return (
    <p className="seen-gate" role="note">
      {hiddenLines > 0 ? t('gate.moreLines', { count: hiddenLines }) : t('gate.scrollToEnd')}
    </p>
  );
}
