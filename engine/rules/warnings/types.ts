import type { RuleSource } from '../../types';
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

/** Each source in words a person can read; `userSettings` in a sentence decodes to nothing (issue 18.10). */
const SOURCE_WORDS: Record<RuleSource, string> = {
  policySettings: 'managed policy',
  flagSettings: 'the --settings file',
  userSettings: 'user settings',
  projectSettings: 'project settings',
  localSettings: 'local project settings',
  cliArg: 'the command line',
  command: 'a command',
  session: 'this session',
};

/** Where a rule lives, for sentences: `project settings (/p/.claude/settings.json)` or `this session`. */
export function placeOf(ref: Pick<RuleRef, 'source' | 'file'>): string {
  const words = SOURCE_WORDS[ref.source];
  return ref.file === undefined ? words : `${words} (${ref.file})`;
}
