/**
 * A refusal from main in the console's language: main sends a code, the parameters its sentence names and an
 * English sentence, and only a code the console does not word (or one whose parameters are not as its
 * sentence needs) is shown in main's words.
 */
import { readRefusal, type Refusal } from '../../../common/refusals';
import type { Translate } from '../i18n/translate';
import { sourceLabel } from './source-label';

export function refusalText(error: Refusal, t: Translate): string {
  const known = readRefusal(error);
  if (!known) return error.message;
  // Main names a settings file by its source key (`localSettings`); the person reads the rules view's name.
  const source = known.params['source'];
  const params = source === undefined ? known.params : { ...known.params, source: sourceLabel(t, source) };
  return t(`refused.${known.code}`, params);
}
