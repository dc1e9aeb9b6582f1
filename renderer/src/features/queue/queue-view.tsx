import { useImperativeHandle, useLayoutEffect, useMemo, useRef } from 'react';
import type { Ref } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useT } from '../../i18n/i18n-context';
import { useQueue } from '../../store/store-context';
import { BatchBar } from './batch-bar';
import { RequestCard } from './request-card';
import { SessionHeader } from './session-header';
import { groupBySession, toRows } from './session-groups';

export interface QueueHandle {
  /** Brings a card into view and gives it the focus: only ever on the person's own key press. */
  reveal(id: string): void;
}

const ESTIMATE = { session: 34, request: 280 } as const;
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
  const rows = useMemo(() => toRows(groupBySession(requests)), [requests]);
  const scroller = useRef<HTMLDivElement>(null);
  const anchor = useRef<{ key: string; offset: number } | undefined>(undefined);

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read in this render only
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => ESTIMATE[rows[index]?.kind ?? 'request'],
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 4,
    // The first screenful renders before the list has been measured, so a card never waits for a resize.
    initialRect: { width: 0, height: window.innerHeight },
    paddingStart: 8,
    paddingEnd: 24,
  });

  const captureAnchor = () => {
    const element = scroller.current;
    if (!element) return;
    const top = element.scrollTop;
    const first = virtualizer.getVirtualItems().find((item) => item.end > top);
    anchor.current = first && { key: String(first.key), offset: first.start - top };
  };

  useLayoutEffect(() => {
    const element = scroller.current;
    const kept = anchor.current;
    if (element && kept && element.scrollTop > 0) {
      const index = rows.findIndex((row) => row.key === kept.key);
      const start = index === -1 ? undefined : virtualizer.measurementsCache[index]?.start;
      if (start !== undefined && Math.abs(start - kept.offset - element.scrollTop) > 1) {
        element.scrollTop = start - kept.offset;
      }
    }
    captureAnchor();
  });

  useImperativeHandle(handle, () => ({
    reveal(id) {
      const index = rows.findIndex((row) => row.key === id);
      if (index === -1) return;
      virtualizer.scrollToIndex(index, { align: 'auto' });
      let frames = 0;
      const focus = () => {
        const cards = scroller.current?.querySelectorAll<HTMLElement>('[data-request-id]') ?? [];
        const card = [...cards].find((element) => element.dataset.requestId === id);
        if (card) card.focus({ preventScroll: true });
        else if (++frames < REVEAL_FRAMES) requestAnimationFrame(focus);
      };
      requestAnimationFrame(focus);
    },
  }));

  return (
    <section className="queue" aria-label={t('queue.label')}>
      <BatchBar />
      <div ref={scroller} className="queue__scroller" onScroll={captureAnchor}>
        {rows.length === 0 ? (
          <div className="empty">
            <h2 className="empty__title">{t('queue.empty.title')}</h2>
            <p>{t('queue.empty.body')}</p>
            <p className="empty__hint">{t('queue.empty.hint')}</p>
          </div>
        ) : (
          <div className="queue__spacer" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index]!;
              return (
                <div
                  key={item.key}
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  className={`queue__row queue__row--${row.kind}`}
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  {row.kind === 'session' ? (
                    <SessionHeader group={row.group} />
                  ) : (
                    <RequestCard request={row.request} />
                  )}
                </div>
              );
            })}
          </div>
        )}
      </div>
    </section>
  );
}
