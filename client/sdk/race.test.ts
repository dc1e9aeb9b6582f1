import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ABORTED, raceForDecision, RaceLost } from './race';
import type { Claim, Racer } from './race';

/** A racer that claims `value` when told to, and records what it saw. */
function manual(name: string) {
  const seen: { claim?: Claim<string>; signal?: AbortSignal } = {};
  const racer: Racer<string> = {
    name,
    run(claim, signal) {
      seen.claim = claim;
      seen.signal = signal;
    },
  };
  return { racer, seen, claim: (value: string) => seen.claim!(value) };
}

describe('raceForDecision', () => {
  it('gives the decision to the first claim and aborts every other racer with RaceLost', async () => {
    const a = manual('terminal');
    const b = manual('console');
    const c = manual('classifier');
    const race = raceForDecision([a.racer, b.racer, c.racer]);
    expect(b.claim('allow')).toEqual({ won: true });
    expect(a.claim('deny')).toEqual({ won: false, winner: 'console' });
    await expect(race).resolves.toEqual({ winner: 'console', value: 'allow' });
    expect(a.seen.signal?.reason).toEqual(new RaceLost('console'));
    expect(c.seen.signal?.aborted).toBe(true);
    expect(b.seen.signal?.aborted).toBe(false);
  });

  it('has exactly one winner however many racers claim at once, in any order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 40 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 40 }),
        async (n, order) => {
          const racers = Array.from({ length: n }, (_, i) => manual(`r${i}`));
          const race = raceForDecision(racers.map((r) => r.racer));
          const results = await Promise.all(
            order.map((k) => Promise.resolve().then(() => racers[k % n]!.claim(`v${k % n}`))),
          );
          const outcome = await race;
          expect(results.filter((r) => r.won)).toHaveLength(1);
          expect(results.filter((r) => !r.won).every((r) => !r.won && r.winner === outcome.winner)).toBe(
            true,
          );
          expect(outcome.value).toBe(`v${outcome.winner.slice(1)}`);
          const losers = racers.filter((r) => r.racer.name !== outcome.winner);
          expect(losers.every((r) => r.seen.signal?.reason instanceof RaceLost)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('rejects when every racer finished without claiming, carrying their errors', async () => {
    const race = raceForDecision<string, string>([
      { name: 'console', run: async () => undefined },
      { name: 'hook', run: async () => Promise.reject(new Error('hook crashed')) },
    ]);
    await expect(race).rejects.toMatchObject({
      message: 'Every racer finished without answering.',
      errors: [new Error('hook crashed')],
    });
  });

  it('waits for a racer that returned nothing, even when the others are out', async () => {
    const terminal = manual('terminal');
    const race = raceForDecision([{ name: 'console', run: async () => undefined }, terminal.racer]);
    await Promise.resolve();
    terminal.claim('deny');
    await expect(race).resolves.toEqual({ winner: 'terminal', value: 'deny' });
  });

  it('on its own abort aborts every racer, rejects, and refuses later claims', async () => {
    const a = manual('terminal');
    const controller = new AbortController();
    const race = raceForDecision([a.racer], controller.signal);
    controller.abort('user quit');
    await expect(race).rejects.toMatchObject({ code: 'aborted', cause: 'user quit' });
    expect(a.seen.signal?.reason).toBe('user quit');
    expect(a.claim('allow')).toEqual({ won: false, winner: ABORTED });
  });

  it('refuses duplicate or reserved racer names', () => {
    expect(() => raceForDecision([manual('x').racer, manual('x').racer])).toThrow(RangeError);
    expect(() => raceForDecision([manual(ABORTED).racer])).toThrow(RangeError);
  });
});
