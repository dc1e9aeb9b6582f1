/** Short names for where a rule lives and what it does, shared by the rule list, form and playground. */
import { isFileSource } from '../../../../engine';
import type { Translate } from '../../i18n/translate';

export function behaviorLabel(t: Translate, behavior: 'allow' | 'ask' | 'deny'): string {
  return t(`rules.behavior.${behavior}`);
}

/** A settings file's source by its short name; any other source (a session rule) as the engine names it. */
export function sourceLabel(t: Translate, source: string): string {
  return isFileSource(source) ? t(`rules.source.${source}`) : source;
}
