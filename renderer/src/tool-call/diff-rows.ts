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

export type UnifiedRow = HunkRow | UnifiedLine;
export type SplitRow = HunkRow | SplitLine;

function hunkRow(hunk: DiffHunk): HunkRow {
  return {
    kind: 'hunk',
    oldStart: hunk.oldStart,
    oldEnd: hunk.oldStart + Math.max(0, hunk.oldLines - 1),
    newStart: hunk.newStart,
    newEnd: hunk.newStart + Math.max(0, hunk.newLines - 1),
  };
}

/** `\ No newline at end of file` markers say nothing a person needs here. */
const isMarker = (line: string) => line.startsWith('\\');

export function unifiedRows(hunks: readonly DiffHunk[]): UnifiedRow[] {
  const rows: UnifiedRow[] = [];
  for (const hunk of hunks) {
    rows.push(hunkRow(hunk));
    let oldNo = hunk.oldStart;
    let newNo = hunk.newStart;
    for (const line of hunk.lines) {
      if (isMarker(line)) continue;
      const text = line.slice(1);
      if (line.startsWith('+')) rows.push({ kind: 'line', type: 'add', newNo: newNo++, text });
      else if (line.startsWith('-')) rows.push({ kind: 'line', type: 'del', oldNo: oldNo++, text });
      else rows.push({ kind: 'line', type: 'context', oldNo: oldNo++, newNo: newNo++, text });
    }
  }
  return rows;
}

export function splitRows(hunks: readonly DiffHunk[]): SplitRow[] {
  const rows: SplitRow[] = [];
  for (const hunk of hunks) {
    rows.push(hunkRow(hunk));
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
  }
  return rows;
}
