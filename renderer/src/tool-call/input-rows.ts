/**
 * A tool's input as rows of text, so one of any size can be drawn a row at a time: each key on its own
 * row, nested keys indented under it, and a string's text as it reads, a row per line with real newlines
 * (no quotes, no `\n` escapes). A line longer than a row holds is cut into pieces, so no row is taller
 * than the box that scrolls it.
 */
import type { UnifiedLine } from './diff-rows';

export type LeafType = 'string' | 'number' | 'boolean' | 'null' | 'empty';

export interface InputRow {
  readonly depth: number;
  /** The key or index it is under; only on the first row of a value. */
  readonly key?: string;
  readonly index?: boolean;
  readonly text: string;
  readonly type: LeafType | 'branch';
  /** The first row of each top-level field starts a part, which "Next" steps to. */
  readonly part: boolean;
}

/** Characters in one row at most: about a dozen lines of a narrow card once wrapped. */
export const ROW_CHARS = 500;

export function pieces(line: string): string[] {
  if (line.length <= ROW_CHARS) return [line];
  const out: string[] = [];
  for (let at = 0; at < line.length; at += ROW_CHARS) out.push(line.slice(at, at + ROW_CHARS));
  return out;
}

function leaf(value: unknown): { text: string; type: LeafType } {
  if (value === null) return { text: 'null', type: 'null' };
  if (typeof value === 'number' || typeof value === 'boolean')
    return { text: String(value), type: typeof value as 'number' | 'boolean' };
  if (typeof value === 'object') return { text: Array.isArray(value) ? '[]' : '{}', type: 'empty' };
  return { text: JSON.stringify(value) ?? String(value), type: 'string' };
}

export function inputRows(input: Readonly<Record<string, unknown>>): InputRow[] {
  const rows: InputRow[] = [];
  const walk = (key: string, index: boolean, value: unknown, depth: number) => {
    const part = depth === 0;
    if (typeof value === 'string' && value !== '') {
      value
        .split('\n')
        .flatMap(pieces)
        .forEach((text, at) =>
          rows.push(
            at === 0
              ? { depth, key, index, text, type: 'string', part }
              : { depth, text, type: 'string', part: false },
          ),
        );
      return;
    }
    const entries =
      typeof value === 'object' && value !== null
        ? Array.isArray(value)
          ? value.map((child, at) => [String(at), child, true] as const)
          : Object.entries(value).map(([name, child]) => [name, child, false] as const)
        : [];
    if (entries.length === 0) {
      rows.push({ depth, key, index, ...leaf(value), part });
      return;
    }
    rows.push({ depth, key, index, text: '', type: 'branch', part });
    for (const [name, child, isIndex] of entries) walk(name, isIndex, child, depth + 1);
  };
  for (const [key, value] of Object.entries(input)) walk(key, false, value, 0);
  return rows;
}

/** An edit's replacements as the call asked for them, without line numbers: the file could not be read. */
export function replacementRows(changes: readonly { removed: string; added: string }[]): UnifiedLine[] {
  const linesOf = (text: string) => (text === '' ? [] : text.split('\n').flatMap(pieces));
  return changes.flatMap(({ removed, added }) => [
    ...linesOf(removed).map((text): UnifiedLine => ({ kind: 'line', type: 'del', text })),
    ...linesOf(added).map((text): UnifiedLine => ({ kind: 'line', type: 'add', text })),
  ]);
}
