import { describe, expect, it } from 'vitest';
import { toFtsQuery } from './search-query';

describe('toFtsQuery', () => {
  it('quotes each word as a prefix phrase so that operators are plain text', () => {
    expect(toFtsQuery('git  push --force')).toBe('"git"* "push"* "--force"*');
    expect(toFtsQuery('say "hi" OR NEAR(x')).toBe('"say"* """hi"""* "OR"* "NEAR(x"*');
  });

  it('drops words without a letter or digit and returns nothing when none are left', () => {
    expect(toFtsQuery('-- * "')).toBeUndefined();
    expect(toFtsQuery('ü --')).toBe('"ü"*');
  });
});
