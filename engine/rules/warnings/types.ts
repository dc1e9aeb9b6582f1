import type { RuleRef } from '../compile';

export const ruleWarningKinds = ['shadowed', 'duplicate', 'broad-allow', 'never-matched'] as const;
export type RuleWarningKind = (typeof ruleWarningKinds)[number];

export interface RuleWarning {
  readonly kind: RuleWarningKind;
  /** The rule the warning is about. */
  readonly rule: RuleRef;
  /** The rule that wins instead: the shadowing rule, or the first copy of a duplicate. */
  readonly by?: RuleRef;
  readonly message: string;
}

/** Where a rule lives, for sentences: `projectSettings (/p/.claude/settings.json)` or `session`. */
export function placeOf(ref: RuleRef): string {
  return ref.file === undefined ? ref.source : `${ref.source} (${ref.file})`;
}
