import { describe, expect, it } from 'vitest';
import { ConsoleWarningSchema } from '../../../../common/console-contract';
import type { ConsoleWarning } from '../../../../common/console-contract';
import { createTranslator } from '../../i18n/translate';
import { warningText } from './warning-text';

const fallback = 'Main’s English sentence.';

/** One warning of each code, every field it names filled with its own name. */
const everyWarning = ConsoleWarningSchema.options.map(
  (option) =>
    Object.fromEntries(
      Object.keys(option.shape).map((field) => [
        field,
        field === 'code' ? option.shape.code.value : field === 'fallback' ? fallback : `<${field}>`,
      ]),
    ) as ConsoleWarning,
);

describe('warningText', () => {
  it('words every coded warning in English and Chinese, naming what it names', () => {
    for (const warning of everyWarning) {
      const named = Object.keys(warning).filter((field) => field !== 'code' && field !== 'fallback');
      for (const locale of ['en', 'zh-CN'] as const) {
        const text = warningText(warning, createTranslator(locale));
        expect(text, `${warning.code} in ${locale}`).not.toBe(fallback);
        expect(text, warning.code).not.toMatch(/\{\w+\}/);
        for (const field of named) expect(text, `${warning.code} names ${field}`).toContain(`<${field}>`);
      }
      expect(warningText(warning, createTranslator('zh-CN'))).toMatch(/\p{Script=Han}/u);
    }
  });

  it('shows main’s sentence for a code it does not know, or fields that are not as expected', () => {
    const zh = createTranslator('zh-CN');
    expect(warningText({ code: 'from-a-later-version', fallback } as never, zh)).toBe(fallback);
    expect(warningText({ code: 'settings-not-json', fallback } as never, zh)).toBe(fallback);
  });
});
