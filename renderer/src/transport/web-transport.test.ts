import { describe, expect, it } from 'vitest';
import { codeFromFragment } from './web-transport';

describe('what a tab shows the console', () => {
  it('the code of the link it was opened with', () => {
    expect(codeFromFragment('#code=abc')).toBe('abc');
  });

  it('nothing for a bare address, and not the old token either', () => {
    expect(codeFromFragment('')).toBeUndefined();
    expect(codeFromFragment('#token=abc')).toBeUndefined();
  });
});
