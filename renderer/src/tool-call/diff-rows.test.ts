import { describe, expect, it } from 'vitest';
import { isChange, splitRows, unifiedRows } from './diff-rows';

const hunk = {
  oldStart: 10,
  oldLines: 4,
  newStart: 10,
  newLines: 5,
  lines: [' keep', '-old a', '-old b', '+new a', '+new b', '+new c', ' tail', '\\ No newline at end of file'],
};

describe('diff rows', () => {
  it('numbers unified lines on both sides and drops no-newline markers', () => {
    expect(unifiedRows([hunk], 13)).toEqual([
      { kind: 'fold', count: 9 },
      { kind: 'hunk', oldStart: 10, oldEnd: 13, newStart: 10, newEnd: 14 },
      { kind: 'line', type: 'context', oldNo: 10, newNo: 10, text: 'keep' },
      { kind: 'line', type: 'del', oldNo: 11, text: 'old a' },
      { kind: 'line', type: 'del', oldNo: 12, text: 'old b' },
      { kind: 'line', type: 'add', newNo: 11, text: 'new a' },
      { kind: 'line', type: 'add', newNo: 12, text: 'new b' },
      { kind: 'line', type: 'add', newNo: 13, text: 'new c' },
      { kind: 'line', type: 'context', oldNo: 13, newNo: 14, text: 'tail' },
    ]);
  });

  it('pairs removed and added runs side by side in split view', () => {
    const rows = splitRows([hunk], 13);
    expect(rows.slice(2)).toEqual([
      {
        kind: 'pair',
        left: { type: 'context', no: 10, text: 'keep' },
        right: { type: 'context', no: 10, text: 'keep' },
      },
      {
        kind: 'pair',
        left: { type: 'del', no: 11, text: 'old a' },
        right: { type: 'add', no: 11, text: 'new a' },
      },
      {
        kind: 'pair',
        left: { type: 'del', no: 12, text: 'old b' },
        right: { type: 'add', no: 12, text: 'new b' },
      },
      { kind: 'pair', right: { type: 'add', no: 13, text: 'new c' } },
      {
        kind: 'pair',
        left: { type: 'context', no: 13, text: 'tail' },
        right: { type: 'context', no: 14, text: 'tail' },
      },
    ]);
  });

  it('shows a new file as added lines only', () => {
    const rows = unifiedRows(
      [{ oldStart: 0, oldLines: 0, newStart: 1, newLines: 2, lines: ['+a', '+b'] }],
      0,
    );
    expect(rows.filter((r) => r.kind === 'line').map((r) => r.kind === 'line' && r.type)).toEqual([
      'add',
      'add',
    ]);
  });

  it('folds each unchanged stretch into one row saying how many lines it holds, to the end of the file', () => {
    const far = {
      oldStart: 9_990,
      oldLines: 3,
      newStart: 9_991,
      newLines: 3,
      lines: [' x', '-y', '+z', ' w'],
    };
    const rows = unifiedRows([hunk, far], 10_000);
    expect(rows.filter((row) => row.kind === 'fold')).toEqual([
      { kind: 'fold', count: 9 },
      { kind: 'fold', count: 9_990 - 14 },
      { kind: 'fold', count: 8 },
    ]);
    expect(rows.map((row) => row.kind)).toEqual([
      'fold',
      'hunk',
      ...Array<'line'>(7).fill('line'),
      'fold',
      'hunk',
      ...Array<'line'>(4).fill('line'),
      'fold',
    ]);
    expect(splitRows([hunk, far], 10_000).filter((row) => row.kind === 'fold')).toHaveLength(3);
  });

  it('counts only added and removed lines as what must be seen', () => {
    expect(unifiedRows([hunk], 13).map(isChange)).toEqual([
      false,
      false,
      false,
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
  });
});
