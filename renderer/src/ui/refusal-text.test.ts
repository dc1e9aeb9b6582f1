import { describe, expect, it } from 'vitest';
import { createTranslator } from '../i18n/translate';
import { refusalText } from './refusal-text';

describe('refusalText', () => {
  it('words a known refusal in the console’s language, not main’s English', () => {
    const message = 'No request with id "a" is waiting.';
    expect(refusalText({ code: 'unknown-request', message }, createTranslator('zh-CN'))).toBe(
      '这个请求已不再等待：它已在别处得到回答或已撤回。',
    );
    expect(refusalText({ code: 'bad-option', message }, createTranslator('en'))).toBe(
      'The agent cannot take this answer; choose one of the card’s own buttons.',
    );
  });

  it('shows main’s sentence for a code it does not word', () => {
    expect(refusalText({ code: 'internal', message: 'The console failed.' }, createTranslator('zh-CN'))).toBe(
      'The console failed.',
    );
  });
});
