/**
 * Turns tree-sitter word nodes into the values Bash would pass to a program, so that `"r"m`, `\rm` and
 * `$'\x72m'` all read as `rm` and a deny rule on `rm` cannot be dodged by quoting.
 */
import { childByField, type SyntaxNode } from './syntax-tree';

export interface ShellWord {
  /** The unquoted value when `literal`; the source text otherwise. */
  readonly value: string;
  /** False when Bash would expand the word (a parameter, substitution, glob, brace or tilde), so its value is unknown. */
  readonly literal: boolean;
}

interface Piece {
  readonly value: string;
  readonly literal: boolean;
  /**
   * The piece as the expansion phases see it: unquoted characters as written, quoted or escaped ones
   * replaced by `_`, so a glob or brace test on a whole word ignores what quoting protects.
   */
  readonly bare: string;
}

/** Reads one word made of `parts`, adjacent nodes with no space between them (`$"x"` parses as two). */
export function readWord(parts: readonly SyntaxNode[], source: string): ShellWord {
  const piece = concatenate(parts, source);
  if (piece.literal && !expandsAsPattern(piece.bare)) return { value: piece.value, literal: true };
  return { value: source.slice(parts[0]?.startIndex ?? 0, parts.at(-1)?.endIndex ?? 0), literal: false };
}

/**
 * Groups nodes into words: Bash separates words by blanks, so nodes that touch belong to one word, and so do
 * nodes joined by a line continuation (`a\⏎b` is the word `ab`).
 */
export function groupAdjacent(nodes: readonly SyntaxNode[], source: string): SyntaxNode[][] {
  const groups: SyntaxNode[][] = [];
  for (const node of nodes) {
    const group = groups.at(-1);
    const previous = group?.at(-1);
    if (group !== undefined && previous !== undefined && joins(source, previous.endIndex, node.startIndex)) {
      group.push(node);
    } else {
      groups.push([node]);
    }
  }
  return groups;
}

/**
 * Whether the gap source[from, to) makes one word of the nodes on either side: nothing, or only `\⏎`s.
 * Read in place rather than sliced, as this runs between every two words.
 */
function joins(source: string, from: number, to: number): boolean {
  if ((to - from) % 2 === 1) return false;
  for (let i = from; i < to; i += 2) {
    if (source[i] !== '\\' || source[i + 1] !== '\n') return false;
  }
  return true;
}

/** True when the node or anything under it expands a parameter, command or arithmetic expression. */
export function containsExpansion(node: SyntaxNode): boolean {
  if (EXPANSIONS.has(node.type)) return true;
  return node.namedChildren.some(containsExpansion);
}

const EXPANSIONS = new Set([
  'simple_expansion',
  'expansion',
  'command_substitution',
  'process_substitution',
  'arithmetic_expansion',
]);

function concatenate(nodes: readonly SyntaxNode[], source: string): Piece {
  let value = '';
  let bare = '';
  let literal = true;
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index]!;
    // `$"text"` is a locale-translated string; untranslated, it is just the string.
    if (node.type === '$' && !node.isNamed && nodes[index + 1]?.type === 'string') continue;
    const piece = readPiece(node, source);
    value += piece.value;
    bare += piece.bare;
    literal &&= piece.literal;
  }
  return { value, literal, bare };
}

function readPiece(node: SyntaxNode, source: string): Piece {
  const text = source.slice(node.startIndex, node.endIndex);
  switch (node.type) {
    case 'word':
      return unquoteBare(text);
    case 'number':
    case 'variable_name':
      return { value: text, literal: true, bare: text };
    case 'raw_string':
      return quoted(text.slice(1, -1));
    case 'ansi_c_string': {
      const decoded = decodeAnsiC(text.slice(2, -1));
      return decoded === undefined ? dynamic(text) : quoted(decoded);
    }
    case 'string':
      return doubleQuoted(node, source);
    case 'translated_string':
    case 'concatenation':
    case 'command_name':
      return concatenate(node.children, source);
    case 'variable_assignment':
      return assignmentPiece(node, source);
    default:
      return dynamic(text);
  }
}

function dynamic(text: string): Piece {
  return { value: text, literal: false, bare: text };
}

function quoted(value: string): Piece {
  return { value, literal: true, bare: '_'.repeat(value.length) };
}

function unquoteBare(text: string): Piece {
  // Most words have no backslash, and building them again character by character is most of their cost.
  if (!text.includes('\\')) return { value: text, literal: true, bare: text };
  let value = '';
  let bare = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch !== '\\') {
      value += ch;
      bare += ch;
      continue;
    }
    const next = text[i + 1];
    if (next === undefined) {
      value += ch;
      bare += '_';
    } else if (next !== '\n') {
      value += next;
      bare += '_';
    }
    i++;
  }
  return { value, literal: true, bare };
}

/**
 * Read from the source between the quotes rather than from the children: tree-sitter leaves some characters
 * (a leading newline) outside every child node.
 */
function doubleQuoted(node: SyntaxNode, source: string): Piece {
  const inner = source.slice(node.startIndex + 1, node.endIndex - 1);
  const expands = node.namedChildren.some((child) => child.type !== 'string_content');
  if (expands) return { value: inner, literal: false, bare: '_'.repeat(inner.length) };
  const value = unescapeDoubleQuoted(inner);
  return { value, literal: true, bare: '_'.repeat(value.length) };
}

/** Inside double quotes a backslash escapes only `$`, backquote, `"`, `\` and newline; elsewhere it stays. */
function unescapeDoubleQuoted(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const next = text[i + 1];
    if (ch === '\\' && next !== undefined && '$`"\\\n'.includes(next)) {
      if (next !== '\n') out += next;
      i++;
    } else {
      out += ch;
    }
  }
  return out;
}

function assignmentPiece(node: SyntaxNode, source: string): Piece {
  const value = childByField(node, 'value');
  const head = source.slice(node.startIndex, value?.startIndex ?? node.endIndex);
  if (value === undefined) return { value: head, literal: true, bare: '_'.repeat(head.length) };
  const piece =
    value.type === 'array'
      ? dynamic(source.slice(value.startIndex, value.endIndex))
      : readPiece(value, source);
  return { value: head + piece.value, literal: piece.literal, bare: '_'.repeat(head.length) + piece.bare };
}

/** Pathname expansion (`*`, `?`, `[...]`), brace expansion (`{a,b}`, `{1..3}`) or a leading tilde. */
function expandsAsPattern(bare: string): boolean {
  if (bare.startsWith('~')) return true;
  if (bare.includes('*') || bare.includes('?')) return true;
  const open = bare.indexOf('[');
  if (open !== -1 && bare.indexOf(']', open + 1) !== -1) return true;
  return hasBraceExpansion(bare);
}

function hasBraceExpansion(bare: string): boolean {
  if (!bare.includes('{')) return false;
  const stack: number[] = [];
  for (let i = 0; i < bare.length; i++) {
    const ch = bare[i];
    if (ch === '{') stack.push(i);
    else if (ch === '}') {
      const open = stack.pop();
      if (open === undefined) continue;
      const inner = bare.slice(open + 1, i);
      if (inner.includes(',') || inner.includes('..')) return true;
    }
  }
  return false;
}

const SIMPLE_ESCAPES: Record<string, string> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

/** Decodes the body of `$'...'`; undefined for escapes whose meaning is too odd to trust (`\c`). */
function decodeAnsiC(body: string): string | undefined {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const next = body[i + 1];
    if (next === undefined) return out + ch;
    const simple = SIMPLE_ESCAPES[next];
    if (simple !== undefined) {
      out += simple;
      i++;
      continue;
    }
    if (next === 'c') return undefined;
    const numeric = readNumericEscape(body, i + 1);
    if (numeric === undefined) {
      out += ch + next;
      i++;
      continue;
    }
    if (numeric.code > 0x10ffff) return undefined;
    out += String.fromCodePoint(numeric.code);
    i += numeric.length;
  }
  return out;
}

const NUMERIC_ESCAPES: Record<
  string,
  { readonly digits: RegExp; readonly max: number; readonly radix: number }
> = {
  x: { digits: /[0-9a-fA-F]/, max: 2, radix: 16 },
  u: { digits: /[0-9a-fA-F]/, max: 4, radix: 16 },
  U: { digits: /[0-9a-fA-F]/, max: 8, radix: 16 },
};

/** `\xHH`, `\uHHHH`, `\UHHHHHHHH` or octal `\NNN` starting at `at` (just past the backslash). */
function readNumericEscape(body: string, at: number): { code: number; length: number } | undefined {
  const letter = body[at]!;
  const spec = NUMERIC_ESCAPES[letter];
  const start = spec ? at + 1 : at;
  const { digits, max, radix } = spec ?? { digits: /[0-7]/, max: 3, radix: 8 };
  let end = start;
  while (end < body.length && end - start < max && digits.test(body[end]!)) end++;
  if (end === start) return undefined;
  return { code: Number.parseInt(body.slice(start, end), radix), length: end - at };
}
