import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { PendingRequestView } from '../../../common/queue-contract';
import { useT } from '../i18n/i18n-context';
import { useQueue } from '../store/store-context';
import { contentMayOverflow } from '../store/allow-gate';

/** Up to this many rows render at once; past it only the rows in view (and a few around) exist. */
const DIRECT_ROWS = 200;
const ROW_PX = 20;
/** A row this close to the box's edge still counts as in view. */
const SLACK_PX = 4;
/** Rows shown above the first unseen one when stepping to it: its hunk's header and context. */
const LEAD_ROWS = 4;

interface ReviewRowsProps {
  readonly request: PendingRequestView;
  readonly recorded?: boolean;
  readonly count: number;
  /** Rows that must each have been in view before an Allow (a diff's changed lines, every input row). */
  readonly mustSee: (index: number) => boolean;
  /** The row a part begins at (a hunk's header, a field's key): a step shows the part from there. */
  readonly partStart: (index: number) => number;
  readonly renderRow: (index: number) => ReactNode;
  readonly unit: 'change' | 'line';
  readonly className: string;
  readonly label: string;
  readonly style?: CSSProperties;
}

/**
 * A long body drawn a row at a time, whose rows count as seen once each has been in view. "Next" scrolls
 * to the first one not seen yet, so a big diff or input is stepped through part by part instead of
 * scrolled end to end, and Allow waits until every row that must be seen has been. Jumping to the end
 * sees only the end. A `recorded` request is history, which no one answers any more.
 */
export function ReviewRows({
  request,
  recorded = false,
  count,
  mustSee,
  partStart,
  renderRow,
  unit,
  className,
  label,
  style,
}: ReviewRowsProps) {
  const t = useT();
  const { id } = request;
  const seenAll = useQueue((s) => Boolean(s.seenToEnd[id]));
  const markSeen = useQueue((s) => s.markSeenToEnd);
  const gated = !recorded && !seenAll && contentMayOverflow(request);
  const required = useMemo(() => {
    const rows: number[] = [];
    for (let index = 0; index < count; index++) if (mustSee(index)) rows.push(index);
    return rows;
  }, [count, mustSee]);
  const seen = useMemo(() => new Uint8Array(count), [count]);
  const [unseen, setUnseen] = useState(required.length);
  const box = useRef<HTMLDivElement>(null);
  const lastStep = useRef(-1);
  const virtual = count > DIRECT_ROWS;
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read in this render only
  const virtualizer = useVirtualizer({
    count: virtual ? count : 0,
    getScrollElement: () => box.current,
    estimateSize: () => ROW_PX,
    overscan: 10,
  });

  const check = () => {
    const element = box.current;
    if (!element || !gated) return;
    const frame = element.getBoundingClientRect();
    const top = Math.max(frame.top, 0) - SLACK_PX;
    const bottom = Math.min(frame.bottom, window.innerHeight || frame.bottom) + SLACK_PX;
    for (const row of element.querySelectorAll<HTMLElement>('[data-index]')) {
      const at = row.getBoundingClientRect();
      const inView = (at.top >= top && at.bottom <= bottom) || (at.top <= top && at.bottom >= bottom);
      if (inView) seen[Number(row.dataset.index)] = 1;
    }
    const left = required.reduce((sum, index) => sum + (seen[index] ? 0 : 1), 0);
    setUnseen(left);
    if (left === 0) markSeen(id);
  };
  useLayoutEffect(check);
  // A resize (the window grows, the tray opens) can bring rows into view without a scroll or a render.
  useEffect(() => {
    const element = box.current;
    if (!element || !gated || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(element);
    return () => observer.disconnect();
  });

  const step = () => {
    const element = box.current;
    const next = required.find((index) => !seen[index]);
    if (!element || next === undefined) return;
    const from = Math.max(partStart(next), next - LEAD_ROWS, 0);
    // Stepping to the same place twice means the part is taller than the box: go on from the row itself.
    const target = from === lastStep.current ? next : from;
    lastStep.current = target;
    if (virtual) virtualizer.scrollToIndex(target, { align: 'start' });
    else {
      const row = element.querySelector(`[data-index="${target}"]`);
      if (row) element.scrollTop += row.getBoundingClientRect().top - element.getBoundingClientRect().top;
    }
    check();
  };

  return (
    <>
      <div
        ref={box}
        className={`${className}${gated ? ' unseen' : ''}`}
        style={style}
        aria-label={label}
        role="region"
        tabIndex={0}
        data-scroll-region=""
        onScroll={gated ? check : undefined}
      >
        {virtual ? (
          <div className="rows__spacer" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => (
              <div
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                className="rows__slot"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                {renderRow(item.index)}
              </div>
            ))}
          </div>
        ) : (
          Array.from({ length: count }, (_, index) => (
            <div key={index} data-index={index}>
              {renderRow(index)}
            </div>
          ))
        )}
      </div>
      {gated && (
        <div className="review">
          <p className="seen-gate" role="note">
            {t(unit === 'change' ? 'gate.unseenChanges' : 'gate.unseenLines', { count: unseen })}
          </p>
          <button type="button" className="button button--small review__next" onClick={step}>
            {t(unit === 'change' ? 'gate.nextChange' : 'gate.nextPart')}
          </button>
        </div>
      )}
    </>
  );
}
