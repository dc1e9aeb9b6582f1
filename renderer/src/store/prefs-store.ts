/**
 * How this person likes the console to look: theme, language and diff layout. Kept in localStorage, so it
 * survives a reload; "system" and "auto" follow the OS (prefers-color-scheme, navigator.languages).
 */
import { createStore } from 'zustand/vanilla';
import { locales } from '../i18n/translate';
import type { LocaleChoice } from '../i18n/translate';

export const themes = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof themes)[number];
export type DiffLayout = 'unified' | 'split';

export interface Prefs {
  readonly theme: ThemeChoice;
  readonly locale: LocaleChoice;
  readonly diffLayout: DiffLayout;
}

export interface PrefsState extends Prefs {
  set(change: Partial<Prefs>): void;
}

const KEY = 'gatehouse.prefs';
const DEFAULTS: Prefs = { theme: 'system', locale: 'auto', diffLayout: 'unified' };

/** Whatever was stored, kept only where it is still a known value. */
export function readPrefs(text: string | null): Prefs {
  let raw: Partial<Record<keyof Prefs, unknown>> = {};
  try {
    raw = (text ? JSON.parse(text) : {}) as typeof raw;
  } catch {
    return DEFAULTS;
  }
  const pick = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
    allowed.includes(value as T) ? (value as T) : fallback;
  return {
    theme: pick(raw.theme, themes, DEFAULTS.theme),
    locale: pick<LocaleChoice>(raw.locale, ['auto', ...locales], DEFAULTS.locale),
    diffLayout: pick<DiffLayout>(raw.diffLayout, ['unified', 'split'], DEFAULTS.diffLayout),
  };
}

export function createPrefsStore(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined) {
  const initial = readPrefs(storage?.getItem(KEY) ?? null);
  return createStore<PrefsState>()((set, get) => ({
    ...initial,
    set(change) {
      set(change);
      const { theme, locale, diffLayout } = get();
      storage?.setItem(KEY, JSON.stringify({ theme, locale, diffLayout }));
    },
  }));
}

export type PrefsStore = ReturnType<typeof createPrefsStore>;
