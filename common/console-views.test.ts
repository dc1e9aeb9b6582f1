import { describe, expect, it } from 'vitest';
import { searchForView, viewFromSearch, views } from './console-views';

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
});
