/**
 * The race of racers (docs/engine.md, The pipeline) for code that runs beside an agent: every racer starts at
 * once, the first `claim()` wins through `common/race/resolve-once.ts`, and every other racer is aborted with
 * a `RaceLost` reason naming the winner, so it can withdraw (close its prompt, cancel its console request).
 *
 * A racer that returns a promise is out of the race once that promise settles without a claim (the console
 * handed the question back, a prompt's input ended); when every racer is out, the race rejects. A racer that
 * returns nothing stays in until the race ends.
 */
import { createResolveOnce } from '../../common/race/resolve-once';
import type { ClaimResult } from '../../common/race/resolve-once';
import { BridgeError } from './errors';

/** Claims the decision for this racer: `{ won: true }` once, then `{ won: false, winner }` for everyone. */
export type Claim<T> = (value: T) => ClaimResult<string>;

export interface Racer<T, R extends string = string> {
  readonly name: R;
  readonly run: (claim: Claim<T>, signal: AbortSignal) => void | Promise<void>;
}

export interface RaceOutcome<T, R extends string> {
  readonly winner: R;
  readonly value: T;
}

/** The abort reason a losing racer sees. */
export class RaceLost extends Error {
  constructor(readonly winner: string) {
    super(`Another racer ("${winner}") answered first.`);
    this.name = 'RaceLost';
  }
}

/** The claim the race's own signal makes, so a racer answering after an abort is told it lost. */
export const ABORTED = 'aborted';

export function raceForDecision<T, R extends string>(
  racers: readonly Racer<T, R>[],
  signal?: AbortSignal,
): Promise<RaceOutcome<T, R>> {
  const names = new Set<string>(racers.map((racer) => racer.name));
  if (names.size !== racers.length || names.has(ABORTED) || racers.length === 0) {
    throw new RangeError(`A race needs at least one racer, with distinct names other than "${ABORTED}".`);
  }
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new BridgeError('The race was aborted before it started.', 'aborted', { cause: signal.reason }));
      return;
    }
    const entries = racers.map((racer) => ({ racer, controller: new AbortController() }));
    const abortAll = (except: string | undefined, reason: unknown) => {
      for (const { racer, controller } of entries) if (racer.name !== except) controller.abort(reason);
    };
    const once = createResolveOnce<T | undefined, string>((value, winner) => {
      signal?.removeEventListener('abort', onAbort);
      if (winner === ABORTED) {
        abortAll(undefined, signal?.reason);
        reject(new BridgeError('The race was aborted.', 'aborted', { cause: signal?.reason }));
        return;
      }
      abortAll(winner, new RaceLost(winner));
      resolve({ winner: winner as R, value: value as T });
    });
    const onAbort = () => once.resolve(ABORTED, undefined);
    signal?.addEventListener('abort', onAbort, { once: true });

    const errors: unknown[] = [];
    let running = racers.length;
    const out = (failed: boolean, error?: unknown) => {
      if (failed) errors.push(error);
      running -= 1;
      if (running > 0 || once.settled) return;
      signal?.removeEventListener('abort', onAbort);
      reject(new AggregateError(errors, 'Every racer finished without answering.'));
    };
    for (const { racer, controller } of entries) {
      const claim: Claim<T> = (value) => once.resolve(racer.name, value);
      try {
        const result = racer.run(claim, controller.signal);
        if (result !== undefined)
          result.then(
            () => out(false),
            (error: unknown) => out(true, error),
          );
      } catch (error) {
        out(true, error);
      }
    }
  });
}
