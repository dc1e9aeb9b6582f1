/**
 * The seed's `createResolveOnce` (§9.7): many racers, one answer. `claim()` is the only way in; it is
 * atomic because JavaScript runs one callback at a time, so whichever racer's callback runs first wins and
 * every later one is refused and told who won.
 */
export type ClaimResult<R extends string> = { won: true } | { won: false; winner: R };

export interface ResolveOnce<T, R extends string = string> {
  /** Claims the decision for `racer` without delivering yet: for racers that need a moment (a write) first. */
  claim(racer: R): ClaimResult<R>;
  /** Claims and delivers in one step. A refused resolve delivers nothing. */
  resolve(racer: R, value: T): ClaimResult<R>;
  /** Delivers the value of a racer that already claimed. Throws if `racer` is not the winner. */
  deliver(racer: R, value: T): void;
  readonly winner: R | undefined;
  readonly settled: boolean;
}

export function createResolveOnce<T, R extends string = string>(
  onResolve: (value: T, racer: R) => void,
): ResolveOnce<T, R> {
  let winner: R | undefined;
  let delivered = false;

  const claim = (racer: R): ClaimResult<R> => {
    if (winner !== undefined) return { won: false, winner };
    winner = racer;
    return { won: true };
  };

  const deliver = (racer: R, value: T): void => {
    if (winner !== racer)
      throw new Error(`Racer "${racer}" cannot deliver: "${String(winner)}" holds the claim.`);
    if (delivered) throw new Error(`Racer "${racer}" already delivered its answer.`);
    delivered = true;
    onResolve(value, racer);
  };

  return {
    claim,
    deliver,
    resolve(racer, value) {
      const result = claim(racer);
      if (result.won) deliver(racer, value);
      return result;
    },
    get winner() {
      return winner;
    },
    get settled() {
      return winner !== undefined;
    },
  };
}
