/** The engine's sentences by locale: each catalogue has every code, so no sentence falls back mid-card. */
import type { PhraseCode } from '../../../engine';
import { reasonsEn } from './reasons.en';
import { reasonsZhCN } from './reasons.zh-CN';
import type { Locale } from './translate';

export const reasonCatalogues: Readonly<Record<Locale, Readonly<Record<PhraseCode, string>>>> = {
  en: reasonsEn,
  'zh-CN': reasonsZhCN,
};
