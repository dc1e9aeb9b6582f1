/**
 * `createResolveOnce`, the race of racers (docs/engine.md, The pipeline): `claim()` is atomic because JS runs
 * one callback at a time.
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

// A class: accessors on a literal are allocated per race in V8's old generation and kept each race alive.
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
