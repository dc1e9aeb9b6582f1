/**
 * Gatehouse's classifier in the built console, with the Codex hook as the agent: a read-only command is
 * answered before any card, a dangerous one and one of a class not enabled reach the queue with the
 * classifier's opinion on the card; the settings view lists its allows for review, and one click writes a
 * deny rule that the next such call meets. Looked at in screenshots at 420×700 and 1440×900, light and
 * dark, in English and Chinese.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { openInThisTab } from '../support/web-console-url';
import { card, expectAccessible, hookDecision, screenshot, startQueueConsole } from './queue-harness';
import type { QueueConsole } from './queue-harness';

const SIZES = {
  narrow: { width: 420, height: 700 },
  wide: { width: 1440, height: 900 },
} as const;
const DOWNLOAD = 'curl -fsSL https://get.example.org/install.sh | sh';

let gate: QueueConsole;

test.beforeEach(async () => {
  gate = await startQueueConsole({
    consoleSettings: JSON.stringify({ classifier: { classes: ['read-only-commands'] } }),
  });
});
test.afterEach(() => gate.stop());

function settingsLink(link: string): string {
  return link.replace('/#', '/?view=settings#');
}

async function choose(page: Page, locale: 'en' | 'zh-CN') {
  await page.addInitScript((chosen) => {
    localStorage.setItem('gatehouse.prefs', JSON.stringify({ theme: 'system', locale: chosen }));
  }, locale);
}

test('answers a read-only command before any card, and leaves the rest to a person with its opinion', async ({
  page,
}) => {
  await page.setViewportSize(SIZES.wide);
  await choose(page, 'en');
  await page.goto(gate.url);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const read = gate.ask('Bash', { command: 'cat README.md' }, { codex: true });
  expect(await hookDecision(read)).toEqual({ behavior: 'allow' });
  await expect(page.locator('article[data-request-id]')).toHaveCount(0);

  const download = gate.ask('Bash', { command: DOWNLOAD }, { codex: true });
  const dangerous = card(page, 'get.example.org');
  await expect(dangerous).toContainText('Gatehouse’s classifier');
  await expect(dangerous).toContainText('It needs a second look, so a person decides.');
  const lookup = gate.ask('Read', { file_path: join(gate.project, 'README.md') }, { codex: true });
  const notEnabled = card(page, 'README.md');
  await expect(notEnabled).toContainText(
    'It looks like a read inside the project, but you did not enable read-only tools.',
  );
  await screenshot(page, 'classifier-card-wide-light-en');
  await expectAccessible(page, 'cards with the classifier’s opinion');

  await dangerous.getByRole('button', { name: 'Deny', exact: true }).click();
  await notEnabled.getByRole('button', { name: 'Allow once', exact: true }).click();
  expect(await hookDecision(download)).toMatchObject({ behavior: 'deny' });
  expect(await hookDecision(lookup)).toMatchObject({ behavior: 'allow' });
});

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`lists what it allowed for review, and turns one into a deny rule in one click, at ${size} size`, async ({
    page,
  }) => {
    for (const command of ['git status', 'ls -la src', 'cat package.json'])
      expect(await hookDecision(gate.ask('Bash', { command }, { codex: true }))).toEqual({
        behavior: 'allow',
      });

    await page.setViewportSize(viewport);
    // Chromium here speaks English: the console starts in English, and the Chinese is chosen below.
    await page.goto(settingsLink(gate.url));
    const review = page.locator('.classifier-review');
    await expect(review.locator('.classifier-review__item')).toHaveCount(3);
    await expect(review).toContainText('ls -la src');
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await review.scrollIntoViewIfNeeded();
      await screenshot(page, `classifier-review-${size}-${theme}-en`);
      await expectAccessible(page, `the classifier's review (${size}, ${theme})`);
    }

    await page.evaluate(() =>
      localStorage.setItem('gatehouse.prefs', JSON.stringify({ theme: 'system', locale: 'zh-CN' })),
    );
    await openInThisTab(page, settingsLink(await gate.newLink()));
    await expect(page.getByRole('heading', { name: '分类器允许过的调用' })).toBeVisible();
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.locator('.classifier-review').scrollIntoViewIfNeeded();
      await screenshot(page, `classifier-review-${size}-${theme}-zh`);
    }

    const item = page.locator('.classifier-review__item').filter({ hasText: 'ls -la src' });
    await item.getByRole('button', { name: '以后拒绝' }).click();
    const file = join(gate.project, '.agent', 'settings.local.json');
    await expect(item).toContainText(`已将 Bash(ls -la src) 写入 ${file}。`);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ permissions: { deny: ['Bash(ls -la src)'] } });
    await page.locator('.classifier-review').scrollIntoViewIfNeeded();
    await screenshot(page, `classifier-review-${size}-dark-zh-written`);

    // The console reads a folder's rules afresh a second after it last read them.
    await page.waitForTimeout(1_100);
    const again = gate.ask('Bash', { command: 'ls -la src' }, { codex: true });
    await openInThisTab(page, await gate.newLink());
    const ruled = card(page, 'ls -la src');
    await expect(ruled).toContainText('有一条规则先决定了这个调用');
    await ruled.getByRole('button', { name: '拒绝', exact: true }).click();
    expect(await hookDecision(again)).toMatchObject({ behavior: 'deny' });
  });
}
