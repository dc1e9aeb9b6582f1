import { describe, expect, it } from 'vitest';
import { requestFromSearch, searchForView, viewFromSearch, views } from './console-views';

describe('views', () => {
  it('reads the view the address names, and falls back to the queue', () => {
    expect(viewFromSearch('?view=rules')).toBe('rules');
    expect(viewFromSearch('?view=history&x=1')).toBe('history');
    expect(viewFromSearch('')).toBe('queue');
    expect(viewFromSearch('?view=constructor')).toBe('queue');
    expect(viewFromSearch('?view=RULES')).toBe('queue');
  });

  it('round-trips every view through its query string', () => {
    for (const view of views) expect(viewFromSearch(searchForView(view))).toBe(view);
  });

  it('names the request a window opens on, escaped, and ignores one that could not be an id', () => {
    const search = searchForView('queue', { request: 'a b&view=rules' });
    expect(viewFromSearch(search)).toBe('queue');
    expect(requestFromSearch(search)).toBe('a b&view=rules');
    expect(searchForView('history', { request: 'r1' })).toBe('?view=history&request=r1');
    expect(requestFromSearch('?request=')).toBeUndefined();
    expect(requestFromSearch(`?request=${'x'.repeat(201)}`)).toBeUndefined();
  });
});
