import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { promotedBy } from '../tests/support/young-generation';
import { SlotMap } from './slot-map';

type Operation = { op: 'set'; key: number; value: number } | { op: 'delete'; key: number } | { op: 'clear' };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ op: fc.constant('set' as const), key: fc.nat(12), value: fc.integer() }),
  },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('delete' as const), key: fc.nat(12) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('clear' as const) }) },
);

describe('SlotMap', () => {
  it('answers like a Map after any sequence of sets, deletes and clears', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 200 }), (operations) => {
        const slots = new SlotMap<number, number>();
        const map = new Map<number, number>();
        for (const step of operations) {
          if (step.op === 'set') {
            expect(slots.set(step.key, step.value)).toBe(slots);
            map.set(step.key, step.value);
          } else if (step.op === 'delete') {
            expect(slots.delete(step.key)).toBe(map.delete(step.key));
          } else {
            slots.clear();
            map.clear();
          }
          expect(slots.size).toBe(map.size);
        }
        for (let key = 0; key <= 12; key += 1) {
          expect(slots.get(key)).toBe(map.get(key));
          expect(slots.has(key)).toBe(map.has(key));
        }
        expect([...slots]).toEqual([...map]);
        expect([...slots.keys()]).toEqual([...map.keys()]);
        expect([...slots.values()]).toEqual([...map.values()]);
      }),
      { numRuns: 500 },
    );
  });

  it('visits every entry once while entries are deleted during the walk', () => {
    const slots = new SlotMap<string, number>();
    for (const [i, key] of ['a', 'b', 'c', 'd'].entries()) slots.set(key, i);
    const seen: string[] = [];
    for (const [key] of slots) {
      seen.push(key);
      slots.delete(key);
    }
    expect(seen).toEqual(['a', 'b', 'c', 'd']);
    expect(slots.size).toBe(0);
  });

  it('lets a deleted value die young while the table itself lives on', async () => {
    const table = new SlotMap<string, number[]>();
    const values = 4_000;
    const valueBytes = 8_192;
    // The table reaches the old generation first, as the console's tables do within seconds of starting.
    const promoted = await promotedBy(async () => {
      for (let i = 0; i < values; i += 1) {
        table.set(`r${i}`, new Array<number>(valueBytes / 8).fill(i));
        if (i >= 3) table.delete(`r${i - 3}`);
        if (i % 100 === 99) await new Promise((resolve) => setImmediate(resolve));
      }
      for (const key of [...table.keys()]) table.delete(key);
    });
    expect(table.size).toBe(0);
    // Every value would be 32 MB; a quarter of it allows for what the test process itself moves around.
    expect(promoted).toBeLessThan((values * valueBytes) / 4);
  });
});
