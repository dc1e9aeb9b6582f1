import { describe, expect, it } from 'vitest';
import { refusal, refusalCodes, refusalParams, withPhrase } from '../../../common/refusals';
import { en } from '../i18n/en';
import type { MessageKey } from '../i18n/en';
import { refusalsEn } from '../i18n/refusals.en';
import { refusalsZhCN } from '../i18n/refusals.zh-CN';
import { createTranslator } from '../i18n/translate';
import { engineText } from './engine-words';
import { refusalText } from './refusal-text';

const zh = { locale: 'zh-CN', t: createTranslator('zh-CN') } as const;
const english = { locale: 'en', t: createTranslator('en') } as const;
const message = 'Main’s English sentence.';
const hasHan = (text: string) => /\p{Script=Han}/u.test(text);

describe('refusalText', () => {
  it('words a known refusal in the console’s language, not main’s English', () => {
    expect(refusalText({ code: 'unknown-request', message }, zh)).toBe(
      '这个请求已不再等待：它已在别处得到回答或已撤回。',
    );
    expect(refusalText({ code: 'bad-option', message }, english)).toBe(
      'The agent cannot take this answer; choose one of the card’s own buttons.',
    );
  });

  it('names the folder, file or rule the refusal is about', () => {
    const file = '/home/dev/shop/.claude/settings.json';
    expect(refusalText({ code: 'broken-file', message, params: { file } }, zh)).toBe(
      `设置文件 ${file} 现在无法使用；请手动修好它，Gatehouse 不会覆盖它。`,
    );
    expect(refusalText({ code: 'rule-gone', message, params: { rule: 'Bash(ls)', file } }, zh)).toBe(
      `规则 Bash(ls) 已不在 ${file} 中：你读取之后，磁盘上的文件被改过了。`,
    );
  });

  it('names a settings file by the source the rules view shows, not its key', () => {
    const params = { folder: '/home/dev/shop', source: 'localSettings' };
    expect(refusalText({ code: 'folder-no-source', message, params }, zh)).toBe(
      '文件夹 /home/dev/shop 没有本地设置文件；请重新加载规则。',
    );
    expect(refusalText({ code: 'folder-no-source', message, params }, english)).toBe(
      'The folder /home/dev/shop has no Local settings file; reload the rules.',
    );
  });

  it('words every code main can refuse with, in English and in Chinese, filling every parameter', () => {
    for (const code of refusalCodes) {
      const params = Object.fromEntries(refusalParams[code].map((name) => [name, `<${name}>`]));
      for (const t of [english, zh]) {
        const text = refusalText({ code, message, params }, t);
        expect(text, code).not.toBe(message);
        expect(text, code).not.toMatch(/\{\w+\}/);
        for (const name of refusalParams[code]) expect(text, `${code} names ${name}`).toContain(`<${name}>`);
      }
      expect(hasHan(refusalText({ code, message, params }, zh)), code).toBe(true);
    }
  });

  it('has a Chinese sentence for every warning and preview reason it words', () => {
    expect(Object.keys(refusalsZhCN).sort()).toEqual(Object.keys(refusalsEn).sort());
    for (const key of Object.keys(refusalsEn) as MessageKey[]) {
      expect(zh.t(key), key).not.toBe(en[key]);
      expect(hasHan(zh.t(key)), key).toBe(true);
    }
  });

  it('words a parameter that is an engine sentence from its phrase, and keeps its text without one', () => {
    const detail = 'A rule cannot be empty; write a tool name such as "Bash" or "Read(./src/**)".';
    const made = refusal('bad-rule', detail, { rule: '', detail });
    const phrased = withPhrase(made, 'detail', { code: 'ruleSyntax.empty', params: {} });
    expect(refusalText(phrased, zh)).not.toContain(detail);
    expect(refusalText(phrased, zh)).toContain(
      engineText({ code: 'ruleSyntax.empty', params: {} }, 'zh-CN')!,
    );
    expect(refusalText(phrased, english)).toContain(detail);
    expect(refusalText(made, zh)).toContain(detail);
    const unknown = withPhrase(made, 'detail', { code: 'from-a-later-engine', params: {} });
    expect(refusalText(unknown, zh)).toContain(detail);
  });

  it('shows main’s sentence for a code it does not word, or one without the parameters it names', () => {
    expect(refusalText({ code: 'from-a-later-version', message }, zh)).toBe(message);
    expect(refusalText({ code: 'folder-missing', message }, zh)).toBe(message);
    expect(refusalText({ code: 'folder-missing', message, params: { folder: 3 } as never }, zh)).toBe(
      message,
    );
  });
});
