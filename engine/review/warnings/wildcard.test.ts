import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchBashPatternText } from '../../bash';
import {
  bashPatternContains,
  bashPatternGlobs,
  bashPatternMatchesEverything,
  globsContain,
  STAR,
  type Glob,
} from './wildcard';

/** Few characters, so random patterns often overlap; `\` and `:` exercise escapes and the `:*` suffix. */
const char = fc.constantFrom('g', 'i', 't', ' ', '*', ':', '\\');
const pattern = fc.array(char, { maxLength: 8 }).map((cs) => cs.join(''));
const text = fc
  .array(fc.constantFrom('g', 'i', 't', ' ', '*', ':', '\\', 'x'), { maxLength: 10 })
  .map((cs) => cs.join(''));
const word = (s: string): Glob => s.split('');

/** A string of `glob`'s language: each star filled with `fills[i]`. */
function instance(glob: Glob, fills: readonly string[]): string {
  let star = 0;
  return glob.map((part) => (part === STAR ? (fills[star++ % fills.length] ?? '') : part)).join('');
}

/** A narrower pattern made from `outer`: some stars replaced by text, text appended after a final star. */
const refinement = (outer: string) =>
  fc.array(fc.constantFrom('', 'g', ' i', 't*', '*'), { minLength: 1, maxLength: 4 }).map((fills) => {
    let i = 0;
    return outer.replace(/\*/g, () => fills[i++ % fills.length]!);
  });

describe('the Bash pattern model', () => {
  it('agrees with the real matcher on every string', () => {
    fc.assert(
      fc.property(pattern, text, (p, s) => {
        expect(globsContain([word(s)], bashPatternGlobs(p))).toBe(matchBashPatternText(p, s));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('containment soundness against the real matcher', () => {
  const pair = fc.oneof(
    fc.tuple(pattern, pattern),
    pattern.chain((outer) => refinement(outer).map((inner) => [inner, outer] as const)),
  );
  it('whenever A is contained in B, every string A matches also matches B', () => {
    let contained = 0;
    fc.assert(
      fc.property(pair, fc.array(text, { minLength: 1, maxLength: 3 }), text, ([a, b], fills, random) => {
        if (!bashPatternContains(a, b)) return;
        contained++;
        const samples = [...bashPatternGlobs(a).map((g) => instance(g, fills)), random];
        for (const s of samples) {
          if (matchBashPatternText(a, s))
            expect([a, b, s, matchBashPatternText(b, s)]).toEqual([a, b, s, true]);
        }
      }),
      { numRuns: 3000 },
    );
    // The generator must reach the claim often enough for the property to mean something.
    expect(contained).toBeGreaterThan(500);
  });
});

describe('containment, by example', () => {
  it.each([
    ['git push *', 'git *', true],
    ['git push:*', 'git:*', true],
    ['git', 'git *', true],
    ['git status', 'git push *', false],
    ['git *', 'git push *', false],
    ['lsof', 'ls *', false],
    ['lsof', 'ls*', true],
    ['npm run test:*', 'npm run *', true],
    ['rm -rf *', 'rm *', true],
    ['a\\*b', 'a*', true],
    ['a*', 'a\\*b', false],
    ['*', 'x *', false],
  ])('%s in %s: %s', (inner, outer, expected) => {
    expect(bashPatternContains(inner, outer)).toBe(expected);
  });

  it.each([
    ['*', true],
    ['* *', true],
    ['**', true],
    [' * ', true],
    ['git *', false],
    ['* x', false],
  ])('%s matches every command: %s', (p, expected) => {
    expect(bashPatternMatchesEverything(p)).toBe(expected);
  });
});
