/**
 * A line diff whose cost grows with the size of the texts, not with how much they differ: patience diff.
 * Lines that occur exactly once on each side anchor the alignment (their longest increasing run, found
 * by patience sorting in n log n); the stretches between anchors are diffed the same way, after their
 * common head and tail are kept. A stretch with no unique line left (blank lines, lone braces) goes to
 * Myers with a small edit limit, and to "all removed, all added" past it. A deterministic work limit,
 * not a clock, bounds the whole: the same texts give the same diff on a busy machine and an idle one.
 */
import { diffArrays } from 'diff';
import type { DiffHunk } from '../../common/queue-contract';

export type RunKind = 'keep' | 'del' | 'add';
/** A run of lines: kept from the old text, removed from it, or added in the new one. */
export interface Run {
  readonly kind: RunKind;
  readonly count: number;
}

/** Edits Myers may find in a stretch without unique lines before it is shown as replaced whole. */
const MYERS_EDITS = 64;
/** Line visits per line of input after which every stretch left is shown as replaced whole. */
const WORK_PER_LINE = 64;

/** The text's lines, each with its `\n` (the last has none when the text does not end with one). */
export function splitLines(text: string): string[] {
  const lines = text.split('\n');
  const last = lines.pop()!;
  const withEnds = lines.map((line) => `${line}\n`);
  if (last !== '') withEnds.push(last);
  return withEnds;
}

type Task =
  | { readonly a0: number; readonly a1: number; readonly b0: number; readonly b1: number }
  | { readonly keep: number };

export function diffLines(a: readonly string[], b: readonly string[]): Run[] {
  const runs: Run[] = [];
  const emit = (kind: RunKind, count: number) => {
    if (count === 0) return;
    const last = runs[runs.length - 1];
    if (last?.kind === kind) runs[runs.length - 1] = { kind, count: last.count + count };
    else runs.push({ kind, count });
  };
  const budget = WORK_PER_LINE * (a.length + b.length + 1);
  let work = 0;
  // Tasks in reverse order of output, so no stretch's recursion grows the call stack.
  const tasks: Task[] = [{ a0: 0, a1: a.length, b0: 0, b1: b.length }];
  while (tasks.length > 0) {
    const task = tasks.pop()!;
    if ('keep' in task) {
      emit('keep', task.keep);
      continue;
    }
    let { a0, a1, b0, b1 } = task;
    while (a0 < a1 && b0 < b1 && a[a0] === b[b0]) {
      a0 += 1;
      b0 += 1;
    }
    emit('keep', a0 - task.a0);
    while (a1 > a0 && b1 > b0 && a[a1 - 1] === b[b1 - 1]) {
      a1 -= 1;
      b1 -= 1;
    }
    if (task.a1 > a1) tasks.push({ keep: task.a1 - a1 });
    const size = a1 - a0 + (b1 - b0);
    work += size;
    if (a0 === a1 || b0 === b1 || work > budget) {
      emit('del', a1 - a0);
      emit('add', b1 - b0);
      continue;
    }
    const anchors = uniqueAnchors(a, a0, a1, b, b0, b1);
    if (anchors.length === 0) {
      const myers = work + size * MYERS_EDITS <= budget ? myersRuns(a, a0, a1, b, b0, b1) : undefined;
      work += size * MYERS_EDITS;
      for (const run of myers ?? [
        { kind: 'del', count: a1 - a0 },
        { kind: 'add', count: b1 - b0 },
      ])
        emit(run.kind, run.count);
      continue;
    }
    let endA = a1;
    let endB = b1;
    for (let i = anchors.length - 1; i >= 0; i--) {
      const [ia, ib] = anchors[i]!;
      tasks.push({ a0: ia + 1, a1: endA, b0: ib + 1, b1: endB }, { keep: 1 });
      endA = ia;
      endB = ib;
    }
    tasks.push({ a0, a1: endA, b0, b1: endB });
  }
  return runs;
}

/** Pairs of positions of lines found once in each stretch, in the longest order both sides agree on. */
function uniqueAnchors(
  a: readonly string[],
  a0: number,
  a1: number,
  b: readonly string[],
  b0: number,
  b1: number,
): [number, number][] {
  // Per line: its position in `a` (-2 once seen twice) and in `b`.
  const seen = new Map<string, { a: number; b: number }>();
  for (let i = a0; i < a1; i++) {
    const entry = seen.get(a[i]!);
    if (entry) entry.a = -2;
    else seen.set(a[i]!, { a: i, b: -1 });
  }
  for (let j = b0; j < b1; j++) {
    const entry = seen.get(b[j]!);
    if (entry) entry.b = entry.b === -1 ? j : -2;
  }
  const pairs: [number, number][] = [];
  for (let i = a0; i < a1; i++) {
    const entry = seen.get(a[i]!)!;
    if (entry.a >= 0 && entry.b >= 0) pairs.push([entry.a, entry.b]);
  }
  return longestIncreasing(pairs);
}

/** The longest run of pairs (ordered by their first) whose seconds increase: patience sorting. */
function longestIncreasing(pairs: readonly [number, number][]): [number, number][] {
  const tops: number[] = [];
  const previous = new Int32Array(pairs.length);
  for (let k = 0; k < pairs.length; k++) {
    const value = pairs[k]![1];
    let low = 0;
    let high = tops.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (pairs[tops[mid]!]![1] < value) low = mid + 1;
      else high = mid;
    }
    previous[k] = low > 0 ? tops[low - 1]! : -1;
    tops[low] = k;
  }
  const chain: [number, number][] = [];
  for (let k = tops.length > 0 ? tops[tops.length - 1]! : -1; k >= 0; k = previous[k]!) chain.push(pairs[k]!);
  return chain.reverse();
}

function myersRuns(
  a: readonly string[],
  a0: number,
  a1: number,
  b: readonly string[],
  b0: number,
  b1: number,
): Run[] | undefined {
  const changes = diffArrays(a.slice(a0, a1), b.slice(b0, b1), { maxEditLength: MYERS_EDITS });
  return changes?.map((change) => ({
    kind: change.added ? 'add' : change.removed ? 'del' : 'keep',
    count: change.count,
  }));
}

/**
 * The runs as unified-diff hunks with `context` kept lines around each change; changes closer than twice
 * that share a hunk. Lines lose their `\n`; one without it is followed by `\ No newline at end of file`.
 */
export function hunksOf(
  runs: readonly Run[],
  a: readonly string[],
  b: readonly string[],
  context: number,
): DiffHunk[] {
  const hunks: DiffHunk[] = [];
  let open: {
    oldStart: number;
    newStart: number;
    oldLines: number;
    newLines: number;
    lines: string[];
  } | null = null;
  let ai = 0;
  let bi = 0;
  const line = (sign: string, text: string) => {
    const ended = text.endsWith('\n');
    open!.lines.push(sign + (ended ? text.slice(0, -1) : text));
    if (!ended) open!.lines.push('\\ No newline at end of file');
  };
  const keep = (count: number) => {
    for (let k = 0; k < count; k++) line(' ', a[ai + k]!);
    open!.oldLines += count;
    open!.newLines += count;
  };
  runs.forEach((run, index) => {
    if (run.kind === 'keep') {
      if (open) {
        const last = index === runs.length - 1;
        if (run.count <= 2 * context && !last) keep(run.count);
        else {
          keep(Math.min(run.count, context));
          hunks.push(open);
          open = null;
        }
      }
      ai += run.count;
      bi += run.count;
      return;
    }
    if (!open) {
      const before = runs[index - 1];
      const lead = before?.kind === 'keep' ? Math.min(context, before.count) : 0;
      ai -= lead;
      bi -= lead;
      open = { oldStart: ai + 1, newStart: bi + 1, oldLines: 0, newLines: 0, lines: [] };
      keep(lead);
      ai += lead;
      bi += lead;
    }
    if (run.kind === 'del') {
      for (let k = 0; k < run.count; k++) line('-', a[ai + k]!);
      open.oldLines += run.count;
      ai += run.count;
    } else {
      for (let k = 0; k < run.count; k++) line('+', b[bi + k]!);
      open.newLines += run.count;
      bi += run.count;
    }
  });
  if (open) hunks.push(open);
  return hunks;
}
