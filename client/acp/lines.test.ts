import { describe, expect, it } from 'vitest';
import { LineSplitter } from './lines';

describe('LineSplitter', () => {
  it('keeps every byte of each line, newline included, across chunk boundaries', () => {
    const splitter = new LineSplitter();
    const first = splitter.push(Buffer.from('{"a":1}\r\n{"b":'));
    const second = splitter.push(Buffer.from('2}\n\n{"c"'));
    expect(first.map(String)).toEqual(['{"a":1}\r\n']);
    expect(second.map(String)).toEqual(['{"b":2}\n', '\n']);
    expect(String(splitter.end())).toBe('{"c"');
    expect(splitter.end()).toBeUndefined();
  });

  it('does not cut a multi-byte character split between chunks', () => {
    const bytes = Buffer.from('{"t":"é"}\n');
    const splitter = new LineSplitter();
    expect(splitter.push(bytes.subarray(0, 7))).toEqual([]);
    expect(splitter.push(bytes.subarray(7))).toEqual([bytes]);
  });
});
