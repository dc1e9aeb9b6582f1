/**
 * Bash rule content against one subcommand (docs/engine.md, Matching, per tool family). `*` matches any
 * characters, spaces included, anywhere in the pattern; a trailing ` *` also matches nothing, so `ls *`
 * covers `ls` and `ls -la` but not `lsof`, while `ls*` covers all three; the legacy `prefix:*`, recognised
 * only at the end, is the same as `prefix *`; `*` alone or empty content is the whole tool. `\*` is a literal
 * star and `\\` a literal backslash.
 */
import type { BashPatternMatcher, BashSubcommand } from './types';

interface CompiledPattern {
  /** Undefined for the whole tool. */
  readonly regex: RegExp | undefined;
  /** True when the pattern ends in a wildcard, so it also matches anything appended to what it matches. */
  readonly openEnded: boolean;
}

const compiled = new Map<string, CompiledPattern>();

export function isWholeToolPattern(pattern: string): boolean {
  return compilePattern(pattern).regex === undefined;
}

export const matchBashPattern: BashPatternMatcher = (pattern, subcommand, behavior) => {
  const { regex, openEnded } = compilePattern(pattern);
  if (regex === undefined) return true;
  // Flagless xargs appends words read from stdin, so only a pattern that allows any extra words may approve it.
  if (behavior === 'allow') {
    return (openEnded || !subcommand.wrappers.includes('xargs')) && regex.test(allowView(subcommand));
  }
  return viewsFor(subcommand).some((view) => regex.test(view));
};

/** Tests a pattern against raw text, for commands that could not be split into subcommands. */
export function matchBashPatternText(pattern: string, text: string): boolean {
  return compilePattern(pattern).regex?.test(text) ?? true;
}

/** Allow sees the command past its wrappers and known-safe assignments only. */
function allowView(sub: BashSubcommand): string {
  // Most commands have no unsafe assignment, and this runs for every allow rule tried.
  return sub.unsafeAssignments.length === 0 ? sub.text : joinWords([...sub.unsafeAssignments, sub.text]);
}

/**
 * Deny and ask see the command at every stage of stripping, so `Bash(rm *)`, `Bash(nohup *)` and
 * `Bash(PATH=* *)` all catch `PATH=/x nohup rm -rf /`.
 */
function viewsFor(sub: BashSubcommand): string[] {
  const views = [sub.text];
  for (let i = sub.wrappers.length - 1; i >= 0; i--) {
    views.push(joinWords([...sub.wrappers.slice(i), sub.text]));
  }
  views.push(
    joinWords([...sub.unsafeAssignments, sub.text]),
    joinWords([...sub.assignments, ...sub.wrappers, sub.text]),
  );
  return views;
}

function joinWords(words: readonly string[]): string {
  return words.filter((word) => word !== '').join(' ');
}

function compilePattern(pattern: string): CompiledPattern {
  let entry = compiled.get(pattern);
  if (entry === undefined) {
    entry = compile(pattern);
    compiled.set(pattern, entry);
  }
  return entry;
}

type Token = { readonly star: true } | { readonly star: false; readonly text: string };

function compile(pattern: string): CompiledPattern {
  let content = pattern.trim();
  if (content.endsWith(':*')) content = `${content.slice(0, -2)} *`.trim();
  const tokens = tokenize(content);
  if (tokens.every((token) => token.star)) return { regex: undefined, openEnded: true };

  const segments = splitOnStars(tokens);
  const openEnded = tokens.at(-1)?.star === true;
  // Built in order, so capture groups are numbered as they appear in the source.
  const groups = { next: 1 };
  const alternatives: string[] = [];
  const beforeStar = segments.at(-2);
  if (openEnded && beforeStar?.endsWith(' ')) {
    // `ls *` = `ls` exactly, or `ls ` followed by anything.
    alternatives.push(globSource([...segments.slice(0, -2), beforeStar.slice(0, -1)], groups));
  }
  alternatives.push(globSource(segments, groups));
  return { regex: new RegExp(`^(?:${alternatives.join('|')})$`), openEnded };
}

/** Reads `\*` and `\\` escapes; any other backslash is literal. */
function tokenize(content: string): Token[] {
  const tokens: Token[] = [];
  let text = '';
  for (let i = 0; i < content.length; i++) {
    const ch = content[i]!;
    const next = content[i + 1];
    if (ch === '\\' && (next === '*' || next === '\\')) {
      text += next;
      i++;
    } else if (ch === '*') {
      if (text !== '') tokens.push({ star: false, text });
      text = '';
      if (!tokens.at(-1)?.star) tokens.push({ star: true });
    } else {
      text += ch;
    }
  }
  if (text !== '') tokens.push({ star: false, text });
  return tokens;
}

/** The literal runs between stars: `a*b*` → ['a', 'b', '']. */
function splitOnStars(tokens: readonly Token[]): string[] {
  const segments = [''];
  for (const token of tokens) {
    if (token.star) segments.push('');
    else segments[segments.length - 1] += token.text;
  }
  return segments;
}

/**
 * A glob of literal segments joined by stars, without anchors. A naive `.*` per star backtracks
 * polynomially on long commands, so every inner segment is matched at its leftmost place and held there, an
 * atomic group emulated by a captured lookahead; leftmost is always a safe choice for `*`-only globs.
 */
function globSource(segments: readonly string[], groups: { next: number }): string {
  const [first = '', ...rest] = segments.map(escapeRegExp);
  const last = rest.pop();
  if (last === undefined) return first;
  let source = first;
  for (const segment of rest) {
    if (segment === '') continue;
    source += `(?=([\\s\\S]*?${segment}))\\${groups.next++}`;
  }
  return `${source}[\\s\\S]*${last}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
