import { describe, expect, it } from 'vitest';
import {
  ConsoleWarningSchema,
  settingsFormats,
  settingsMeasures,
  settingsTypes,
} from '../../../../common/console-contract';
import type { ConsoleWarning, SettingsProblem } from '../../../../common/console-contract';
import { createTranslator } from '../../i18n/translate';
import type { Locale } from '../../i18n/translate';
import { warningText } from './warning-text';

const fallback = 'Main’s English sentence.';

const i18n = (locale: Locale) => ({ locale, t: createTranslator(locale) });

/** The problem a warning carries: JSON.parse's complaint at a line and column, or a key's wrong value. */
const problems: Readonly<Record<string, unknown>> = {
  'settings-not-json': {
    code: 'settings.notJsonAt',
    params: { detail: { text: '<detail>' }, line: { count: 3 }, column: { count: 5 } },
  },
  'settings-invalid': { kind: 'too-small', of: 'number', limit: 1 },
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
              ? problems[option.shape.code.value]
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

  it('words each problem with a key of settings.json in both languages, with no English in Chinese', () => {
    const problemsOfKeys: SettingsProblem[] = [
      ...settingsTypes.map((expected) => ({ kind: 'type' as const, expected })),
      ...settingsMeasures.flatMap((of) =>
        (['too-big', 'too-small'] as const).map((kind) => ({ kind, of, limit: 50 })),
      ),
      { kind: 'choice', options: ['away', 'always'] },
      ...settingsFormats.map((format) => ({ kind: 'format' as const, format })),
      { kind: 'invalid' },
    ];
    const said = { en: new Set<string>(), 'zh-CN': new Set<string>() };
    for (const problem of problemsOfKeys) {
      const warning: ConsoleWarning = {
        code: 'settings-invalid',
        path: '<path>',
        key: 'a.b',
        problem,
        fallback,
      };
      for (const locale of ['en', 'zh-CN'] as const) {
        const text = warningText(warning, i18n(locale));
        expect(text, JSON.stringify(problem)).not.toMatch(/\{\w+\}/);
        said[locale].add(text);
      }
      expect(warningText(warning, i18n('zh-CN'))).not.toMatch(/must|should|least|most/);
    }
    // Each problem has its own sentence.
    expect(said.en.size).toBe(problemsOfKeys.length);
    expect(said['zh-CN'].size).toBe(problemsOfKeys.length);
    const retention: ConsoleWarning = {
      code: 'settings-invalid',
      path: '<path>',
      key: 'history.retentionDays',
      problem: { kind: 'too-small', of: 'number', limit: 1 },
      fallback,
    };
    expect(warningText(retention, i18n('en'))).toBe(
      'In <path>, “history.retentionDays” must be at least 1; Gatehouse uses the default settings until it is fixed.',
    );
    expect(warningText(retention, i18n('zh-CN'))).toBe(
      '<path> 中的“history.retentionDays”有误：不能小于 1；修好之前，Gatehouse 使用默认设置。',
    );
  });

  it('shows main’s sentence for a code it does not know, or fields that are not as expected', () => {
    const zh = i18n('zh-CN');
    expect(warningText({ code: 'from-a-later-version', fallback } as never, zh)).toBe(fallback);
    expect(warningText({ code: 'settings-not-json', fallback } as never, zh)).toBe(fallback);
  });
});
