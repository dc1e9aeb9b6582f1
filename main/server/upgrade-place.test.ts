import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from './upgrade-place';

describe('isLoopbackHost', () => {
  it('accepts localhost and [::1] as the Host', () => {
    expect(isLoopbackHost('localhost:4000', 4000)).toBe(true);
    expect(isLoopbackHost('[::1]:4000', 4000)).toBe(true);
    expect(isLoopbackHost('localhost', 4000)).toBe(false);
    expect(isLoopbackHost('127.0.0.1.evil.example:4000', 4000)).toBe(false);
  });
});
