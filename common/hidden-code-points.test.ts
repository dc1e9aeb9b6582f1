import { describe, expect, it } from 'vitest';
import {
  codePointLabel,
  hasHiddenCodePoints,
  inputHidesText,
  splitHidden,
  withMarks,
} from './hidden-code-points';

const LISTED = [
  ...[0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c],
  ...[0x200b, 0x200c, 0x200d, 0x2060, 0xfeff],
  ...[0x00, 0x07, 0x1b, 0x7f, 0x85, 0x9b, 0x00ad, 0x2028],
];

describe('the hidden code point detector', () => {
  it.each(LISTED.map((value) => [codePointLabel(String.fromCodePoint(value)).code, value]))(
    'finds %s in a command',
    (_code, value) => {
      expect(hasHiddenCodePoints(`ls${String.fromCodePoint(value)}x`, { multiline: true })).toBe(true);
    },
  );

  it('lets a command span lines and hold tabs, but not a path', () => {
    expect(hasHiddenCodePoints('echo a\n\techo b', { multiline: true })).toBe(false);
    expect(hasHiddenCodePoints('/tmp/a\nb')).toBe(true);
    expect(hasHiddenCodePoints('/tmp/a\tb')).toBe(true);
    expect(hasHiddenCodePoints('echo a\r\n', { multiline: true })).toBe(true);
  });

  it('leaves ordinary text of any script alone', () => {
    expect(hasHiddenCodePoints('grep -r "مرحبا" ./日本語 — ok ✓ 👍🏽', { multiline: true })).toBe(false);
  });

  it('splits text into the runs around each hidden code point, losing nothing', () => {
    const parts = splitHidden('ABC\u202EDEF\u200B');
    expect(parts).toEqual([{ text: 'ABC' }, { hidden: '\u202E' }, { text: 'DEF' }, { hidden: '\u200B' }]);
    expect(parts.map((p) => ('text' in p ? p.text : p.hidden)).join('')).toBe('ABC\u202EDEF\u200B');
    expect(codePointLabel('\u202E')).toEqual({ code: 'U+202E', name: 'RIGHT-TO-LEFT OVERRIDE' });
  });

  it('looks through a whole input: nested values, keys, paths held to one line', () => {
    expect(inputHidesText({ command: 'echo a\necho b' })).toBe(false);
    expect(inputHidesText({ file_path: '/tmp/a\nb' })).toBe(true);
    expect(inputHidesText({ url: 'https://exa\u200Bmple.com' })).toBe(true);
    expect(inputHidesText({ edits: [{ old_string: 'x', new_string: 'ABC\u202EDEF' }] })).toBe(true);
    expect(inputHidesText({ ['k\u2066']: 1 })).toBe(true);
  });

  it('lets an ACP diff and text span lines, and still finds what they hide', () => {
    const diff = { type: 'diff', path: '/p/a.ts', oldText: 'a\nb\n', newText: 'a\nc\n' };
    const text = { type: 'content', content: { type: 'text', text: 'Line one\nLine two' } };
    expect(inputHidesText({ kind: 'edit', content: [diff, text] })).toBe(false);
    expect(inputHidesText({ content: [{ ...diff, newText: 'a\u202Ec' }] })).toBe(true);
    expect(inputHidesText({ content: [{ ...diff, path: '/p/a\n.ts' }] })).toBe(true);
  });

  it('writes each hidden code point as its mark where no mark can be drawn', () => {
    expect(withMarks('Edit(./src/invoice\u202Eexe.jpg)')).toBe('Edit(./src/invoice⟨U+202E⟩exe.jpg)');
    expect(withMarks('echo a\necho b', { multiline: true })).toBe('echo a\necho b');
    expect(withMarks('a\nb')).toBe('a⟨U+000A⟩b');
  });
});
