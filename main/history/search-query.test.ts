import { describe, expect, it } from 'vitest';
import { toFtsQuery } from './search-query';

describe('toFtsQuery', () => {
  it('quotes each word as a phrase so that operators are plain text, the one being typed as a prefix', () => {
    expect(toFtsQuery('git  push --force')).toBe('"git" "push" "--force"*');
    expect(toFtsQuery('say "hi" OR NEAR(x')).toBe('"say" """hi""" "OR" "NEAR(x"*');
    expect(toFtsQuery('kub')).toBe('"kub"*');
  });

  it('matches every word as itself once a space follows the last', () => {
    expect(toFtsQuery('git push ')).toBe('"git" "push"');
    expect(toFtsQuery('  git')).toBe('"git"*');
  });

  it('drops words without a letter or digit and returns nothing when none are left', () => {
    expect(toFtsQuery('-- * "')).toBeUndefined();
    expect(toFtsQuery('ü --')).toBe('"ü"');
    expect(toFtsQuery('ü')).toBe('"ü"*');
  });
});
