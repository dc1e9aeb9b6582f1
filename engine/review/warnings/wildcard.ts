/**
 * Containment of `*`-wildcard languages, the pattern language of Bash rule content and of tool-name globs:
 * literal characters and `*`, which spans any characters. "Is every string pattern A matches also matched
 * by pattern B?" is answered by reading A itself as a word in which each star is a symbol no literal can
 * equal, and asking whether B matches that word with its stars free to swallow A's stars. If it does, the
 * same alignment matches every string A can produce (swap each star symbol for the text it stands for), so
 * a "yes" is always true; a "no" may be too cautious, which only costs a warning.
 */

export const STAR: unique symbol = Symbol('star');
export type Glob = readonly (string | typeof STAR)[];

/** Whether every string `inner` matches is also matched by `outer`. */
export function globContains(inner: Glob, outer: Glob): boolean {
  // Literal starts that differ settle it before the table: most runners broad-allow.ts asks about differ at once.
  for (let k = 0; k < inner.length && k < outer.length && inner[k] !== STAR && outer[k] !== STAR; k++)
    if (inner[k] !== outer[k]) return false;
  // row[j]: the first i items of inner are matched by the first j items of outer.
  let row = outer.map(() => false);
  row.unshift(true);
  for (let j = 1; j <= outer.length; j++) row[j] = row[j - 1]! && outer[j - 1] === STAR;
  for (let i = 1; i <= inner.length; i++) {
    const next = [false];
    for (let j = 1; j <= outer.length; j++) {
      const part = outer[j - 1];
      next[j] = part === STAR ? next[j - 1]! || row[j]! : part === inner[i - 1] && row[j - 1]!;
    }
    row = next;
  }
  return row[outer.length]!;
}

/** Every glob of `inner` lies inside one glob of `outer`: sufficient for the unions to be contained. */
export function globsContain(inner: readonly Glob[], outer: readonly Glob[]): boolean {
  return inner.every((a) => outer.some((b) => globContains(a, b)));
}

/** A tool-name glob as wildcardToRegExp reads it: `*` spans anything, every other character is literal. */
export function nameGlob(name: string): Glob {
  return starsMerged(name.split('').map((ch) => (ch === '*' ? STAR : ch)));
}

/**
 * The language of a Bash rule's content as engine/bash/match.ts compiles it, as a union of globs: trimmed;
 * a final `:*` is ` *`; `\*` and `\\` are literal; a trailing ` *` also matches nothing, so `ls *` is
 * `ls` or `ls *`; content of stars only is the whole tool. The property test in wildcard.test.ts holds
 * this reading to the real matcher.
 */
export function bashPatternGlobs(pattern: string): readonly Glob[] {
  let content = pattern.trim();
  if (content.endsWith(':*')) content = `${content.slice(0, -2)} *`.trim();
  const glob = starsMerged(tokenize(content));
  if (glob.every((part) => part === STAR)) return [[STAR]];
  const n = glob.length;
  if (glob[n - 1] === STAR && glob[n - 2] === ' ') return [glob.slice(0, -2), glob];
  return [glob];
}

export function bashPatternContains(inner: string, outer: string): boolean {
  return globsContain(bashPatternGlobs(inner), bashPatternGlobs(outer));
}

/** Whether a Bash pattern matches every command, however it is spelled (`*`, `* *`, `**`). */
export function bashPatternMatchesEverything(pattern: string): boolean {
  return globsContain([[STAR]], bashPatternGlobs(pattern));
}

function tokenize(content: string): Glob {
  const parts: (string | typeof STAR)[] = [];
  for (let i = 0; i < content.length; i++) {
    const ch = content[i]!;
    const next = content[i + 1];
    if (ch === '\\' && (next === '*' || next === '\\')) {
      parts.push(next);
      i++;
    } else {
      parts.push(ch === '*' ? STAR : ch);
    }
  }
  return parts;
}

function starsMerged(parts: Glob): Glob {
  return parts.filter((part, i) => !(part === STAR && parts[i - 1] === STAR));
}
