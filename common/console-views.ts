/**
 * The console's views. The address names the view (`?view=rules`), so a desktop window opens on its
 * own view and a web console tab can be reloaded or bookmarked on it.
 */
export const views = ['queue', 'rules', 'history', 'suggestions', 'settings'] as const;
export type View = (typeof views)[number];

export function viewFromSearch(search: string): View {
  const named = new URLSearchParams(search).get('view');
  return views.find((view) => view === named) ?? 'queue';
}

/** The query string for a view; the queue, the console's home, needs none. */
export function searchForView(
  view: View,
  options: { readonly request?: string; readonly cwd?: string; readonly rule?: string } = {},
): string {
  const params = new URLSearchParams();
  if (view !== 'queue') params.set('view', view);
  if (options.request !== undefined) params.set('request', options.request);
  if (options.cwd !== undefined) params.set('cwd', options.cwd);
  if (options.rule !== undefined) params.set('rule', options.rule);
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
}

/** The request a desktop window was opened to show (`?request=<id>`), if any. */
export function requestFromSearch(search: string): string | undefined {
  const id = new URLSearchParams(search).get('request');
  return id !== null && id.length > 0 && id.length <= 200 ? id : undefined;
}
