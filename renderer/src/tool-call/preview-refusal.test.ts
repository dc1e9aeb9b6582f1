import { describe, expect, it } from 'vitest';
import { createTranslator } from '../i18n/translate';
import { refusalNote } from './preview-refusal';

describe('refusalNote', () => {
  const en = createTranslator('en');
  const zh = createTranslator('zh-CN');

  it('says in one sentence why a file was not read', () => {
    expect(refusalNote(en, { reason: 'not-a-regular-file' })).toBe(
      'No diff: this path is not a regular file (a device, a pipe or a folder), so the console does not read it.',
    );
    expect(refusalNote(en, { reason: 'too-large', size: 20 * 1024 * 1024, limit: 4 * 1024 * 1024 })).toBe(
      'No diff: the file is 20.0 MB, more than the 4.0 MB a preview reads.',
    );
    expect(refusalNote(en, { reason: 'unreadable', code: 'EACCES' })).toBe(
      'No diff: the console cannot read this file (EACCES).',
    );
  });

  it('has each sentence in Chinese too', () => {
    expect(refusalNote(zh, { reason: 'not-a-regular-file' })).toBe(
      '无法显示差异：该路径不是普通文件（设备、管道或文件夹），控制台不会读取它。',
    );
    expect(refusalNote(zh, { reason: 'too-large', size: 20 * 1024 * 1024, limit: 4 * 1024 * 1024 })).toBe(
      '无法显示差异：文件大小为 20.0 MB，超过预览可读取的 4.0 MB。',
    );
    expect(refusalNote(zh, { reason: 'unreadable', code: 'EACCES' })).toBe(
      '无法显示差异：控制台无法读取该文件（EACCES）。',
    );
  });
});
