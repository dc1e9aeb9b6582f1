import { describe, expect, it } from 'vitest';
import { INPUT_LIMITS, inputShapeProblem } from './input-bounds';

const nested = (depth: number, arrays = false): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value };
  return value;
};

describe('inputShapeProblem', () => {
  it('accepts an input up to the depth limit, and names the limit one level past it', () => {
    expect(inputShapeProblem(nested(INPUT_LIMITS.depth))).toBeUndefined();
    expect(inputShapeProblem(nested(INPUT_LIMITS.depth + 1))).toMatch(/nested more than 500 levels deep/);
    expect(inputShapeProblem(nested(INPUT_LIMITS.depth + 1, true))).toMatch(/nested more than 500/);
  });

  it('checks a nesting of 100,000 levels without running out of stack', () => {
    expect(inputShapeProblem(nested(100_000))).toMatch(/nested more than/);
  });

  it('counts keys and items across the whole input', () => {
    const half = INPUT_LIMITS.entries / 2;
    const keys = Object.fromEntries(Array.from({ length: half }, (_, i) => [`k${i}`, i]));
    const items = Array.from({ length: half - 2 }, (_, i) => i);
    expect(inputShapeProblem({ keys, items })).toBeUndefined();
    expect(inputShapeProblem({ keys, items: [...items, 0, 0] })).toMatch(/more than 100,000 keys and items/);
  });

  it('counts a __proto__ key as the data it is', () => {
    const input = JSON.parse(`{"__proto__":${JSON.stringify(nested(INPUT_LIMITS.depth))}}`) as unknown;
    expect(inputShapeProblem(input)).toMatch(/nested more than/);
  });
});
