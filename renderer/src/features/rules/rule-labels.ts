/** Short names for what a rule does, shared by the rule list, form and playground. */
import type { Translate } from '../../i18n/translate';

export function behaviorLabel(t: Translate, behavior: 'allow' | 'ask' | 'deny'): string {
  return t(`rules.behavior.${behavior}`);
}
