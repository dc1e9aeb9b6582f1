/**
 * The console's three views. The address names the view (`?view=rules`), so a desktop window opens on its
 * own view and a web console tab can be reloaded or bookmarked on it.
 */
export const views = ['queue', 'rules', 'history'] as const;
export type View = (typeof views)[number];

export function viewFromSearch(search: string): View {
  const named = new URLSearchParams(search).get('view');
  return views.find((view) => view === named) ?? 'queue';
}

/** The query string for a view; the queue, the console's home, needs none. */
export function searchForView(view: View): string {
  return view === 'queue' ? '' : `?view=${view}`;
}
