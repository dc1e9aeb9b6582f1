/**
 * Turns what a person typed into an FTS5 query that cannot be a syntax error: each whitespace-separated
 * word becomes a quoted phrase (so `-`, `:`, `"` and `AND` are text, not operators) matched as a prefix,
 * and every word must match. Words without a letter or digit hold no token and are dropped.
 * Returns undefined when nothing searchable is left.
 */
export function toFtsQuery(text: string): string | undefined {
  const words = text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  if (words.length === 0) return undefined;
  return words.map((word) => `"${word.replaceAll('"', '""')}"*`).join(' ');
}
