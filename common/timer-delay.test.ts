import { describe, expect, it } from 'vitest';
import { isTimerDelay, MAX_TIMER_MS } from './timer-delay';

describe('isTimerDelay', () => {
  it('takes whole milliseconds up to the longest delay Node keeps', () => {
    expect(isTimerDelay(1)).toBe(true);
    expect(isTimerDelay(600_000)).toBe(true);
    expect(isTimerDelay(MAX_TIMER_MS)).toBe(true);
  });

  it('refuses what Node would clamp to 1 ms, and what is not a delay at all', () => {
    for (const ms of [MAX_TIMER_MS + 1, 3_000_000_000, 0, -5, 1.5, Number.NaN, Infinity])
      expect(isTimerDelay(ms)).toBe(false);
  });

  it('is the bound Node itself uses: one past it fires at once', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    await new Promise<void>((resolve) => setTimeout(resolve, MAX_TIMER_MS + 1));
    await new Promise<void>((resolve) => setImmediate(resolve));
    process.off('warning', onWarning);
    expect(warnings).toContain('TimeoutOverflowWarning');
  });
});
