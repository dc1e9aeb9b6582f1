import { describe, expect, it } from 'vitest';
import { partOf, partStarts, partStates, rowAt, wrappedLines } from './review-parts';
import type { RowSpan } from './review-parts';

/** Rows of these heights, one under the other. */
function spans(...heights: number[]): RowSpan[] {
  let top = 0;
  return heights.map((height) => {
    const span = { start: top, end: top + height };
    top += height;
    return span;
  });
}

describe('partStarts', () => {
  it('fills each part with as many rows as the box shows', () => {
    expect(partStarts(spans(...Array<number>(10).fill(20)), 60)).toEqual([0, 3, 6, 9]);
  });

  it('takes a tall row whole into the next part, and a row taller than the box alone', () => {
    expect(partStarts(spans(20, 20, 40, 100, 20), 60)).toEqual([0, 2, 3, 4]);
  });

  it('starts a group that fits a part but not the rest of this one on the next part', () => {
    // Groups begin at rows 0, 2 and 5: the second (rows 2-4) fits a part, so it is not split, and the
    // third fits beside it.
    const group = (index: number) => [0, 2, 5].includes(index);
    expect(partStarts(spans(20, 20, 20, 20, 20, 20), 80, group)).toEqual([0, 2]);
    // A group taller than a part is cut as the rows come.
    expect(partStarts(spans(20, 20, 20, 20, 20, 20), 40, group)).toEqual([0, 2, 4]);
  });

  it('has no part for no rows', () => {
    expect(partStarts([], 60)).toEqual([]);
  });
});

describe('partOf and rowAt', () => {
  it('finds the part a row is in, and the first row at an offset', () => {
    const starts = [0, 3, 6, 9];
    expect([0, 2, 3, 8, 9, 12].map((index) => partOf(starts, index))).toEqual([0, 0, 1, 2, 3, 3]);
    const rows = spans(20, 20, 20, 20);
    expect([0, 1, 20, 21, 60, 500].map((offset) => rowAt(rows, offset))).toEqual([0, 1, 1, 2, 3, 3]);
  });
});

describe('partStates', () => {
  it('says which parts are seen, unseen, or hold nothing that must be seen', () => {
    const mustSee = (index: number) => index !== 3 && index !== 4;
    const seen = [1, 1, 0, 0, 0, 1];
    expect(partStates([0, 2, 3, 5], 6, mustSee, seen)).toEqual(['seen', 'unseen', 'nothing', 'seen']);
  });
});

describe('wrappedLines', () => {
  it('wraps at spaces, takes a word that does not fit to the next line, and cuts one longer than a line', () => {
    expect(wrappedLines('short', 10)).toBe(1);
    expect(wrappedLines('one two three', 10)).toBe(2);
    expect(wrappedLines('ab ' + 'x'.repeat(25), 10)).toBe(4);
    expect(wrappedLines('reference', 10, 5)).toBe(2);
  });
});
