/**
 * Where tree-sitter-bash 0.25 accepts a command without an error yet builds a tree that is not what Bash
 * would run. Each misreading could hide a command from every rule, so each becomes `unparseable`
 * (differential.test.ts finds them by comparing with an independent parser).
 */
import { phraseText, type Phrase, type PhraseCode } from '../explain/phrases';
import type { SyntaxNode } from './syntax-tree';
import { childByField } from './syntax-tree';

/** Thrown while walking when tree-sitter accepted a tree that is not what Bash would run. */
export class BashSyntaxError extends Error {
  constructor(
    /** What is wrong, as a phrase, so the console can say it in the person's language. */
    readonly detail: Phrase,
    /** Where in the command the problem starts. */
    readonly index: number,
  ) {
    super(phraseText(detail));
  }
}

/** Bash's reserved words, except `time`, which tree-sitter reads as a command and the wrappers strip. */
const RESERVED_WORDS = new Set([
  'if',
  'then',
  'else',
  'elif',
  'fi',
  'case',
  'esac',
  'for',
  'select',
  'while',
  'until',
  'do',
  'done',
  'in',
  'function',
  'coproc',
  '{',
  '}',
  '!',
  '[[',
  ']]',
]);

const REDIRECTS = new Set(['file_redirect', 'herestring_redirect', 'heredoc_redirect']);
/** Nodes whose `word` children are bare words of the command. */
const WORD_HOLDERS = new Set(['command_name', 'concatenation']);

/** Bash always reads an unquoted reserved word as a keyword there; tree-sitter does not after `! while`. */
export function requireNoKeywordName(command: SyntaxNode, source: string): void {
  const name = childByField(command, 'name');
  const word = name?.children.length === 1 ? name.children[0] : undefined;
  if (name === undefined || word?.type !== 'word') return;
  const text = source.slice(name.startIndex, name.endIndex);
  if (RESERVED_WORDS.has(text)) {
    throw new BashSyntaxError(wordPhrase('bashParse.keyword', text), name.startIndex);
  }
}

/**
 * tree-sitter sometimes splits words where Bash does not: it reads the first word of the next line as one
 * more argument (`a | b | c⏎d && e` gives a command `c d`; `a # x⏎y` gives `a ⏎y`), and ends a redirect
 * target at a quote (`>'x'\a ls` gives the target `x` and a command `\a ls`). An unescaped newline between
 * or inside the bare words of a command or redirect, anything after a comment, or a word glued to a
 * redirect before it means the tree is wrong. Declarations (`export`, `local`, `unset`) merge lines the
 * same way.
 */
export function requireWordBoundaries(node: SyntaxNode, source: string): void {
  let previous: SyntaxNode | undefined;
  for (const child of node.children) {
    // Positions, not slices: this runs for every word of every check, and a slice is an allocation.
    const gapStart = previous === undefined ? child.startIndex : previous.endIndex;
    const brokenWord =
      child.type === 'word'
        ? hasLineBreak(source, child.startIndex, child.endIndex)
        : WORD_HOLDERS.has(child.type) &&
          child.children.some(
            (word) => word.type === 'word' && hasLineBreak(source, word.startIndex, word.endIndex),
          );
    const glued =
      gapStart === child.startIndex &&
      previous !== undefined &&
      REDIRECTS.has(previous.type) &&
      !REDIRECTS.has(child.type);
    if (glued) {
      throw new BashSyntaxError(
        wordPhrase('bashParse.splitRedirect', source.slice(child.startIndex, child.endIndex)),
        child.startIndex,
      );
    }
    if (previous?.type === 'comment' || hasLineBreak(source, gapStart, child.startIndex) || brokenWord) {
      const text = source.slice(child.startIndex, child.endIndex);
      const word = text.trimStart();
      throw new BashSyntaxError(
        wordPhrase('bashParse.lineBreak', word.trimEnd()),
        child.startIndex + text.length - word.length,
      );
    }
    previous = child;
  }
}

/**
 * Bash ends a heredoc only at a line that is exactly its delimiter (after tabs, for `<<-`); tree-sitter
 * also ends it at ` EOF` or `EOFX`, and would then read the rest of the text as commands.
 */
export function requireWholeLineEnd(heredoc: SyntaxNode, source: string): void {
  const end = heredoc.children.find((child) => child.type === 'heredoc_end');
  if (end === undefined) return;
  const allowTabs = heredoc.children.some((child) => child.type === '<<-');
  let lineStart = end.startIndex;
  while (allowTabs && source[lineStart - 1] === '\t') lineStart--;
  const after = source[end.endIndex];
  if (source[lineStart - 1] !== '\n' || (after !== undefined && after !== '\n')) {
    throw new BashSyntaxError({ code: 'bashParse.heredoc', params: {} }, end.startIndex);
  }
}

/** A newline in source[from, to) that is not a line continuation (a backslash right before it, within the range). */
function hasLineBreak(source: string, from: number, to: number): boolean {
  // A bounded loop: `indexOf` would search on to the end of a one-line command, for every word.
  for (let i = from; i < to; i++) {
    if (source[i] === '\n' && (i === from || source[i - 1] !== '\\')) return true;
  }
  return false;
}

/** A syntax problem that names the word it is about. */
export function wordPhrase(code: PhraseCode, word: string): Phrase {
  return { code, params: { word: { literal: word } } };
}
