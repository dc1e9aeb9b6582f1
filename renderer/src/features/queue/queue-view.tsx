import { useCallback, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Ref } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useT } from '../../i18n/i18n-context';
import { useQueue } from '../../store/store-context';
import { BatchBar } from './batch-bar';
import { RequestCard } from './request-card';
import { SessionHeader } from './session-header';
import { needsSecondLook, queueLayout, toRows } from '../../store/session-groups';
import { HandBackCount, LaneCaption, LaneHeader, WindowTitle } from './lane';
import { ArrivalCue, SecondLookCount } from './triage-bar';
import { unseenArrivals } from './triage';
import type { Span } from './triage';
import './queue.css';

export interface QueueHandle {
  /** Brings a card into view and gives it the focus: only ever on the person's own key press. */
  reveal(id: string): void;
}

/**
 * What a person runs to send an agent's prompts here, and to check the hooks are in place: the installed
 * command, never npx of the bare name, which outside the checkout runs an unrelated package of that name.
 */
const CONNECT = [
  ['gatehouse install claude', 'queue.empty.claude'],
  ['gatehouse install codex', 'queue.empty.codex'],
  ['gatehouse doctor', 'queue.empty.doctor'],
] as const;
/** How the command gets onto the PATH from a checkout (README.md, Quickstart). */
const INSTALL = 'npm ci && npm pack && npm install -g ./gatehouse-console-gatehouse-*.tgz';

const ESTIMATE = { lane: 34, session: 34, request: 280 } as const;
/** Frames to wait for a revealed card to be rendered before giving up on focusing it. */
const REVEAL_FRAMES = 10;

/**
 * The inbox: session headers and cards in one virtual list, so a thousand requests render only what is in
 * view. Rows that come or go above what the person is reading never move it: the first visible row is kept
 * where it was.
 */
export function QueueView({ handle }: { handle?: Ref<QueueHandle> }) {
  const t = useT();
  const requests = useQueue((s) => s.requests);
  const lane = useQueue((s) => s.lane);
  const rows = useMemo(() => toRows(queueLayout(requests, lane)), [requests, lane]);
  const loaded = useQueue((s) => s.loaded);
  // Every render places each unseen arrival (999 of them with 1,000 pending): a lookup each, not a scan each.
  const rowIndex = useMemo(() => new Map(rows.map((row, index) => [row.key, index])), [rows]);
  const scroller = useRef<HTMLDivElement>(null);
  const section = useRef<HTMLElement>(null);
  /** The row being read and its distance from the top of the queue, which bars appearing above never move. */
  const anchor = useRef<{ key: string; offset: number; listTop: number } | undefined>(undefined);
  const resolutions = useQueue((s) => s.resolutions);
  const consoleLost = useQueue((s) => s.consoleLost);
  const open = useMemo(
    () =>
      consoleLost
        ? []
        : rows.flatMap((row) => (row.kind === 'request' && !resolutions[row.key] ? [row.request] : [])),
    [rows, resolutions, consoleLost],
  );
  const order = useMemo(() => open.map((request) => request.id), [open]);
  const secondLook = useMemo(() => open.filter(needsSecondLook).map((request) => request.id), [open]);
  const openLane = useMemo(() => open.filter((request) => lane[request.id]), [open, lane]);

  // New only with new rows: the virtualizer re-reckons every row's place when its key function changes,
  // and the queue renders twice for an arrival (the second time for the arrival cue).
  const estimateSize = useCallback((index: number) => ESTIMATE[rows[index]?.kind ?? 'request'], [rows]);
  const getItemKey = useCallback((index: number) => rows[index]?.key ?? index, [rows]);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read in this render only
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize,
    getItemKey,
    overscan: 4,
    // The first screenful renders before the list has been measured, so a card never waits for a resize.
    initialRect: { width: 0, height: window.innerHeight },
    paddingStart: 8,
    paddingEnd: 24,
    scrollPaddingStart: 8,
    scrollPaddingEnd: 8,
    // Measured sizes move the rows without a second render of the whole queue: ~1 ms off each arrival at 1,000.
    directDomUpdates: true,
    directDomUpdatesMode: 'position',
  });

  // The cards already waiting when the console opened are not news; any later one out of view is.
  const [tracked, setTracked] = useState<{
    order: readonly string[];
    known?: ReadonlySet<string>;
    arrivals: readonly string[];
  }>({ order: [], arrivals: [] });
  const items = virtualizer.getVirtualItems();
  const viewOf = (offset: number): Span => ({
    start: offset,
    end: offset + (virtualizer.scrollRect?.height ?? window.innerHeight),
  });
  const spanOf = (id: string): Span | undefined => {
    const index = rowIndex.get(id);
    const measured = index === undefined ? undefined : virtualizer.measurementsCache[index];
    return measured && { start: measured.start, end: measured.end };
  };
  /**
   * Where the list will be scrolled once the anchor has kept the row being read in its place: a card that
   * arrives above that row pushes it down and the anchor scrolls by as much, so the card lands out of view
   * above. Placed against the offset before that, it would count as seen and never be cued.
   */
  const anchoredOffset = (): number => {
    const offset = virtualizer.scrollOffset ?? 0;
    const kept = anchor.current;
    const index = kept && rowIndex.get(kept.key);
    const start = index === undefined ? undefined : virtualizer.measurementsCache[index]?.start;
    const listTop = listTopOf(scroller.current, section.current);
    return kept && start !== undefined && listTop !== undefined && offset > 0
      ? start - (kept.offset - listTop)
      : offset;
  };
  if (tracked.order !== order) {
    const fresh = tracked.known ? order.filter((id) => !tracked.known?.has(id)) : [];
    const view = viewOf(anchoredOffset());
    const outOfView = unseenArrivals(fresh, order, spanOf, view);
    setTracked({
      order,
      known: order.length === 0 && !tracked.known ? undefined : new Set([...(tracked.known ?? []), ...order]),
      arrivals: [...tracked.arrivals, ...outOfView.above, ...outOfView.below],
    });
  }
  const unseen = unseenArrivals(tracked.arrivals, order, spanOf, viewOf(virtualizer.scrollOffset ?? 0));
  const pruneSeen = () => {
    const element = scroller.current;
    if (!element) return;
    const { seen } = unseenArrivals(tracked.arrivals, order, spanOf, {
      start: element.scrollTop,
      end: element.scrollTop + element.clientHeight,
    });
    if (seen.length > 0)
      setTracked((state) => ({ ...state, arrivals: state.arrivals.filter((id) => !seen.includes(id)) }));
  };

  // Rows above the reading position are compensated by the anchor, never twice by the virtualizer too.
  useLayoutEffect(() => {
    virtualizer.shouldAdjustScrollPositionOnItemSizeChange = () => false;
  }, [virtualizer]);

  /**
   * The row the person is reading and where it sits on screen, read from the DOM (exactly what they see): the
   * first row that starts inside the view, or, when one tall row covers all of it, the row that does.
   */
  const captureAnchor = useCallback(() => {
    const element = scroller.current;
    if (!element || !section.current) return;
    const top = element.getBoundingClientRect().top;
    const base = section.current.getBoundingClientRect().top;
    let inside: { key: string; top: number } | undefined;
    let covering: { key: string; top: number } | undefined;
    for (const row of element.querySelectorAll<HTMLElement>('.queue__row')) {
      const at = { key: row.dataset.key ?? '', top: row.getBoundingClientRect().top };
      if (at.top >= top - 1) {
        if (!inside || at.top < inside.top) inside = at;
      } else if (!covering || at.top > covering.top) {
        covering = at;
      }
    }
    const first = inside ?? covering;
    anchor.current = first && { key: first.key, offset: first.top - base, listTop: top - base };
  }, []);

  /**
   * Keeps the row being read where it was. At the top of the list only a push down is undone (the
   * second-look bar appearing above it): nothing above the first row can have gone.
   */
  const keepAnchor = useCallback(() => {
    const element = scroller.current;
    const kept = anchor.current;
    if (element && section.current && kept) {
      const rowElements = element.querySelectorAll<HTMLElement>('.queue__row');
      const row = [...rowElements].find((candidate) => candidate.dataset.key === kept.key);
      const drift = row
        ? row.getBoundingClientRect().top - section.current.getBoundingClientRect().top - kept.offset
        : 0;
      if ((element.scrollTop > 0 || drift > 0) && Math.abs(drift) > 1) element.scrollTop += drift;
    }
    captureAnchor();
  }, [captureAnchor]);
  // After each render of the queue; and whenever a bar above the list (the batch bar, the counts) comes or
  // goes, which renders the bar alone and moves the list's top: that lands before the next paint, so a
  // pointer about to press meets the row it aimed at, not one pushed under it.
  useLayoutEffect(keepAnchor);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const listTop = listTopOf(element, section.current);
      const kept = anchor.current;
      if (kept && listTop !== undefined && Math.abs(listTop - kept.listTop) > 1) keepAnchor();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [keepAnchor]);

  const reveal = (id: string) => {
    const index = rowIndex.get(id);
    if (index === undefined) return;
    // Moving up to a session's (or the lane's) first card brings its header into view with it.
    const start = virtualizer.measurementsCache[index]?.start ?? 0;
    const above = start < (scroller.current?.scrollTop ?? 0) + ESTIMATE.session;
    const previous = rows[index - 1];
    const header = previous && previous.kind !== 'request' ? index - 1 : index;
    if (above) virtualizer.scrollToIndex(header, { align: 'start' });
    else virtualizer.scrollToIndex(index, { align: 'auto' });
    let frames = 0;
    const focus = () => {
      const cards = scroller.current?.querySelectorAll<HTMLElement>('[data-request-id]') ?? [];
      const card = [...cards].find((element) => element.dataset.requestId === id);
      if (card) card.focus({ preventScroll: true });
      else if (++frames < REVEAL_FRAMES) requestAnimationFrame(focus);
    };
    requestAnimationFrame(focus);
  };
  useImperativeHandle(handle, () => ({ reveal }));

  return (
    <section ref={section} className="queue" aria-label={t('queue.label')}>
      <WindowTitle open={open} />
      <BatchBar />
      <HandBackCount requests={openLane} onReveal={reveal} />
      <SecondLookCount ids={secondLook} onReveal={reveal} />
      <div className="queue__frame">
        <ArrivalCue side="above" ids={unseen.above} onReveal={reveal} />
        <div
          ref={scroller}
          className="queue__scroller"
          aria-busy={!loaded}
          onScroll={() => {
            captureAnchor();
            pruneSeen();
          }}
        >
          {!loaded ? null : rows.length === 0 ? (
            <div className="empty">
              <h2 className="empty__title">{t('queue.empty.title')}</h2>
              <p>{t('queue.empty.body')}</p>
              <p>{t('queue.empty.connect')}</p>
              <dl className="empty__commands">
                {CONNECT.map(([command, key]) => (
                  <div key={command} className="empty__command">
                    <dt>
                      <code>{command}</code>
                    </dt>
                    <dd>{t(key)}</dd>
                  </div>
                ))}
              </dl>
              <p>{t('queue.empty.install')}</p>
              <p className="empty__install">
                <code>{INSTALL}</code>
              </p>
              <p className="empty__hint">{t('queue.empty.hint')}</p>
            </div>
          ) : (
            <div className="queue__spacer" ref={virtualizer.containerRef}>
              {items.map((item) => {
                const row = rows[item.index]!;
                return (
                  <div
                    key={item.key}
                    ref={virtualizer.measureElement}
                    data-index={item.index}
                    data-key={row.key}
                    className={`queue__row queue__row--${row.kind}`}
                  >
                    {row.kind === 'lane' ? (
                      <LaneHeader />
                    ) : row.kind === 'session' ? (
                      <SessionHeader group={row.group} label={row.label} />
                    ) : (
                      <>
                        {row.laneSession !== undefined && (
                          <LaneCaption request={row.request} session={row.laneSession} />
                        )}
                        <RequestCard request={row.request} />
                      </>
                    )}
                  </div>
                );
              })}
            </div>
          )}
        </div>
        <ArrivalCue side="below" ids={unseen.below} onReveal={reveal} />
      </div>
    </section>
  );
}

/** How far below the top of the queue its list starts: the bars above it take their lines. */
function listTopOf(list: HTMLElement | null, queue: HTMLElement | null): number | undefined {
  return list && queue ? list.getBoundingClientRect().top - queue.getBoundingClientRect().top : undefined;
}
