import { structuredPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import type { DiffHunk } from '../../common/queue-contract';
import { diffLines, hunksOf, splitLines } from './line-diff';

function diff(before: string, after: string): DiffHunk[] {
  const a = splitLines(before);
  const b = splitLines(after);
  return hunksOf(diffLines(a, b), a, b, 3);
}

/** Applies hunks to the old text the way `patch` would, so a diff can be checked against the new text. */
function apply(before: string, hunks: readonly DiffHunk[]): string {
  const old = splitLines(before);
  const out: string[] = [];
  let next = 0;
  for (const hunk of hunks) {
    const start = hunk.oldLines === 0 ? hunk.oldStart : hunk.oldStart - 1;
    out.push(...old.slice(next, start));
    next = start;
    hunk.lines.forEach((line, index) => {
      if (line.startsWith('\\')) return;
      const ends = hunk.lines[index + 1]?.startsWith('\\') ? '' : '\n';
      if (line.startsWith('+')) out.push(line.slice(1) + ends);
      else {
        expect(old[next]).toBe(line.slice(1) + ends);
        next += 1;
        if (line.startsWith(' ')) out.push(line.slice(1) + ends);
      }
    });
  }
  out.push(...old.slice(next));
  return out.join('');
}

const text = (count: number, line: (i: number) => string) =>
  Array.from({ length: count }, (_, i) => line(i)).join('\n') + '\n';
const changed = (hunks: readonly DiffHunk[], sign: '+' | '-') =>
  hunks.reduce((sum, hunk) => sum + hunk.lines.filter((line) => line.startsWith(sign)).length, 0);

/** A seeded generator, so a failing case can be run again. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % below;
  };
}

describe('diffLines', () => {
  it('diffs a 10,000-line edit to exactly the lines it changes, each in its own folded hunk', () => {
    const before = text(10_000, (i) => `export const line${i} = ${i};`);
    const after = text(10_000, (i) =>
      i % 100 === 50 ? `export const line${i} = ${i * 2};` : `export const line${i} = ${i};`,
    );
    const hunks = diff(before, after);
    expect(hunks).toHaveLength(100);
    expect(changed(hunks, '+')).toBe(100);
    expect(changed(hunks, '-')).toBe(100);
    expect(hunks[0]).toEqual({
      oldStart: 48,
      oldLines: 7,
      newStart: 48,
      newLines: 7,
      lines: [
        ' export const line47 = 47;',
        ' export const line48 = 48;',
        ' export const line49 = 49;',
        '-export const line50 = 50;',
        '+export const line50 = 100;',
        ' export const line51 = 51;',
        ' export const line52 = 52;',
        ' export const line53 = 53;',
      ],
    });
    expect(apply(before, hunks)).toBe(after);
  });

  it('diffs a 10,000-line rewrite that shares no line as all removed and all added', () => {
    const before = text(10_000, (i) => `export const line${i} = ${i};`);
    const after = text(10_000, (i) => `  const value${i} = compute(${i});`);
    const hunks = diff(before, after);
    expect(hunks).toHaveLength(1);
    expect(changed(hunks, '-')).toBe(10_000);
    expect(changed(hunks, '+')).toBe(10_000);
    expect(apply(before, hunks)).toBe(after);
  });

  it('gives a correct diff of texts made of few distinct lines, where no line is unique', () => {
    const next = random(7);
    for (let round = 0; round < 40; round++) {
      const before = text(300 + next(300), () => ['}', '', '  return x;', '{'][next(4)]!);
      const lines = splitLines(before).map((line) => line.slice(0, -1));
      for (let k = 0; k < 20; k++) lines.splice(next(lines.length), next(3), ...['}', 'new'].slice(next(3)));
      const after = lines.join('\n') + '\n';
      expect(apply(before, diff(before, after))).toBe(after);
    }
  });

  it('gives a correct diff of random edits to code, as small as Myers’ where lines are unique', () => {
    const next = random(11);
    for (let round = 0; round < 40; round++) {
      const before = text(200, (i) => `line ${i}`);
      const lines = splitLines(before).map((line) => line.slice(0, -1));
      for (let k = 0; k < 10; k++) lines.splice(next(lines.length), next(4), `inserted ${round}.${k}`);
      const after = lines.join('\n') + '\n';
      const hunks = diff(before, after);
      expect(apply(before, hunks)).toBe(after);
      const myers = structuredPatch('f', 'f', before, after, '', '', { context: 3 }).hunks;
      expect(changed(hunks, '+') + changed(hunks, '-')).toBe(changed(myers, '+') + changed(myers, '-'));
    }
  });

  it('says when a line has no newline at the end, as a unified diff does', () => {
    const hunks = diff('one\ntwo\n', 'one\ntwo');
    expect(hunks).toEqual([
      {
        oldStart: 1,
        oldLines: 2,
        newStart: 1,
        newLines: 2,
        lines: [' one', '-two', '+two', '\\ No newline at end of file'],
      },
    ]);
    expect(apply('one\ntwo\n', hunks)).toBe('one\ntwo');
  });

  it('shows a new file as one hunk of added lines, and no change as no hunk', () => {
    expect(diff('', 'a\nb\n')).toEqual([
      { oldStart: 1, oldLines: 0, newStart: 1, newLines: 2, lines: ['+a', '+b'] },
    ]);
    expect(diff('same\n', 'same\n')).toEqual([]);
  });
});
