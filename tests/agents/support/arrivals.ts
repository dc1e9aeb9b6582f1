/**
 * Values that arrive from an agent in order, each taken once by the test. One that arrives before the
 * test asks for it (a tool can run while the test is still pressing keys) waits here instead of being lost.
 */
export class Arrivals<T> {
  private readonly early: T[] = [];
  private readonly takers: ((value: T) => void)[] = [];

  push(value: T): void {
    const taker = this.takers.shift();
    if (taker) taker(value);
    else this.early.push(value);
  }

  /** The oldest value not yet taken, waiting for one if none has arrived. */
  next(): Promise<T> {
    if (this.early.length > 0) return Promise.resolve(this.early.shift() as T);
    return new Promise((resolve) => this.takers.push(resolve));
  }
}
