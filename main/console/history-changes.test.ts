import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHistoryChanges } from './history-changes';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('createHistoryChanges', () => {
  it('says the first change at once and a burst after it once, when the interval ends', () => {
    const changes = createHistoryChanges(() => Date.now(), 1_000);
    const heard = vi.fn();
    changes.changed.subscribe(heard);
    changes.notify();
    expect(heard).toHaveBeenCalledTimes(1);
    changes.notify();
    changes.notify();
    changes.notify();
    expect(heard).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    expect(heard).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(5_000);
    expect(heard).toHaveBeenCalledTimes(2);
    changes.notify();
    expect(heard).toHaveBeenCalledTimes(3);
    changes.close();
  });

  it('says nothing more once closed', () => {
    const changes = createHistoryChanges(() => Date.now(), 1_000);
    const heard = vi.fn();
    changes.changed.subscribe(heard);
    changes.notify();
    changes.notify();
    changes.close();
    vi.advanceTimersByTime(2_000);
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
