import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHistoryChanges } from './history-changes';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('createHistoryChanges', () => {
  it('says the first change at once and a burst after it once, when the interval ends', () => {
    const changes = createHistoryChanges(() => Date.now(), 1_000);
    const heard = vi.fn();
    changes.changed.subscribe(heard);
    changes.notify('requests');
    expect(heard).toHaveBeenCalledTimes(1);
    changes.notify('requests');
    changes.notify('requests');
    changes.notify('requests');
    expect(heard).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    expect(heard).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(5_000);
    expect(heard).toHaveBeenCalledTimes(2);
    changes.notify('requests');
    expect(heard).toHaveBeenCalledTimes(3);
    changes.close();
  });

  it('says which parts changed, a burst’s parts together', () => {
    const changes = createHistoryChanges(() => Date.now(), 1_000);
    const heard = vi.fn();
    changes.changed.subscribe(heard);
    changes.notify('activity');
    changes.notify('activity');
    changes.notify('requests');
    vi.advanceTimersByTime(1_000);
    changes.notify('activity');
    vi.advanceTimersByTime(1_000);
    changes.notify('requests', 'activity');
    vi.advanceTimersByTime(3_000);
    expect(heard.mock.calls.map(([change]) => [change.requests, change.activity])).toEqual([
      [false, true],
      [true, true],
      [false, true],
      [true, true],
    ]);
    changes.close();
  });

  it('says nothing more once closed', () => {
    const changes = createHistoryChanges(() => Date.now(), 1_000);
    const heard = vi.fn();
    changes.changed.subscribe(heard);
    changes.notify('requests');
    changes.notify('activity');
    changes.close();
    vi.advanceTimersByTime(2_000);
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
