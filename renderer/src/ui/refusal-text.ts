/**
 * A refusal from main in the console's language: main sends a code, the parameters its sentence names and an
 * English sentence, and only a code the console does not word (or one whose parameters are not as its
 * sentence needs) is shown in main's words.
 */
import { readRefusal, type Refusal } from '../../../common/refusals';
import type { Translate } from '../i18n/translate';

export function refusalText(error: Refusal, t: Translate): string {
  const known = readRefusal(error);
  return known ? t(`refused.${known.code}`, known.params) : error.message;
}
