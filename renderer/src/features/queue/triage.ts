/** The queue at a glance, as pure data: the window's title and which new cards the person has not seen yet. */

export const APP_TITLE = 'Gatehouse';

/**
 * "(3) Gatehouse": the count shows in the taskbar and tab even while the window is behind others; so does
 * `handBack`, the words for what goes back to its agent soon, first in the title so a narrow tab keeps it.
 */
export function titleFor(waiting: number, handBack?: string): string {
  if (waiting === 0) return APP_TITLE;
  return handBack ? `(${waiting}) ${handBack} · ${APP_TITLE}` : `(${waiting}) ${APP_TITLE}`;
}

export interface Span {
  readonly start: number;
  readonly end: number;
}

export type Place = 'above' | 'in' | 'below';

/** Where a row sits against the visible part of the list; touching the view counts as seen. */
export function placeOf(row: Span, view: Span): Place {
  if (row.end <= view.start) return 'above';
  if (row.start >= view.end) return 'below';
  return 'in';
}

/**
 * The arrivals still out of view, split by side, in list order; those that came into view are gone for good
 * (`seen`), so a card scrolled past once never counts as new again.
 */
export function unseenArrivals(
  arrivals: readonly string[],
  order: readonly string[],
  spanOf: (id: string) => Span | undefined,
  view: Span,
): { above: string[]; below: string[]; seen: string[] } {
  const above: string[] = [];
  const below: string[] = [];
  const seen: string[] = [];
  const pending = new Set(arrivals);
  for (const id of order) {
    if (!pending.has(id)) continue;
    const span = spanOf(id);
    const place = span ? placeOf(span, view) : 'in';
    (place === 'above' ? above : place === 'below' ? below : seen).push(id);
  }
  return { above, below, seen };
}
