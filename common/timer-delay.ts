/**
 * The longest delay a Node timer keeps. A longer one is clamped to 1 ms with only a warning, so a timeout
 * of 3,000,000,000 ms would fire at once; every timeout a person or a program sets is checked against it.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** What a timeout must be, for the end of a sentence that refuses one. */
export const TIMER_DELAY_RANGE = `a whole number of milliseconds from 1 to ${MAX_TIMER_MS} (about 24.8 days, the longest timer Node keeps)`;

export function isTimerDelay(ms: number): boolean {
  return Number.isInteger(ms) && ms >= 1 && ms <= MAX_TIMER_MS;
}
