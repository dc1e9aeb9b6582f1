import { describe, expect, it } from 'vitest';
import type { PreviewRefusal } from '../../../common/queue-contract';
import { createTranslator } from '../i18n/translate';
import { refusalNote } from './preview-refusal';

const unavailable = (refused: PreviewRefusal) =>
  ({ kind: 'unavailable', reason: 'Main’s English sentence.', refused }) as const;

describe('refusalNote', () => {
  const en = createTranslator('en');
  const zh = createTranslator('zh-CN');

  it('says in one sentence why a file was not read', () => {
    expect(refusalNote(en, unavailable({ reason: 'not-a-regular-file' }))).toBe(
      'No diff: this path is not a regular file (a device, a pipe or a folder), so the console does not read it.',
    );
    expect(
      refusalNote(en, unavailable({ reason: 'too-large', size: 20 * 1024 * 1024, limit: 4 * 1024 * 1024 })),
    ).toBe('No diff: the file is 20.0 MB, more than the 4.0 MB a preview reads.');
    expect(refusalNote(en, unavailable({ reason: 'unreadable', code: 'EACCES' }))).toBe(
      'No diff: the console cannot read this file (EACCES).',
    );
  });

  it('has each sentence in Chinese too', () => {
    expect(refusalNote(zh, unavailable({ reason: 'not-a-regular-file' }))).toBe(
      '无法显示差异：该路径不是普通文件（设备、管道或文件夹），控制台不会读取它。',
    );
    expect(
      refusalNote(zh, unavailable({ reason: 'too-large', size: 20 * 1024 * 1024, limit: 4 * 1024 * 1024 })),
    ).toBe('无法显示差异：文件大小为 20.0 MB，超过预览可读取的 4.0 MB。');
    expect(refusalNote(zh, unavailable({ reason: 'unreadable', code: 'EACCES' }))).toBe(
      '无法显示差异：控制台无法读取该文件（EACCES）。',
    );
  });

  it('words a call that cannot be diffed, naming its tool', () => {
    expect(refusalNote(zh, unavailable({ reason: 'text-not-found', tool: 'Edit' }))).toBe(
      '无法显示差异：要替换的文本不在文件中，所以这个 Edit 会失败。',
    );
  });

  it('shows main’s sentence for a reason this console does not know', () => {
    const later = { reason: 'from-a-later-version' } as unknown as PreviewRefusal;
    expect(refusalNote(zh, unavailable(later))).toBe('无法显示差异：Main’s English sentence.');
  });
});
