import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EditPreview } from '../../../common/queue-contract';
import { pendingRequest } from '../testing/fake-console-api';
import { renderApp } from '../testing/render-app';

afterEach(cleanup);

// jsdom lays nothing out: give elements a window's size so the virtual list has room to render cards.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });
});

const edit = pendingRequest('e', {
  tool: 'Edit',
  input: { file_path: '/home/dev/projects/shop/src/app.ts', old_string: 'gone()', new_string: 'next()' },
});

describe('an edit without a preview', () => {
  it('says why in Chinese, naming the tool, not in main’s English', async () => {
    const english = 'The text to replace is not in the file, so this Edit would fail.';
    const diff: EditPreview = {
      kind: 'unavailable',
      path: '/home/dev/projects/shop/src/app.ts',
      reason: english,
      refused: { reason: 'text-not-found', tool: 'Edit' },
    };
    await renderApp([edit], { locale: 'zh-CN', fake: { diff } });
    expect(
      await screen.findByText('无法显示差异：要替换的文本不在文件中，所以这个 Edit 会失败。'),
    ).toBeTruthy();
    expect(screen.queryByText(new RegExp(english))).toBeNull();
  });
});
