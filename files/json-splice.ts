/**
 * Rewrites a JSON text to hold a new value while leaving every untouched member byte for byte as it was:
 * a settings file someone wrote compactly, or commented by key order, keeps its look, and the diff install
 * prints shows only Gatehouse's change. Objects and lists present on both sides are edited entry by entry;
 * any other changed value is re-serialised in place, indented to its depth.
 * Not jsonc-parser's `modify`: it reflows the members around an edit, or joins them without formatting
 * options; json-splice.test.ts shows both.
 */
import { isDeepStrictEqual } from 'node:util';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);

function skipSpace(text: string, at: number): number {
  while (WHITESPACE.has(text[at] ?? '')) at += 1;
  return at;
}

function stringEnd(text: string, at: number): number {
  for (at += 1; text[at] !== '"'; at += 1) if (text[at] === '\\') at += 1;
  return at + 1;
}

/** Where the value starting at `at` ends. The text is known to be valid JSON: JSON.parse read it. */
function valueEnd(text: string, at: number): number {
  const first = text[at];
  if (first === '"') return stringEnd(text, at);
  if (first === '{' || first === '[') {
    let depth = 0;
    for (; ; at += 1) {
      const char = text[at];
      if (char === '"') at = stringEnd(text, at) - 1;
      else if (char === '{' || char === '[') depth += 1;
      else if ((char === '}' || char === ']') && --depth === 0) return at + 1;
    }
  }
  while (at < text.length && !WHITESPACE.has(text[at]!) && !',}]'.includes(text[at]!)) at += 1;
  return at;
}

interface Span {
  readonly start: number;
  readonly end: number;
}

/** An object member: `start`..`end` covers the key and the value. */
interface Member extends Span {
  readonly key: string;
  readonly value: Span;
}

/** The members of the object whose `{` is at `open`, and where its `}` is. */
function membersOf(text: string, open: number): { members: Member[]; close: number } {
  const members: Member[] = [];
  let at = skipSpace(text, open + 1);
  if (text[at] === '}') return { members, close: at };
  for (;;) {
    const keyStart = at;
    const keyEnd = stringEnd(text, at);
    const valueStart = skipSpace(text, skipSpace(text, keyEnd) + 1);
    const end = valueEnd(text, valueStart);
    const key = JSON.parse(text.slice(keyStart, keyEnd)) as string;
    members.push({ key, start: keyStart, end, value: { start: valueStart, end } });
    at = skipSpace(text, end);
    if (text[at] !== ',') return { members, close: at };
    at = skipSpace(text, at + 1);
  }
}

/** The elements of the array whose `[` is at `open`, and where its `]` is. */
function elementsOf(text: string, open: number): { elements: Span[]; close: number } {
  const elements: Span[] = [];
  let at = skipSpace(text, open + 1);
  if (text[at] === ']') return { elements, close: at };
  for (;;) {
    const end = valueEnd(text, at);
    elements.push({ start: at, end });
    at = skipSpace(text, end);
    if (text[at] !== ',') return { elements, close: at };
    at = skipSpace(text, at + 1);
  }
}

/** How a container is laid out: over lines, its entries at `depth`, or all on one line. */
type Layout =
  { readonly inline: true } | { readonly inline: false; readonly indent: string; readonly depth: number };

function render(value: unknown, layout: Layout): string {
  if (layout.inline) return JSON.stringify(value);
  return JSON.stringify(value, null, layout.indent).replace(/\n/g, `\n${layout.indent.repeat(layout.depth)}`);
}

/** A container written on one line stays on one line; an empty one is laid out over lines. */
function layoutOf(text: string, open: number, close: number, indent: string, depth: number): Layout {
  const inside = text.slice(open + 1, close);
  return inside.trim() && !inside.includes('\n') ? { inline: true } : { inline: false, indent, depth };
}

function entryLine(entry: string, layout: Layout): string {
  return layout.inline ? entry : `${layout.indent.repeat(layout.depth)}${entry}`;
}

/**
 * Removes the entries not kept from a container's inside: those before the first kept entry go up to it,
 * any later one goes with the comma before it, so no two removals overlap.
 */
function removals(entries: readonly Span[], kept: readonly boolean[]): Edit[] {
  const first = kept.indexOf(true);
  return entries.flatMap((entry, index) => {
    if (kept[index]) return [];
    if (index > first) return [{ start: entries[index - 1]!.end, end: entry.end, text: '' }];
    return index === 0 ? [{ start: entry.start, end: entries[first]!.start, text: '' }] : [];
  });
}

/** Entries appended after the last one kept, or as the whole inside of an emptied container. */
function additions(
  lastKept: Span | undefined,
  open: number,
  close: number,
  lines: string[],
  layout: Layout,
): Edit[] {
  if (!lines.length) return [];
  if (layout.inline)
    return [
      {
        start: lastKept?.end ?? open + 1,
        end: lastKept?.end ?? close,
        text: `${lastKept ? ', ' : ''}${lines.join(', ')}`,
      },
    ];
  return lastKept
    ? [{ start: lastKept.end, end: lastKept.end, text: `,\n${lines.join(',\n')}` }]
    : [
        {
          start: open + 1,
          end: close,
          text: `\n${lines.join(',\n')}\n${layout.indent.repeat(layout.depth - 1)}`,
        },
      ];
}

/** The edits that turn the value at `span` (holding `before`) into `after`, inside a container laid out so. */
function valueEdits(
  text: string,
  span: Span,
  before: unknown,
  after: unknown,
  indent: string,
  layout: Layout,
): Edit[] {
  if (isDeepStrictEqual(before, after)) return [];
  const depth = layout.inline ? 0 : layout.depth;
  if (isObject(before) && isObject(after) && text[span.start] === '{')
    return objectEdits(text, span.start, before, after, indent, depth + 1);
  if (Array.isArray(before) && Array.isArray(after) && text[span.start] === '[')
    return arrayEdits(text, span, before, after, indent, depth + 1);
  return [{ start: span.start, end: span.end, text: render(after, layout) }];
}

/** Members keep their place; new ones go at the end, as the settings editors add them. */
function objectEdits(
  text: string,
  open: number,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  indent: string,
  inner: number,
): Edit[] {
  const { members, close } = membersOf(text, open);
  const layout = layoutOf(text, open, close, indent, inner);
  const kept = members.map((member) => Object.hasOwn(after, member.key));
  const lines = Object.keys(after)
    .filter((key) => !Object.hasOwn(before, key))
    .map((key) => entryLine(`${JSON.stringify(key)}: ${render(after[key], layout)}`, layout));
  if (!kept.includes(true))
    return lines.length
      ? additions(undefined, open, close, lines, layout)
      : [{ start: open + 1, end: close, text: '' }];
  const changes = members.flatMap((member, index) =>
    kept[index] ? valueEdits(text, member.value, before[member.key], after[member.key], indent, layout) : [],
  );
  // Additions last, so a removal starting at the same place is applied first (the sort below is stable).
  return [
    ...removals(members, kept),
    ...changes,
    ...additions(members.filter((_, index) => kept[index]).at(-1), open, close, lines, layout),
  ];
}

/**
 * Elements changed in place, appended, or removed (matched in order against the new list); any other
 * change rewrites the whole list.
 */
function arrayEdits(
  text: string,
  span: Span,
  before: readonly unknown[],
  after: readonly unknown[],
  indent: string,
  inner: number,
): Edit[] {
  const { elements, close } = elementsOf(text, span.start);
  const layout = layoutOf(text, span.start, close, indent, inner);
  if (after.length >= before.length) {
    const changes = elements.flatMap((element, index) =>
      valueEdits(text, element, before[index], after[index], indent, layout),
    );
    const lines = after.slice(before.length).map((value) => entryLine(render(value, layout), layout));
    return [...changes, ...additions(elements.at(-1), span.start, close, lines, layout)];
  }
  let next = 0;
  const kept = before.map((value) => {
    const match = next < after.length && isDeepStrictEqual(value, after[next]);
    if (match) next += 1;
    return match;
  });
  if (next < after.length)
    return [
      {
        start: span.start,
        end: span.end,
        text: render(after, layout.inline ? layout : { ...layout, depth: inner - 1 }),
      },
    ];
  if (!kept.includes(true)) return [{ start: span.start + 1, end: close, text: '' }];
  return removals(elements, kept);
}

/**
 * `text` (which parses to `before`) rewritten to parse to `after`, or undefined when it cannot be done
 * member by member (then the caller serialises the whole value).
 */
export function spliceJson(
  text: string,
  before: unknown,
  after: unknown,
  indent: string,
): string | undefined {
  const open = skipSpace(text, 0);
  if (!isObject(before) || !isObject(after) || text[open] !== '{') return undefined;
  const edits = objectEdits(text, open, before, after, indent, 1).sort((a, b) => b.start - a.start);
  let result = text;
  for (const edit of edits) result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  // Belt and braces: the result must be the new value, in the new value's key order.
  try {
    return JSON.stringify(JSON.parse(result)) === JSON.stringify(after) ? result : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A settings file's new content: the old text with only the changed members rewritten, indented as the old
 * was (two spaces when there is nothing to go by), with its line endings. Install and the rule editor share it.
 */
export function formatSettings(value: unknown, before: { text: string | undefined; value: unknown }): string {
  const indent = /\n([ \t]+)["}\]]/.exec(before.text ?? '')?.[1] ?? '  ';
  const spliced = before.text?.trim() ? spliceJson(before.text, before.value, value, indent) : undefined;
  const text = spliced ?? `${JSON.stringify(value, null, indent)}\n`;
  // JSON strings hold no raw line breaks, so every lone \n here is layout and may become \r\n.
  return before.text?.includes('\r\n') ? text.replace(/\r?\n/g, '\r\n') : text;
}
