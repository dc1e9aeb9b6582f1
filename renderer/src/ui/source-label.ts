/** Where a rule lives by its short name, the one the rules view shows beside each file and rule. */
import { isFileSource } from '../../../engine';
import type { Translate } from '../i18n/translate';

/** A settings file's source by its short name; any other source (a session rule) as the engine names it. */
export function sourceLabel(t: Translate, source: string): string {
  return isFileSource(source) ? t(`rules.source.${source}`) : source;
}
