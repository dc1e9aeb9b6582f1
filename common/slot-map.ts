/**
 * A Map whose deleted values die young, where an old Map's replaced tables keep them to a full collection:
 * the open-loop bench's p99 ≤ 20 ms needs it (docs/architecture.md, "What a request leaves in memory").
 */
export class SlotMap<K, V> implements Iterable<[K, V]> {
  private readonly index = new Map<K, number>();
  private readonly slots: Array<V | undefined> = [];
  private readonly free: number[] = [];

  get size(): number {
    return this.index.size;
  }

  get(key: K): V | undefined {
    const slot = this.index.get(key);
    return slot === undefined ? undefined : this.slots[slot];
  }

  has(key: K): boolean {
    return this.index.has(key);
  }

  set(key: K, value: V): this {
    let slot = this.index.get(key);
    if (slot === undefined) {
      slot = this.free.pop() ?? this.slots.length;
      this.index.set(key, slot);
    }
    this.slots[slot] = value;
    return this;
  }

  delete(key: K): boolean {
    const slot = this.index.get(key);
    if (slot === undefined) return false;
    this.index.delete(key);
    this.slots[slot] = undefined;
    this.free.push(slot);
    return true;
  }

  clear(): void {
    this.index.clear();
    this.slots.length = 0;
    this.free.length = 0;
  }

  /** Keys in insertion order, like a Map's; deleting while iterating is safe, as it is for a Map. */
  keys(): IterableIterator<K> {
    return this.index.keys();
  }

  *values(): IterableIterator<V> {
    for (const slot of this.index.values()) yield this.slots[slot] as V;
  }

  *entries(): IterableIterator<[K, V]> {
    for (const [key, slot] of this.index) yield [key, this.slots[slot] as V];
  }

  [Symbol.iterator](): IterableIterator<[K, V]> {
    return this.entries();
  }
}
