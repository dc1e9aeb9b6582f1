import { describe, expect, it } from 'vitest';
import { backoffDelay, DEFAULT_RECONNECT, validatePolicy } from './backoff';

const exact = { initialDelayMs: 100, maxDelayMs: 1_000, factor: 2, jitter: 0 };

describe('backoffDelay', () => {
  it('grows by the factor from the initial delay and stops at the cap', () => {
    expect([0, 1, 2, 3, 4, 10].map((n) => backoffDelay(exact, n))).toEqual([
      100, 200, 400, 800, 1_000, 1_000,
    ]);
  });

  it('takes up to the jitter share off each delay, never adding to it', () => {
    const policy = { ...exact, jitter: 0.5 };
    expect(backoffDelay(policy, 2, () => 0)).toBe(400);
    expect(backoffDelay(policy, 2, () => 0.999_999)).toBe(200);
    expect(backoffDelay(policy, 9, () => 0.5)).toBe(750);
  });

  it('keeps the default cap below the console’s 10 s disconnect grace', () => {
    expect(backoffDelay(DEFAULT_RECONNECT, 50, () => 0)).toBeLessThan(10_000);
  });

  it.each([
    { ...exact, jitter: 1.5 },
    { ...exact, factor: 0.5 },
    { ...exact, maxDelayMs: 50 },
    { ...exact, initialDelayMs: -1 },
    // Past Node's longest timer the delay is clamped to 1 ms: a reconnect storm.
    { ...exact, maxDelayMs: 3_000_000_000 },
  ])('refuses a policy that cannot back off: %o', (policy) => {
    expect(() => validatePolicy(policy)).toThrow(RangeError);
  });
});
