/**
 * One screening asks the Bash analyser about the same command several times (the decision, the risk, each
 * subcommand, the suggested rules, every live grant), and agents repeat commands. Analyses are immutable,
 * so the console keeps the latest few by command text. The engine itself stays unmemoized, so its
 * benchmark measures real parses.
 */
import type { BashSupport } from '../../engine';

export const ANALYSIS_CACHE_SIZE = 512;

export function memoizeBash(bash: BashSupport, size = ANALYSIS_CACHE_SIZE): BashSupport {
  const cache = new Map<string, ReturnType<BashSupport['analyzer']['analyze']>>();
  return {
    ...bash,
    analyzer: {
      analyze(command) {
        const hit = cache.get(command);
        if (hit !== undefined) {
          cache.delete(command);
          cache.set(command, hit);
          return hit;
        }
        const analysis = bash.analyzer.analyze(command);
        cache.set(command, analysis);
        if (cache.size > size) cache.delete(cache.keys().next().value as string);
        return analysis;
      },
    },
  };
}
