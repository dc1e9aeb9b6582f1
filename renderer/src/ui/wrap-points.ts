/**
 * Where a command, path, rule or diff line may wrap: at whitespace, and after the punctuation that joins
 * the parts of a token (`/`, `=`, `:`, `,`, `&` …), so a long path wraps between its folders, not inside
 * a name. Chromium also breaks after every hyphen, which is right inside a word (`force-with-lease`) and
 * wrong after an option's leading dashes (`-` then `rf`, or `-` then `-fix`, reads as another command):
 * those dashes are kept with the character after them. What is left too long for the line breaks at its edge (the CSS's
 * `overflow-wrap`), and only then.
 */

/** A run of text; `keep` runs must not be broken inside. */
export type WrapPiece = { readonly text: string; readonly keep?: true } | { readonly wrap: true };

const JOINERS = new Set(['/', '\\', '=', ',', ';', ':', '&', '?', '|']);
const SPACE = /\s/;
/** A hyphen after one of these joins a word (`force-with-lease`); any other dash leads an option. */
const WORD = /[\p{L}\p{N}]/u;

export function wrapPieces(text: string): WrapPiece[] {
  const pieces: WrapPiece[] = [];
  let run = '';
  const flush = () => {
    if (run) pieces.push({ text: run });
    run = '';
  };
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === '-' && !WORD.test(text[i - 1] ?? '')) {
      let end = i;
      while (text[end] === '-') end++;
      const next = text.codePointAt(end);
      if (next !== undefined && !SPACE.test(String.fromCodePoint(next))) {
        flush();
        const stop = end + (next > 0xffff ? 2 : 1);
        pieces.push({ text: text.slice(i, stop), keep: true });
        i = stop;
        continue;
      }
    }
    run += char;
    i++;
    const next = text[i];
    if (JOINERS.has(char) && next !== undefined && !JOINERS.has(next) && !SPACE.test(next)) {
      flush();
      pieces.push({ wrap: true });
    }
  }
  flush();
  return pieces;
}
