import { describe, expect, it } from 'vitest';
import { nextTryIn, RETRY_EVERY_MS, RETRY_FOR_MS } from './send-retry';

describe('when a send is tried again', () => {
  it('tries again at a steady pace after a network error or a server error, however many came before', () => {
    expect(nextTryIn({ answered: false }, 0)).toBe(RETRY_EVERY_MS);
    expect(nextTryIn({ answered: false }, 5 * 60_000)).toBe(RETRY_EVERY_MS);
    expect(nextTryIn({ answered: true, ok: false, code: 502 }, 60_000)).toBe(RETRY_EVERY_MS);
  });

  it('waits what a 429 asks for, longer or shorter than the pace', () => {
    expect(nextTryIn({ answered: true, ok: false, code: 429, retryAfter: 7 }, 0)).toBe(7_000);
    expect(nextTryIn({ answered: true, ok: false, code: 429, retryAfter: 1 }, 0)).toBe(1_000);
    expect(nextTryIn({ answered: true, ok: false, code: 429 }, 0)).toBe(RETRY_EVERY_MS);
  });

  it('stops at an answer that another try would not change, and when the next would come too late', () => {
    expect(nextTryIn({ answered: true, ok: true }, 0)).toBeUndefined();
    expect(nextTryIn({ answered: true, ok: false, code: 400 }, 0)).toBeUndefined();
    expect(nextTryIn({ answered: true, ok: false, code: 403 }, 0)).toBeUndefined();
    expect(nextTryIn({ answered: false }, RETRY_FOR_MS - RETRY_EVERY_MS + 1)).toBeUndefined();
    expect(nextTryIn({ answered: true, ok: false, code: 429, retryAfter: 3_600 }, 0)).toBeUndefined();
  });
});
