/**
 * A refusal from main in the console's language: main sends a code, the parameters its sentence names and an
 * English sentence, and only a code the console does not word (or one whose parameters are not as its
 * sentence needs) is shown in main's words. A parameter that is one of the engine's sentences is worded
 * from its phrase when main sent one.
 */
import { readRefusal, type Refusal } from '../../../common/refusals';
import { useI18n, type I18n } from '../i18n/i18n-context';
import { engineText } from './engine-words';
import { sourceLabel } from './source-label';

export function refusalText(error: Refusal, { t, locale }: I18n): string {
  const known = readRefusal(error);
  if (!known) return error.message;
  const params: Record<string, string> = { ...known.params };
  // Main names a settings file by its source key (`localSettings`); the person reads the rules view's name.
  if (params['source'] !== undefined) params['source'] = sourceLabel(t, params['source']);
  for (const [name, phrase] of Object.entries(known.phrases)) {
    const worded = Object.hasOwn(params, name) ? engineText(phrase, locale) : undefined;
    if (worded !== undefined) params[name] = worded;
  }
  return t(`refused.${known.code}`, params);
}

/** `refusalText` in the console's own language. */
export function useRefusalText(): (error: Refusal) => string {
  const i18n = useI18n();
  return (error) => refusalText(error, i18n);
}
