import { describe, expect, it, vi } from 'vitest';
import type { BashSupport } from '../../engine';
import { memoizeBash, memoizeByText } from './text-memo';

function fakeBash() {
  const analyze = vi.fn((command: string) => ({
    ok: false as const,
    command,
    reason: 'unparseable' as const,
    message: 'x',
  }));
  return { analyze, bash: { analyzer: { analyze } } as unknown as BashSupport };
}

describe('memoizeByText', () => {
  it('computes each text once while it stays among the latest, falsy answers included', () => {
    const compute = vi.fn((text: string) => (text === 'no' ? false : text.length));
    const memo = memoizeByText(compute, 2);
    expect(memo('no')).toBe(false);
    expect(memo('no')).toBe(false);
    memo('ls');
    memo('no');
    expect(compute).toHaveBeenCalledTimes(2);
    memo('pwd');
    memo('ls');
    expect(compute).toHaveBeenCalledTimes(4);
  });
});

describe('memoizeBash', () => {
  it('analyses each command once while it stays among the latest', () => {
    const { analyze, bash } = fakeBash();
    const memo = memoizeBash(bash, 2);
    const first = memo.analyzer.analyze('ls');
    expect(memo.analyzer.analyze('ls')).toBe(first);
    memo.analyzer.analyze('pwd');
    memo.analyzer.analyze('ls');
    expect(analyze).toHaveBeenCalledTimes(2);
    memo.analyzer.analyze('whoami');
    memo.analyzer.analyze('pwd');
    expect(analyze).toHaveBeenCalledTimes(4);
  });
});
