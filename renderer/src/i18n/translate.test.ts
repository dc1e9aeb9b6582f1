import { describe, expect, it } from 'vitest';
import { en } from './en';
import type { MessageKey } from './en';
import { createTranslator, pickLocale, resolveLocale } from './translate';
import { zhCN } from './zh-CN';

describe('the message catalogue', () => {
  it('follows the OS languages, first supported wins, English otherwise', () => {
    expect(pickLocale(['zh-CN', 'en-US'])).toBe('zh-CN');
    expect(pickLocale(['zh-Hans-SG'])).toBe('zh-CN');
    expect(pickLocale(['zh'])).toBe('zh-CN');
    expect(pickLocale(['zh-TW', 'en-GB'])).toBe('en');
    expect(pickLocale(['fr-FR', 'de'])).toBe('en');
    expect(pickLocale(['fr-FR', 'zh-CN'])).toBe('zh-CN');
    expect(pickLocale([])).toBe('en');
    expect(resolveLocale('en', ['zh-CN'])).toBe('en');
    expect(resolveLocale('auto', ['zh-CN'])).toBe('zh-CN');
  });

  it('fills placeholders and picks plurals by count', () => {
    const t = createTranslator('en');
    expect(t('app.waiting', { count: 1 })).toBe('1 waiting');
    expect(t('grants.uses', { count: 1 })).toBe('used 1 time');
    expect(t('grants.uses', { count: 2 })).toBe('used 2 times');
    expect(t('countdown.left', { time: '1:05' })).toBe('1:05 left');
    expect(t('countdown.left')).toBe('{time} left');
  });

  it('falls back to English for a key a locale lacks', () => {
    const t = createTranslator('zh-CN', { 'app.title': 'Gatehouse' });
    expect(t('queue.empty.title')).toBe('Nothing is waiting');
    expect(createTranslator('zh-CN')('queue.empty.title')).toBe('没有待处理的请求');
  });

  it('translates every key into Simplified Chinese, with the same placeholders', () => {
    for (const key of Object.keys(en) as MessageKey[]) {
      const source = en[key];
      const target = zhCN[key];
      expect(target, key).toBeDefined();
      const names = (value: unknown) =>
        [...JSON.stringify(value).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(names(target), key).toEqual(names(source));
    }
  });
});
