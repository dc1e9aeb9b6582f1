/** Every rule of a context in effective order, for `gatehouse rules` and the rule editor. */
import type { ToolPermissionContext } from '../context/context';
import { lockedSources } from '../context/context';
import type { RuleRef } from '../rules/compile';
import { ruleIndexOf } from '../rules/rule-index';
import type { Phrase } from '../explain/phrases';

export interface ListedRule extends RuleRef {
  /** 1-based position in the effective order: deny, then ask, then allow; sources by precedence. */
  readonly order: number;
  /** Policy and flag rules cannot be edited or removed. */
  readonly locked: boolean;
  /** Why the rule never applies, or applies differently from how it reads. */
  readonly warning?: string;
  /** The code and parameters of `warning`, for the console's language. */
  readonly warningPhrase?: Phrase;
}

export function listRules(context: ToolPermissionContext): readonly ListedRule[] {
  return ruleIndexOf(context).rules.map((rule) => ({
    ...rule.ref,
    order: rule.order + 1,
    locked: lockedSources.has(rule.ref.source),
    ...(rule.warning === undefined ? {} : { warning: rule.warning }),
    ...(rule.warningPhrase === undefined ? {} : { warningPhrase: rule.warningPhrase }),
  }));
}
