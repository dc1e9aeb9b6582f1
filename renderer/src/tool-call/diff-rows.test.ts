import { describe, expect, it } from 'vitest';
import { splitRows, unifiedRows } from './diff-rows';

const hunk = {
  oldStart: 10,
  oldLines: 4,
  newStart: 10,
  newLines: 5,
  lines: [' keep', '-old a', '-old b', '+new a', '+new b', '+new c', ' tail', '\\ No newline at end of file'],
};

describe('diff rows', () => {
  it('numbers unified lines on both sides and drops no-newline markers', () => {
    expect(unifiedRows([hunk])).toEqual([
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
    const rows = splitRows([hunk]);
    expect(rows.slice(1)).toEqual([
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
    const rows = unifiedRows([{ oldStart: 0, oldLines: 0, newStart: 1, newLines: 2, lines: ['+a', '+b'] }]);
    expect(rows.filter((r) => r.kind === 'line').map((r) => r.kind === 'line' && r.type)).toEqual([
      'add',
      'add',
    ]);
  });
});
