import { behaviorPhrase, phrase, placePhrase } from '../explain/phrases';
import type { Phrase, Phrased } from '../explain/phrases';
import type { RuleBehavior, RuleSource } from '../types';

/** A context that cannot be built: an invalid rule (naming its file), a locked source, a disabled mode. */
export class PermissionContextError extends Error {
  override readonly name = 'PermissionContextError';
  /** The code and parameters of the message, for the console's language. */
  readonly phrase: Phrase;
  constructor(said: Phrased) {
    super(said.message);
    this.phrase = said.phrase;
  }
}

/** A rule that does not compile, named by its file and place there when it has one, else by its source. */
export function invalidRule(
  source: RuleSource,
  behavior: RuleBehavior,
  why: Phrase,
  at?: { readonly file: string; readonly index: number },
): Phrased {
  if (at === undefined)
    return phrase('context.ruleInvalid', {
      behavior: { phrase: behaviorPhrase(behavior) },
      source: { phrase: placePhrase({ source }) },
      why: { phrase: why },
    });
  const problem: Phrase = {
    code: 'settings.invalidRule',
    params: { key: { literal: `permissions.${behavior}[${at.index}]` }, why: { phrase: why } },
  };
  return phrase('settings.unusable', { file: { path: at.file }, problem: { phrase: problem } });
}
