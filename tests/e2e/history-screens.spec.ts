import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { fillHistory } from './history-fixture';
import { expectAccessible, screenshot, SIZES, startQueueConsole } from './queue-harness';
import type { QueueConsole } from './queue-harness';

let gate: QueueConsole;

test.beforeEach(async () => {
  gate = await startQueueConsole({ prepare: (home) => fillHistory(home) });
});

test.afterEach(async () => {
  await gate.stop();
});

async function openFirstSession(page: Page) {
  await page.goto(gate.url.replace('/#', '/?view=history#'));
  await page.locator('.session-row').first().click();
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.locator('.entry')).toHaveCount(5);
  await timeline.locator('.entry').nth(1).getByRole('button').click();
  await expect(timeline.getByRole('article', { name: 'Recorded Edit request' })).toBeVisible();
}

for (const [size, viewport] of Object.entries(SIZES)) {
  for (const theme of ['light', 'dark'] as const) {
    test(`the history at ${size} size in the ${theme} theme`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: theme });
      await openFirstSession(page);
      await screenshot(page, `history-${size}-${theme}`);
      await expectAccessible(page, `the history timeline (${size}, ${theme})`);
      if (size === 'window' && theme === 'light') {
        // The README's picture, without the banner this test machine's missing keychain brings.
        for (const dismiss of await page.getByRole('button', { name: 'Dismiss' }).all())
          await dismiss.click();
        await expect(page.getByRole('button', { name: 'Dismiss' })).toHaveCount(0);
        await screenshot(page, 'history-window-light-docs');
      }

      const search = page.getByRole('searchbox', { name: 'Search commands, paths and URLs' });
      await search.fill('npm');
      const results = page.getByRole('region', { name: 'Matching requests' });
      await expect(results.locator('.entry')).toHaveCount(3);
      await results.locator('.entry').first().getByRole('button').click();
      await expect(results.getByRole('article')).toBeVisible();
      await screenshot(page, `history-${size}-${theme}-search`);
      await expectAccessible(page, `the history search (${size}, ${theme})`);

      await page.getByRole('button', { name: 'Retention' }).click();
      const panel = page.getByRole('region', { name: 'Retention and purge' });
      await panel.getByRole('button', { name: 'Purge…' }).click();
      await expect(panel.getByRole('alertdialog')).toBeVisible();
      await screenshot(page, `history-${size}-${theme}-retention`);
      await expectAccessible(page, `the retention panel (${size}, ${theme})`);

      // At tray width the fields fold behind one button that counts what is set.
      const outcome = page.getByRole('search').getByLabel('Outcome');
      if (size === 'tray') {
        await expect(outcome).toBeHidden();
        await page.getByRole('button', { name: 'Filters', exact: true }).click();
      }
      await outcome.selectOption({ label: 'Denied' });
      await expect(page.getByRole('button', { name: 'Filters (1)' })).toHaveCount(size === 'tray' ? 1 : 0);
    });
  }
}

test('the history with nothing recorded yet', async ({ page }) => {
  const empty = await startQueueConsole();
  try {
    await page.setViewportSize(SIZES.window);
    await page.goto(empty.url.replace('/#', '/?view=history#'));
    await expect(page.getByText('No history yet')).toBeVisible();
    await screenshot(page, 'history-window-light-empty');
  } finally {
    await empty.stop();
  }
});

test('the history in Chinese at tray size', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: SIZES.tray });
  const page = await context.newPage();
  try {
    await page.goto(gate.url.replace('/#', '/?view=history#'));
    await page.locator('.session-row').first().click();
    const timeline = page.getByRole('region', { name: '时间线' });
    await expect(timeline.getByText('由你（控制台窗口）已允许')).toBeVisible();
    await timeline.locator('.entry').first().getByRole('button').click();
    await expect(timeline.getByRole('article', { name: '已记录的 Bash 请求' })).toContainText('写入的规则');
    await screenshot(page, 'history-tray-light-zh');
    await expectAccessible(page, 'the history in Chinese');
  } finally {
    await context.close();
  }
});
