/**
 * The console's screening asks the same questions about the same texts (a command, a candidate rule) over
 * and over, because agents repeat commands. Where the answer depends on the text alone, the latest few
 * answers are kept. The engine itself stays unmemoized, so its benchmarks measure real work.
 */
import type { BashSupport } from '../../engine';

export const ANALYSIS_CACHE_SIZE = 512;

/** `compute` for the latest `size` texts; the one used longest ago goes first. */
export function memoizeByText<T>(compute: (text: string) => T, size: number): (text: string) => T {
  const cache = new Map<string, T>();
  return (text) => {
    if (cache.has(text)) {
      const hit = cache.get(text) as T;
      cache.delete(text);
      cache.set(text, hit);
      return hit;
    }
    const value = compute(text);
    cache.set(text, value);
    if (cache.size > size) cache.delete(cache.keys().next().value as string);
    return value;
  };
}

/** One screening asks the Bash analyser about one command several times; analyses are immutable. */
export function memoizeBash(bash: BashSupport, size = ANALYSIS_CACHE_SIZE): BashSupport {
  return { ...bash, analyzer: { analyze: memoizeByText((command) => bash.analyzer.analyze(command), size) } };
}
