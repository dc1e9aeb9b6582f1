/**
 * Which Bash rules could possibly match a command line, found without running their patterns. A Bash
 * pattern is anchored at the start of the text it is matched against, and every such text (the command past
 * its wrappers, or with its assignments and wrappers put back) starts at one of the subcommand's own
 * words; so a rule whose pattern begins with the literal word `git` can only match a line containing the
 * word `git`. With a thousand rules a check then runs a handful of patterns instead of a thousand.
 *
 * This is a necessary condition only: candidates are still matched by engine/bash. bash-rule-index.test.ts
 * holds it to "a rule left out never matches" against the real analyser.
 */
import type { BashSubcommand } from '../bash/types';
import type { CompiledRule } from '../rules/compile';

interface Index {
  /** Rules whose pattern starts with a whole literal word: keyed by that word. */
  readonly byWord: ReadonlyMap<string, readonly CompiledRule[]>;
  /** Rules whose pattern starts with part of a word (`git*`): the literal, to test as a word prefix. */
  readonly byPrefix: readonly { readonly prefix: string; readonly rule: CompiledRule }[];
  /** Rules any line may match: a leading `*`, an escape, or a `param:value` reading. */
  readonly always: readonly CompiledRule[];
}

const indexes = new WeakMap<readonly CompiledRule[], Index>();

/**
 * The words a line's match texts are built from: of its subcommands, or of its raw text if unparsed. Every
 * match text joins a subcommand's argv, assignments and wrappers (match.ts `viewsFor`), so their words are
 * all there is; `text` and `unsafeAssignments` repeat them.
 */
export function lineWords(line: readonly BashSubcommand[] | string): ReadonlySet<string> {
  const words = new Set<string>();
  const add = (field: string) => {
    // Most fields are one word already, and this runs for every field of every check.
    if (!/\s/.test(field)) {
      if (field !== '') words.add(field);
      return;
    }
    for (const word of field.split(/\s+/)) if (word !== '') words.add(word);
  };
  if (typeof line === 'string') add(line);
  else {
    for (const sub of line) {
      for (const field of sub.argv) add(field);
      for (const field of sub.assignments) add(field);
      for (const field of sub.wrappers) add(field);
    }
  }
  return words;
}

/** The rules of `rules` (one behavior's Bash content rules, in order) that may match a line with these words. */
export function bashCandidates(
  rules: readonly CompiledRule[],
  words: ReadonlySet<string>,
): readonly CompiledRule[] {
  if (rules.length === 0) return rules;
  const index = indexOf(rules);
  // Made only once a rule is picked: most lines pick none of most behaviors' rules.
  let picked: Set<CompiledRule> | undefined;
  for (const word of words) {
    const byWord = index.byWord.get(word);
    if (byWord !== undefined) for (const rule of byWord) (picked ??= new Set(index.always)).add(rule);
  }
  for (const { prefix, rule } of index.byPrefix) {
    for (const word of words) {
      if (word.startsWith(prefix)) {
        (picked ??= new Set(index.always)).add(rule);
        break;
      }
    }
  }
  return picked === undefined ? index.always : [...picked].sort((a, b) => a.order - b.order);
}

function indexOf(rules: readonly CompiledRule[]): Index {
  let index = indexes.get(rules);
  if (index) return index;
  const byWord = new Map<string, CompiledRule[]>();
  const byPrefix: { prefix: string; rule: CompiledRule }[] = [];
  const always: CompiledRule[] = [];
  for (const rule of rules) {
    const lead =
      rule.content?.kind === 'bash' && rule.param === undefined
        ? leadingLiteral(rule.content.pattern)
        : undefined;
    if (lead === undefined) always.push(rule);
    else if (lead.wholeWord) {
      const list = byWord.get(lead.word);
      if (list) list.push(rule);
      else byWord.set(lead.word, [rule]);
    } else byPrefix.push({ prefix: lead.word, rule });
  }
  index = { byWord, byPrefix, always };
  indexes.set(rules, index);
  return index;
}

/**
 * The literal first word of a pattern, and whether it is a whole word (followed by a space or the end of
 * a star-free pattern) or only the start of one (`git*`). Undefined when the pattern starts with a star or
 * an escape, or could be the whole tool.
 */
function leadingLiteral(pattern: string): { word: string; wholeWord: boolean } | undefined {
  let content = pattern.trim();
  if (content.endsWith(':*')) content = `${content.slice(0, -2)} *`.trim();
  const stop = content.search(/[*\\]/);
  const literal = stop === -1 ? content : content.slice(0, stop);
  const space = literal.search(/\s/);
  if (space > 0) return { word: literal.slice(0, space), wholeWord: true };
  if (literal === '') return undefined;
  return { word: literal, wholeWord: stop === -1 };
}
