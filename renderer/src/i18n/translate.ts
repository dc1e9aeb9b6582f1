/**
 * One message catalogue for the whole renderer. `translate` looks a key up in the chosen locale, falls
 * back to English, fills `{placeholders}` and picks the plural form from `count`.
 */
import { en } from './en';
import type { Catalogue, MessageKey } from './en';
import { zhCN } from './zh-CN';

export const locales = ['en', 'zh-CN'] as const;
export type Locale = (typeof locales)[number];
export type LocaleChoice = Locale | 'auto';

/** Each language named in itself, the same whatever the current locale. */
export const localeNames: Record<Locale, string> = { en: 'English', 'zh-CN': '简体中文' };

const catalogues: Record<Locale, Partial<Catalogue>> = { en, 'zh-CN': zhCN };

export type MessageParams = Readonly<Record<string, string | number>>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;

/** The first supported locale among the OS's preferred languages (`navigator.languages`), else English. */
export function pickLocale(languages: readonly string[]): Locale {
  for (const language of languages) {
    const lower = language.toLowerCase();
    if (lower === 'en' || lower.startsWith('en-')) return 'en';
    // Simplified Chinese: zh, zh-CN, zh-SG, zh-Hans-*; Traditional (zh-TW, zh-HK, zh-Hant) is not offered.
    if (lower === 'zh' || /^zh-(cn|sg|hans)/.test(lower)) return 'zh-CN';
  }
  return 'en';
}

export function resolveLocale(choice: LocaleChoice, languages: readonly string[]): Locale {
  return choice === 'auto' ? pickLocale(languages) : choice;
}

function fill(text: string, params: MessageParams | undefined): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

export function createTranslator(
  locale: Locale,
  catalogue: Partial<Catalogue> = catalogues[locale],
): Translate {
  const plural = new Intl.PluralRules(locale);
  return (key, params) => {
    const entry = catalogue[key] ?? en[key];
    if (typeof entry === 'string') return fill(entry, params);
    const count = Number(params?.count ?? 0);
    return fill(plural.select(count) === 'one' ? entry.one : entry.other, params);
  };
}
