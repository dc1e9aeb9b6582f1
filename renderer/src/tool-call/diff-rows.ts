/**
 * Diff hunks from `queue:diff` turned into the rows the diff view renders, unified or split, each with its
 * line numbers. Flat arrays, so a long diff can be virtualized row by row.
 */
import type { DiffHunk } from '../../../common/queue-contract';

export type LineType = 'context' | 'add' | 'del';

export interface HunkRow {
  readonly kind: 'hunk';
  readonly oldStart: number;
  readonly oldEnd: number;
  readonly newStart: number;
  readonly newEnd: number;
}

/** Unchanged lines the diff does not draw: before a hunk, or after the last one. */
export interface FoldRow {
  readonly kind: 'fold';
  readonly count: number;
}

export interface UnifiedLine {
  readonly kind: 'line';
  readonly type: LineType;
  readonly oldNo?: number;
  readonly newNo?: number;
  readonly text: string;
}

export interface SideCell {
  readonly type: LineType;
  readonly no: number;
  readonly text: string;
}

export interface SplitLine {
  readonly kind: 'pair';
  readonly left?: SideCell;
  readonly right?: SideCell;
}

export type UnifiedRow = FoldRow | HunkRow | UnifiedLine;
export type SplitRow = FoldRow | HunkRow | SplitLine;

function hunkRow(hunk: DiffHunk): HunkRow {
  return {
    kind: 'hunk',
    oldStart: hunk.oldStart,
    oldEnd: hunk.oldStart + Math.max(0, hunk.oldLines - 1),
    newStart: hunk.newStart,
    newEnd: hunk.newStart + Math.max(0, hunk.newLines - 1),
  };
}

/** The unchanged stretch folded before each hunk, and after the last when the file goes on. */
function folds(hunks: readonly DiffHunk[], oldLength: number): { before: number[]; after: number } {
  let next = 1;
  const before = hunks.map((hunk) => {
    const count = hunk.oldStart - next;
    next = Math.max(next, hunk.oldStart + hunk.oldLines);
    return count;
  });
  return { before, after: Math.max(0, oldLength - next + 1) };
}

function withFolds<Row>(
  hunks: readonly DiffHunk[],
  oldLength: number,
  rowsOf: (hunk: DiffHunk, rows: (Row | FoldRow | HunkRow)[]) => void,
): (Row | FoldRow | HunkRow)[] {
  const { before, after } = folds(hunks, oldLength);
  const rows: (Row | FoldRow | HunkRow)[] = [];
  hunks.forEach((hunk, index) => {
    if (before[index]! > 0) rows.push({ kind: 'fold', count: before[index]! });
    rows.push(hunkRow(hunk));
    rowsOf(hunk, rows);
  });
  if (after > 0) rows.push({ kind: 'fold', count: after });
  return rows;
}

/** `\ No newline at end of file` markers say nothing a person needs here. */
const isMarker = (line: string) => line.startsWith('\\');

export function unifiedRows(hunks: readonly DiffHunk[], oldLength: number): UnifiedRow[] {
  return withFolds<UnifiedLine>(hunks, oldLength, (hunk, rows) => {
    let oldNo = hunk.oldStart;
    let newNo = hunk.newStart;
    for (const line of hunk.lines) {
      if (isMarker(line)) continue;
      const text = line.slice(1);
      if (line.startsWith('+')) rows.push({ kind: 'line', type: 'add', newNo: newNo++, text });
      else if (line.startsWith('-')) rows.push({ kind: 'line', type: 'del', oldNo: oldNo++, text });
      else rows.push({ kind: 'line', type: 'context', oldNo: oldNo++, newNo: newNo++, text });
    }
  });
}

export function splitRows(hunks: readonly DiffHunk[], oldLength: number): SplitRow[] {
  return withFolds<SplitLine>(hunks, oldLength, (hunk, rows) => {
    let oldNo = hunk.oldStart;
    let newNo = hunk.newStart;
    let dels: SideCell[] = [];
    let adds: SideCell[] = [];
    const flush = () => {
      for (let i = 0; i < Math.max(dels.length, adds.length); i++) {
        const left = dels[i];
        const right = adds[i];
        rows.push({ kind: 'pair', ...(left ? { left } : {}), ...(right ? { right } : {}) });
      }
      dels = [];
      adds = [];
    };
    for (const line of hunk.lines) {
      if (isMarker(line)) continue;
      const text = line.slice(1);
      if (line.startsWith('-')) {
        if (adds.length) flush();
        dels.push({ type: 'del', no: oldNo++, text });
      } else if (line.startsWith('+')) {
        adds.push({ type: 'add', no: newNo++, text });
      } else {
        flush();
        rows.push({
          kind: 'pair',
          left: { type: 'context', no: oldNo++, text },
          right: { type: 'context', no: newNo++, text },
        });
      }
    }
    flush();
  });
}

/** Whether a row shows a line the call adds or removes: what must be seen before an Allow. */
export function isChange(row: UnifiedRow | SplitRow): boolean {
  if (row.kind === 'line') return row.type !== 'context';
  if (row.kind === 'pair') return row.left?.type === 'del' || row.right?.type === 'add';
  return false;
}
