import { describe, expect, it } from 'vitest';
import { ageOf, countdownState } from './time-format';

describe('countdown and age', () => {
  it('says held when someone has the request open, and warns under 30 s', () => {
    expect(countdownState({ held: true }, 0)).toEqual({ kind: 'held' });
    // Held, a deadline is the agent's own: the card must not claim that one is paused.
    expect(countdownState({ held: true, deadline: 29_000 }, 0)).toEqual({
      kind: 'held-agent',
      text: '0:29',
      soon: true,
    });
    expect(countdownState({}, 0)).toEqual({ kind: 'none' });
    expect(countdownState({ deadline: 31_000 }, 0)).toEqual({ kind: 'running', text: '0:31', soon: false });
    expect(countdownState({ deadline: 29_000 }, 0)).toEqual({ kind: 'running', text: '0:29', soon: true });
  });

  it('gives a coarse age', () => {
    expect(ageOf(0, 59_000)).toEqual({ unit: 'now' });
    expect(ageOf(0, 5 * 60_000)).toEqual({ unit: 'minutes', count: 5 });
    expect(ageOf(0, 125 * 60_000)).toEqual({ unit: 'hours', count: 2 });
  });
});
