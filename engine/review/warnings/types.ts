import type { RuleRef } from '../../rules/compile';
import { phraseText, placePhrase, type Phrase } from '../../explain/phrases';

export const ruleWarningKinds = ['shadowed', 'duplicate', 'broad-allow', 'never-matched'] as const;
export type RuleWarningKind = (typeof ruleWarningKinds)[number];

export interface RuleWarning {
  readonly kind: RuleWarningKind;
  /** The rule the warning is about. */
  readonly rule: RuleRef;
  /** The rule that wins instead: the shadowing rule, or the first copy of a duplicate. */
  readonly by?: RuleRef;
  readonly message: string;
  /** The code and parameters `message` was built from (engine/explain/phrases.ts). */
  readonly phrase: Phrase;
}

/** Where a rule lives, for sentences: `project settings (/p/.claude/settings.json)` or `this session`. */
export function placeOf(ref: Pick<RuleRef, 'source' | 'file'>): string {
  return phraseText(placePhrase(ref));
}
