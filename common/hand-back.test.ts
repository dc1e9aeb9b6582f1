import { describe, expect, it } from 'vitest';
import { REFUSAL_PROVENANCE } from './classifier-refusal';
import {
  endsSoon,
  formatRemaining,
  handBack,
  handBackText,
  handsBackSoon,
  HANDS_BACK_SOON_MS,
} from './hand-back';

describe('time left before a request goes back to its agent', () => {
  it('formats what is left, rounding up, never below zero', () => {
    expect(formatRemaining(90_000)).toBe('1:30');
    expect(formatRemaining(89_001)).toBe('1:30');
    expect(formatRemaining(59_000)).toBe('0:59');
    expect(formatRemaining(3_600_000)).toBe('1:00:00');
    expect(formatRemaining(3_725_000)).toBe('1:02:05');
    expect(formatRemaining(-5_000)).toBe('0:00');
  });

  it('counts a request as handed back soon only inside the window, and never one without a deadline', () => {
    expect(handsBackSoon({ deadline: 1_000 + HANDS_BACK_SOON_MS - 1 }, 1_000)).toBe(true);
    expect(handsBackSoon({ deadline: 1_000 + HANDS_BACK_SOON_MS }, 1_000)).toBe(false);
    expect(handsBackSoon({}, 1_000)).toBe(false);
  });

  it('never counts an automated refusal, which stays refused when its time runs out', () => {
    const refusal = {
      deadline: 1_000 + 30_000,
      provenance: { type: REFUSAL_PROVENANCE, source: 'classifier', message: 'risky' },
    };
    expect(handsBackSoon(refusal, 1_000)).toBe(false);
    expect(endsSoon(refusal, 1_000)).toBe(true);
    expect(handBack([refusal, { deadline: 1_000 + 40_000 }], 1_000)).toEqual({ count: 1, left: 40_000 });
    expect(handBack([refusal], 1_000)).toBeUndefined();
  });

  it('says how many go back soon and how long the first of them has', () => {
    const now = 10_000;
    const requests = [
      { deadline: now + 600_000 },
      { deadline: now + 25_000 },
      {},
      { deadline: now + 12_000 },
    ];
    expect(handBack(requests, now)).toEqual({ count: 2, left: 12_000 });
    expect(handBackText(handBack(requests, now)!)).toBe('2 hand back in 0:12');
    expect(handBackText({ count: 1, left: 12_000 })).toBe('1 hands back in 0:12');
    expect(handBack([{ deadline: now + 600_000 }, {}], now)).toBeUndefined();
  });
});
