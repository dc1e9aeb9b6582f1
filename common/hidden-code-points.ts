/**
 * Code points that make text read differently from what runs: bidi controls reorder it, zero-width and
 * other format characters vanish, controls (and a newline or tab in a path) look like a space or nothing.
 * One detector, used by the engine's second look, the notifier's floor and the renderer's marks.
 */

const NAMES: Readonly<Record<number, string>> = {
  0x061c: 'ARABIC LETTER MARK',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2060: 'WORD JOINER',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE',
  0x09: 'TAB',
  0x0a: 'LINE FEED',
  0x0d: 'CARRIAGE RETURN',
};

/** Format (Cf), control (Cc), line and paragraph separators; bidi and zero-width controls are all Cf. */
const HIDDEN = /[\p{Cf}\p{Cc}\u2028\u2029]/u;

/** `multiline` text (a command) may hold newlines and tabs; a path or a single-line field may not. */
export interface HiddenOptions {
  readonly multiline?: boolean;
}

export function isHiddenCodePoint(char: string, options: HiddenOptions = {}): boolean {
  if (options.multiline && (char === '\n' || char === '\t')) return false;
  return HIDDEN.test(char);
}

export function codePointLabel(char: string): { readonly code: string; readonly name: string } {
  const value = char.codePointAt(0) ?? 0;
  const code = `U+${value.toString(16).toUpperCase().padStart(4, '0')}`;
  return { code, name: NAMES[value] ?? (HIDDEN.test(char) ? 'invisible or control character' : 'character') };
}

export type TextPart = { readonly text: string } | { readonly hidden: string };

/** Splits text into runs of ordinary text and single hidden code points, in order. */
export function splitHidden(text: string, options: HiddenOptions = {}): TextPart[] {
  const parts: TextPart[] = [];
  let run = '';
  for (const char of text) {
    if (!isHiddenCodePoint(char, options)) {
      run += char;
      continue;
    }
    if (run) parts.push({ text: run });
    run = '';
    parts.push({ hidden: char });
  }
  if (run) parts.push({ text: run });
  return parts;
}

/** The text with each hidden code point written as ⟨U+XXXX⟩: for a tooltip or a name, where no mark can be drawn. */
export function withMarks(text: string, options: HiddenOptions = {}): string {
  return splitHidden(text, options)
    .map((part) => ('text' in part ? part.text : `⟨${codePointLabel(part.hidden).code}⟩`))
    .join('');
}

export function hasHiddenCodePoints(text: string, options: HiddenOptions = {}): boolean {
  for (const char of text) if (isHiddenCodePoint(char, options)) return true;
  return false;
}

/**
 * Fields whose string values may span lines; every other string in an input is held to one line. ACP's
 * diff (oldText, newText) and text block (text) are files and prose (common/acp-call.ts).
 */
const MULTILINE_FIELDS = new Set([
  'command',
  'content',
  'new_string',
  'old_string',
  'new_source',
  'prompt',
  'oldText',
  'newText',
  'text',
]);

/** Whether any string anywhere in a tool input (keys included) hides what it says. */
export function inputHidesText(input: unknown, field?: string, depth = 0): boolean {
  if (depth > 64) return false;
  if (typeof input === 'string')
    return hasHiddenCodePoints(input, { multiline: field !== undefined && MULTILINE_FIELDS.has(field) });
  if (Array.isArray(input)) return input.some((item) => inputHidesText(item, field, depth + 1));
  if (input === null || typeof input !== 'object') return false;
  return Object.entries(input).some(
    ([key, value]) => hasHiddenCodePoints(key) || inputHidesText(value, key, depth + 1),
  );
}
