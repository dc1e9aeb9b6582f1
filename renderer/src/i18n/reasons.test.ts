/**
 * Every engine sentence has its English and its Chinese, and the Chinese fills the same parameters: a
 * translation that dropped `{command}` would hide what the person is asked about.
 */
import { describe, expect, it } from 'vitest';
import { englishPhrases, phraseCodes, templateParts } from '../../../engine';
import { reasonCatalogues } from './reasons';

const names = (template: string) =>
  templateParts(template)
    .flatMap((part) => (typeof part === 'string' ? [] : [part.name]))
    .sort();

// V8's own complaint about a JSON text is English only: other languages say where, and leave it out.
const englishOnly: Partial<Record<string, readonly string[]>> = {
  'settings.notJson': ['detail'],
  'settings.notJsonAt': ['detail'],
};

describe('the engine sentence catalogues', () => {
  it.each(Object.entries(reasonCatalogues))(
    '%s has every code, with the English parameters',
    (language, catalogue) => {
      expect(Object.keys(catalogue).sort()).toEqual([...phraseCodes].sort());
      for (const code of phraseCodes) {
        expect(catalogue[code].trim(), code).not.toBe('');
        const dropped = language === 'en' ? [] : (englishOnly[code] ?? []);
        const expected = names(englishPhrases[code]).filter((name) => !dropped.includes(name));
        expect(names(catalogue[code]), code).toEqual(expected);
      }
    },
  );

  it('English is the engine’s own wording, not a copy', () => {
    expect(reasonCatalogues.en).toBe(englishPhrases);
  });

  it('Chinese says no English sentence', () => {
    for (const code of phraseCodes)
      expect(reasonCatalogues['zh-CN'][code], code).not.toBe(englishPhrases[code]);
  });
});
