import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
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
});
