import { describe, expect, it } from 'vitest';
import { wrapPieces } from './wrap-points';

/** The pieces written out: `|` where a wrap may fall, `[…]` around what must stay whole. */
const shown = (text: string) =>
  wrapPieces(text)
    .map((piece) => ('wrap' in piece ? '|' : piece.keep ? `[${piece.text}]` : piece.text))
    .join('');

describe('wrap points', () => {
  it('lets a path wrap after each folder and a URL after its scheme', () => {
    expect(shown('/home/dev/shop/src/cart.ts')).toBe('/|home/|dev/|shop/|src/|cart.ts');
    expect(shown('https://docs.example.com/api?page=2&x=1')).toBe(
      'https://|docs.example.com/|api?|page=|2&|x=|1',
    );
  });

  it("keeps an option's dashes with its name and lets a word's own hyphen wrap as the browser does", () => {
    expect(shown('npm run lint -- --fix')).toBe('npm run lint -- [--f]ix');
    expect(shown('rm -rf build/ --exclude=node_modules')).toBe('rm [-r]f build/ [--e]xclude=|node_modules');
    expect(shown('git push --force-with-lease')).toBe('git push [--f]orce-with-lease');
    expect(shown('rm "-rf" --x=-1')).toBe('rm "[-r]f" [--x]=|[-1]');
  });

  it('adds nothing to plain words and never splits a surrogate pair', () => {
    expect(wrapPieces('git status')).toEqual([{ text: 'git status' }]);
    expect(wrapPieces('')).toEqual([]);
    expect(shown('-😀x')).toBe('[-😀]x');
  });

  it('keeps every character, in order', () => {
    const text = 'Bash(npm run lint:*) a//b --x=-1 ::';
    const joined = wrapPieces(text)
      .map((piece) => ('text' in piece ? piece.text : ''))
      .join('');
    expect(joined).toBe(text);
  });
});
