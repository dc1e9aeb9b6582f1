import { describe, expect, it } from 'vitest';
import { ConsoleWarningSchema } from '../../../../common/console-contract';
import type { ConsoleWarning } from '../../../../common/console-contract';
import { createTranslator } from '../../i18n/translate';
import type { Locale } from '../../i18n/translate';
import { warningText } from './warning-text';

const fallback = 'Main’s English sentence.';

const i18n = (locale: Locale) => ({ locale, t: createTranslator(locale) });

/** An engine phrase for a field that carries one: JSON.parse's complaint, at a line and column. */
const problem = {
  code: 'settings.notJsonAt',
  params: { detail: { text: '<detail>' }, line: { count: 3 }, column: { count: 5 } },
};

/** One warning of each code, every field it names filled with its own name. */
const everyWarning = ConsoleWarningSchema.options.map(
  (option) =>
    Object.fromEntries(
      Object.keys(option.shape).map((field) => [
        field,
        field === 'code'
          ? option.shape.code.value
          : field === 'fallback'
            ? fallback
            : field === 'problem'
              ? problem
              : `<${field}>`,
      ]),
    ) as ConsoleWarning,
);

describe('warningText', () => {
  it('words every coded warning in English and Chinese, naming what it names', () => {
    for (const warning of everyWarning) {
      const named = Object.keys(warning).filter(
        (field) => field !== 'code' && field !== 'fallback' && field !== 'problem',
      );
      for (const locale of ['en', 'zh-CN'] as const) {
        const text = warningText(warning, i18n(locale));
        expect(text, `${warning.code} in ${locale}`).not.toBe(fallback);
        expect(text, warning.code).not.toMatch(/\{\w+\}/);
        for (const field of named) expect(text, `${warning.code} names ${field}`).toContain(`<${field}>`);
      }
      expect(warningText(warning, i18n('zh-CN'))).toMatch(/\p{Script=Han}/u);
    }
  });

  it('words JSON.parse’s complaint about settings.json by its line and column, V8’s English only in English', () => {
    const notJson = everyWarning.find((warning) => warning.code === 'settings-not-json')!;
    expect(warningText(notJson, i18n('en'))).toBe(
      '<path> is not valid JSON (<detail> at line 3, column 5); Gatehouse uses the default settings until it is fixed.',
    );
    expect(warningText(notJson, i18n('zh-CN'))).toBe(
      '<path> 不是有效的 JSON（第 3 行，第 5 列）；修好之前，Gatehouse 使用默认设置。',
    );
  });

  it('shows main’s sentence for a code it does not know, or fields that are not as expected', () => {
    const zh = i18n('zh-CN');
    expect(warningText({ code: 'from-a-later-version', fallback } as never, zh)).toBe(fallback);
    expect(warningText({ code: 'settings-not-json', fallback } as never, zh)).toBe(fallback);
  });
});
