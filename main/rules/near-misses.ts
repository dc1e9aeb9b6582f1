/**
 * The few near misses worth showing: the engine lists every content rule of the tool that did not match
 * (up to ten, `sudo:*` for a `git push` among them), and a person needs the ones that almost did. A rule
 * is as close as the longest start it shares with what the call does (a subcommand, a path, a URL).
 */
import type { RuleRefView } from '../../common/queue-contract';

export const NEAR_MISSES_SHOWN = 3;
/** A shared start shorter than this (a letter, a slash) says nothing about closeness. */
const MIN_SHARED = 3;

/**
 * A rule's content with its wildcard tail and `domain:` prefix taken off: what a call would start with
 * (`npm run lint` of `Bash(npm run lint *)`, `src/a.ts` of `Edit(./src/a.ts)`).
 */
export function stemOf(rule: string): string {
  const open = rule.indexOf('(');
  if (open === -1 || !rule.endsWith(')')) return '';
  return rule
    .slice(open + 1, -1)
    .replace(/^domain:/, '')
    .replace(/(:\*|\s*\*+)$/, '')
    .replace(/^\.\//, '');
}

function sharedStart(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  return i;
}

/** `texts`: what the call does, each as a rule's content would name it (subcommands, a path, a host). */
export function closestNearMisses(misses: readonly RuleRefView[], texts: readonly string[]): RuleRefView[] {
  const scored = misses.map((rule, order) => {
    const stem = stemOf(rule.text);
    const score = Math.max(0, ...texts.map((text) => sharedStart(stem, text)));
    return { rule, order, score };
  });
  return scored
    .filter((s) => s.score >= MIN_SHARED)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, NEAR_MISSES_SHOWN)
    .map((s) => s.rule);
}
