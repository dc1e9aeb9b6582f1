/**
 * A refusal from main in the console's language: main sends a code and an English sentence, and only a
 * code the console does not word is shown in main's words.
 */
import type { Translate } from '../i18n/translate';

export interface ConsoleRefusal {
  readonly code: string;
  readonly message: string;
}

const WORDED = ['unknown-request', 'bad-option', 'bad-arguments'] as const;

export function refusalText(error: ConsoleRefusal, t: Translate): string {
  const known = WORDED.find((code) => code === error.code);
  return known ? t(`refused.${known}`) : error.message;
}
