import { createContext, useContext } from 'react';
import type { Locale, Translate } from './translate';
import { createTranslator } from './translate';

export interface I18n {
  readonly locale: Locale;
  readonly t: Translate;
}

const I18nContext = createContext<I18n>({ locale: 'en', t: createTranslator('en') });

export const I18nProvider = I18nContext.Provider;

export function useI18n(): I18n {
  return useContext(I18nContext);
}

export function useT(): Translate {
  return useContext(I18nContext).t;
}
