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

describe('the engine sentence catalogues', () => {
  it.each(Object.entries(reasonCatalogues))(
    '%s has every code, with the English parameters',
    (_, catalogue) => {
      expect(Object.keys(catalogue).sort()).toEqual([...phraseCodes].sort());
      for (const code of phraseCodes) {
        expect(catalogue[code].trim(), code).not.toBe('');
        expect(names(catalogue[code]), code).toEqual(names(englishPhrases[code]));
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
