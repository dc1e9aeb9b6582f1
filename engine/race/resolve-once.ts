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

/*
 * A class, not an object literal with closures: a literal's `get winner()` gives every race an accessor pair
 * of its own, and V8 allocates accessor pairs straight into the old generation, which only a full
 * collection sweeps. Until then each dead pair still points at its getter, whose closure reaches the race's
 * callback and everything that holds (the request, its timer, its explanation), so all of it survived every
 * young collection and was promoted: on the console, about 2 KB a request and young-collection pauses of
 * 5–15 ms. On a class the accessors sit once on the prototype.
 */
class Race<T, R extends string> implements ResolveOnce<T, R> {
  #winner: R | undefined;
  #delivered = false;

  constructor(private readonly onResolve: (value: T, racer: R) => void) {}

  claim(racer: R): ClaimResult<R> {
    if (this.#winner !== undefined) return { won: false, winner: this.#winner };
    this.#winner = racer;
    return { won: true };
  }

  deliver(racer: R, value: T): void {
    if (this.#winner !== racer)
      throw new Error(`Racer "${racer}" cannot deliver: "${String(this.#winner)}" holds the claim.`);
    if (this.#delivered) throw new Error(`Racer "${racer}" already delivered its answer.`);
    this.#delivered = true;
    this.onResolve(value, racer);
  }

  resolve(racer: R, value: T): ClaimResult<R> {
    const result = this.claim(racer);
    if (result.won) this.deliver(racer, value);
    return result;
  }

  get winner(): R | undefined {
    return this.#winner;
  }

  get settled(): boolean {
    return this.#winner !== undefined;
  }
}

export function createResolveOnce<T, R extends string = string>(
  onResolve: (value: T, racer: R) => void,
): ResolveOnce<T, R> {
  return new Race(onResolve);
}
