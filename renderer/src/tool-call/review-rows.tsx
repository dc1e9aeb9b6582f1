import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { PendingRequestView } from '../../../common/queue-contract';
import { useT } from '../i18n/i18n-context';
import { useQueue } from '../store/store-context';
import { contentMayOverflow } from '../store/allow-gate';
import { ariaKeys, KeyHint } from '../ui/key-hint';
import { partOf, partStarts, partStates, rowAt } from './review-parts';
import type { PartState, RowSpan } from './review-parts';

/** Up to this many rows render at once; past it only the rows in view (and a few around) exist. */
const DIRECT_ROWS = 200;
const ROW_PX = 20;
/** A row this close to the box's edge still counts as in view. */
const SLACK_PX = 4;

interface ReviewRowsProps {
  readonly request: PendingRequestView;
  readonly recorded?: boolean;
  readonly count: number;
  /** Rows that must each have been in view before an Allow (a diff's changed lines, every input row). */
  readonly mustSee: (index: number) => boolean;
  /** The first row of a group kept whole in one part when it fits (a hunk's header, a field's key). */
  readonly startsGroup?: (index: number) => boolean;
  /**
   * How many lines a row takes in a box `columns` characters wide: a row not drawn yet is reckoned so, and
   * the parts (and "part 3 of 12") change little as rows are drawn and measured.
   */
  readonly rowLines?: (index: number, columns: number) => number;
  readonly renderRow: (index: number) => ReactNode;
  readonly unit: 'change' | 'line';
  readonly className: string;
  readonly label: string;
  readonly style?: CSSProperties;
}

/** Where the box stands: the part at its top, how many parts there are and are not seen, and their marks. */
interface Standing {
  readonly part: number;
  readonly parts: number;
  readonly unseen: number;
  readonly marks: readonly PartState[];
}

const NO_STANDING: Standing = { part: 0, parts: 0, unseen: 0, marks: [] };

function sameStanding(a: Standing, b: Standing): boolean {
  return (
    a.part === b.part &&
    a.parts === b.parts &&
    a.unseen === b.unseen &&
    a.marks.length === b.marks.length &&
    a.marks.every((mark, index) => mark === b.marks[index])
  );
}

/**
 * A long body drawn a row at a time, cut into parts of as many rows as the box shows at once
 * (`review-parts.ts`). A row counts as seen once it has been wholly in view; a part, once every row in it
 * that must be seen has been. "Next" (or `n` on the cursor's card) shows the first part not seen yet whole,
 * so a big diff or input is read a boxful at a time, with its part and count in words and a mark per part,
 * and Allow waits until every row that must be seen has been. Jumping to the end sees only the end.
 * A `recorded` request is history, which no one answers any more.
 */
export function ReviewRows({
  request,
  recorded = false,
  count,
  mustSee,
  startsGroup,
  rowLines,
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
  const stepped = useQueue((s) => s.partSteps[id] ?? 0);
  const gated = !recorded && !seenAll && contentMayOverflow(request);
  const required = useMemo(() => {
    const rows: number[] = [];
    for (let index = 0; index < count; index++) if (mustSee(index)) rows.push(index);
    return rows;
  }, [count, mustSee]);
  const seen = useMemo(() => new Uint8Array(count), [count]);
  const [standing, setStanding] = useState<Standing>(NO_STANDING);
  const box = useRef<HTMLDivElement>(null);
  /** The row the last step scrolled to, until the box is drawn there (`check` sees rows edge to edge). */
  const stepping = useRef<number | undefined>(undefined);
  const virtual = count > DIRECT_ROWS;
  /** Characters a line of the box holds, once it has been laid out. */
  const [columns, setColumns] = useState(0);
  // A row's measured height holds for one width: a new width re-estimates every row, measured or not.
  const getItemKey = useCallback((index: number) => `${columns}:${index}`, [columns]);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read in this render only
  const virtualizer = useVirtualizer({
    count: virtual ? count : 0,
    getScrollElement: () => box.current,
    estimateSize: (index) =>
      rowLines && columns > 0 ? Math.max(1, rowLines(index, columns)) * ROW_PX : ROW_PX,
    getItemKey,
    overscan: 10,
  });

  /** The rows' spans below the box's top padding, the height of a part, and the parts. */
  const layout = (element: HTMLElement) => {
    const styles = getComputedStyle(element);
    const padTop = parseFloat(styles.paddingTop) || 0;
    const height = element.clientHeight - padTop - (parseFloat(styles.paddingBottom) || 0);
    if (rowLines) {
      const width =
        element.clientWidth - (parseFloat(styles.paddingLeft) || 0) - (parseFloat(styles.paddingRight) || 0);
      const fits = Math.max(1, Math.floor(width / charWidth(styles.font)));
      if (fits !== columns) setColumns(fits);
    }
    let spans: readonly RowSpan[];
    if (virtual) spans = virtualizer.measurementsCache;
    else {
      const origin = element.getBoundingClientRect().top + element.clientTop + padTop - element.scrollTop;
      spans = [...element.querySelectorAll<HTMLElement>(':scope > [data-index]')].map((row) => {
        const at = row.getBoundingClientRect();
        return { start: at.top - origin, end: at.bottom - origin };
      });
    }
    return { spans, padTop, starts: partStarts(spans, Math.max(height, ROW_PX), startsGroup) };
  };

  const check = () => {
    const element = box.current;
    if (!element || !gated) {
      stepping.current = undefined;
      return;
    }
    const frame = element.getBoundingClientRect();
    const top = Math.max(frame.top, 0) - SLACK_PX;
    const bottom = Math.min(frame.bottom, window.innerHeight || frame.bottom) + SLACK_PX;
    // Whether drawn rows reach both edges of what shows of the box: a step's scroll has been drawn.
    let reachesTop = false;
    let reachesBottom = false;
    for (const row of element.querySelectorAll<HTMLElement>('[data-index]')) {
      const at = row.getBoundingClientRect();
      const index = Number(row.dataset.index);
      const inView = (at.top >= top && at.bottom <= bottom) || (at.top <= top && at.bottom >= bottom);
      if (inView) seen[index] = 1;
      if (at.top <= top + SLACK_PX + ROW_PX && at.bottom >= top + SLACK_PX) reachesTop = true;
      if (
        (at.top <= bottom && at.bottom >= bottom - SLACK_PX - ROW_PX) ||
        (index === count - 1 && at.bottom <= bottom)
      )
        reachesBottom = true;
    }
    if (reachesTop && reachesBottom && stepping.current !== undefined) {
      stepping.current = undefined;
      if (waiting.current > 0) queueMicrotask(takeSteps);
    }
    if (required.every((index) => seen[index])) {
      markSeen(id);
      return;
    }
    const { spans, padTop, starts } = layout(element);
    const marks = partStates(starts, count, mustSee, seen);
    const next: Standing = {
      part: partOf(starts, rowAt(spans, element.scrollTop - padTop - SLACK_PX)),
      parts: starts.length,
      unseen: marks.filter((mark) => mark === 'unseen').length,
      marks,
    };
    setStanding((current) => (sameStanding(current, next) ? current : next));
  };
  useLayoutEffect(check);
  // A resize (the window grows, the tray opens) can bring rows into view without a scroll or a render,
  // and so can the queue scrolling the whole box into view.
  useEffect(() => {
    const element = box.current;
    if (!element || !gated) return;
    const onScroll = (event: Event) => {
      if (event.target !== element) check();
    };
    document.addEventListener('scroll', onScroll, { capture: true, passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(check);
    observer?.observe(element);
    return () => {
      document.removeEventListener('scroll', onScroll, { capture: true });
      observer?.disconnect();
    };
  });

  const step = () => {
    const element = box.current;
    if (!element) return;
    // A part is seen in the window as well as in its box: bring the whole box into view first.
    const frame = element.getBoundingClientRect();
    if (frame.top < 0 || frame.bottom > window.innerHeight) element.scrollIntoView({ block: 'nearest' });
    const { spans, padTop, starts } = layout(element);
    const unseen = required.find((index) => !seen[index]);
    if (unseen === undefined) return check();
    // A part whose rows were drawn taller than reckoned can still end below the box with its start at the
    // top: then the next step goes on from its first row not seen, so every press shows something new.
    const first = starts[partOf(starts, unseen)]!;
    const top = rowAt(spans, element.scrollTop - padTop - SLACK_PX);
    const target = first === top ? unseen : first;
    if (gated) stepping.current = target;
    if (virtual) virtualizer.scrollToIndex(target, { align: 'start' });
    else element.scrollTop = spans[target]!.start;
    check();
  };
  const steps = useRef(stepped);
  /**
   * Presses not yet taken. Each waits until the last step's scroll has been drawn: reckoned from what is
   * seen before that, a step would go to the same place again, and a part jumped over is never seen.
   */
  const waiting = useRef(0);
  const takeSteps = () => {
    while (waiting.current > 0 && stepping.current === undefined) {
      waiting.current -= 1;
      step();
    }
  };
  // Presses that land in one render (the store batches what arrives between two) each count.
  useEffect(() => {
    waiting.current += Math.max(0, stepped - steps.current);
    steps.current = stepped;
    takeSteps();
  });

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
      {gated && standing.parts > 0 && (
        <div className="review">
          <PartMarks standing={standing} />
          <p className="review__where">
            {t('gate.part', { part: standing.part + 1, count: standing.parts })}
          </p>
          <p className="seen-gate" role="note">
            {t(unit === 'change' ? 'gate.unseenChangeParts' : 'gate.unseenParts', { count: standing.unseen })}
          </p>
          <button
            type="button"
            className="button button--small review__next"
            aria-keyshortcuts={ariaKeys('nextPart')}
            onClick={step}
          >
            {t(unit === 'change' ? 'gate.nextChange' : 'gate.nextPart')}
            <KeyHint command="nextPart" />
          </button>
        </div>
      )}
    </>
  );
}

const MARK = { seen: 'var(--calm)', unseen: 'var(--notice-tint)', nothing: 'transparent' } as const;

/**
 * A mark per part, seen or not, in one strip with the part in view outlined: one gradient, however many
 * parts, so a 200 KB input adds two nodes and not hundreds.
 */
function PartMarks({ standing }: { standing: Standing }) {
  const { marks, part, parts } = standing;
  const stops: string[] = [];
  let from = 0;
  for (let index = 1; index <= parts; index++) {
    if (index < parts && marks[index] === marks[from]) continue;
    stops.push(`${MARK[marks[from]!]} ${(from / parts) * 100}% ${(index / parts) * 100}%`);
    from = index;
  }
  return (
    <div
      className="review__marks"
      aria-hidden="true"
      style={{ backgroundImage: `linear-gradient(to right, ${stops.join(', ')})` }}
    >
      <span className="review__here" style={{ left: `${(part / parts) * 100}%`, width: `${100 / parts}%` }} />
    </div>
  );
}

let measuring: CanvasRenderingContext2D | null | undefined;

/** The width of one character of a monospace font, as the page draws it. */
function charWidth(font: string): number {
  measuring ??= document.createElement('canvas').getContext('2d');
  if (!measuring) return 8;
  measuring.font = font;
  return measuring.measureText('0'.repeat(100)).width / 100 || 8;
}
