/**
 * A long body cut into parts a person can read at once: each part is as many rows as fit the box that
 * shows them, so one step shows one whole part and every row in it is seen. A group (a diff's hunk, an
 * input's top-level field) that fits a part but not what is left of the current one starts the next.
 */

/** Where a row lies, in pixels down the body. */
export interface RowSpan {
  readonly start: number;
  readonly end: number;
}

/**
 * The first row of each part, for rows laid out as `spans` in a box that shows `height` pixels of them.
 * A row taller than the box is a part of its own.
 */
export function partStarts(
  spans: readonly RowSpan[],
  height: number,
  startsGroup: (index: number) => boolean = () => false,
): number[] {
  const count = spans.length;
  if (count === 0) return [];
  // Where the group that begins at each group start ends: at the next group's first row, or the last row.
  const groupEnd = new Float64Array(count);
  let next = spans[count - 1]!.end;
  for (let index = count - 1; index > 0; index--) {
    if (!startsGroup(index)) continue;
    groupEnd[index] = next;
    next = spans[index - 1]!.end;
  }
  const starts = [0];
  let top = spans[0]!.start;
  for (let index = 1; index < count; index++) {
    const { start, end } = spans[index]!;
    const full = end - top > height;
    const keepsGroup =
      startsGroup(index) && groupEnd[index]! - start <= height && groupEnd[index]! - top > height;
    if (full || keepsGroup) {
      starts.push(index);
      top = start;
    }
  }
  return starts;
}

/** The part a row is in: the last part that starts at or before it. */
export function partOf(starts: readonly number[], index: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= index) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The first row whose top is at or below `offset`: the row a box scrolled to `offset` shows first. */
export function rowAt(spans: readonly RowSpan[], offset: number): number {
  let low = 0;
  let high = spans.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (spans[middle]!.start >= offset) high = middle;
    else low = middle + 1;
  }
  return low;
}

export type PartState = 'seen' | 'unseen' | 'nothing';

/**
 * Each part's state: `seen` once every row in it that must be seen has been, `nothing` when none of its
 * rows must be (a diff's unchanged lines), else `unseen`.
 */
export function partStates(
  starts: readonly number[],
  count: number,
  mustSee: (index: number) => boolean,
  seen: ArrayLike<number>,
): PartState[] {
  return starts.map((first, part) => {
    const last = starts[part + 1] ?? count;
    let state: PartState = 'nothing';
    for (let index = first; index < last; index++) {
      if (!mustSee(index)) continue;
      if (!seen[index]) return 'unseen';
      state = 'seen';
    }
    return state;
  });
}

/**
 * How many lines a text takes in a monospace box `columns` characters wide, wrapped as the page wraps it
 * (`white-space: pre-wrap`, `overflow-wrap: anywhere`): at spaces, a word that does not fit going on the
 * next line, and a word longer than a line cut where the line ends. `lead` characters come first on the
 * first line (a key and its colon).
 */
export function wrappedLines(text: string, columns: number, lead = 0): number {
  if (columns < 1) return 1;
  let lines = 1;
  let used = lead;
  for (const word of text.split(' ')) {
    let width = word.length;
    const need = used === 0 ? width : width + 1;
    if (used + need <= columns) {
      used += need;
      continue;
    }
    if (used > 0) lines += 1;
    while (width > columns) {
      lines += 1;
      width -= columns;
    }
    used = width;
  }
  return lines;
}
