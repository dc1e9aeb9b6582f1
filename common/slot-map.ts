/**
 * A Map for a long-lived table of short-lived values, such as the requests in flight, that lets a deleted
 * value die young.
 *
 * Why not a Map: once a Map's hash table has reached V8's old generation, every table that replaces it is
 * allocated there too, and a Map replaces its table every few insertions when entries keep coming and going.
 * A replaced table still points at every value it held (iterators that were walking it need them) until a
 * full collection sweeps it. Until then each young collection treats those values as live, so every value
 * that was ever in the table, and everything it references, is copied and promoted, and the young
 * collections that do it take longer (slot-map.test.ts measures it; a plain Map fails it).
 *
 * Here the Map holds only a small integer per key, and the values sit in an array whose slot is cleared on
 * delete and reused; that array is only replaced when more values are held at once than ever before. A
 * replaced table can keep nothing alive but keys.
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
