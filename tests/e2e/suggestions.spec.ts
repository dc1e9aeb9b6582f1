import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { openInThisTab } from '../support/web-console-url';
import { fillProposalHistory } from './proposals-fixture';
import { card, expectAccessible, screenshot, SIZES, startQueueConsole } from './queue-harness';
import type { QueueConsole } from './queue-harness';

let gate: QueueConsole;

test.afterEach(async () => {
  await gate.stop();
});

const at = (link: string) => link.replace('/#', '/?view=suggestions#');
const suggestion = (page: Page, rule: string) =>
  page.getByRole('article', { name: `Suggested rule ${rule}` });
const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name, exact: true });
/** The console's deny red, in the light theme. */
const DENY_RED = 'rgb(179, 38, 30)';

test('a rule is proposed after the fifth allow, a past deny first in red, and never for a delete', async ({
  page,
}) => {
  gate = await startQueueConsole({ prepare: (home, project) => fillProposalHistory(home, project, 4) });
  await page.setViewportSize(SIZES.window);
  await page.goto(at(gate.url));
  await expect(suggestion(page, 'Edit(./src/cart.ts)')).toBeVisible();
  await expect(suggestion(page, 'Bash(npm run lint *)')).toHaveCount(0);

  const hook = gate.ask('Bash', { command: 'npm run lint', description: 'Lint' });
  await tab(page, 'Queue').click();
  await card(page, 'npm run lint').getByRole('button', { name: 'Allow once' }).click();
  expect((await hook.exit).code).toBe(0);

  await tab(page, 'Suggestions').click();
  const lint = suggestion(page, 'Bash(npm run lint *)');
  await expect(lint).toBeVisible();
  await expect(tab(page, 'Suggestions')).toContainText('3');
  await expect(lint).toContainText(
    `Would be saved in ${join(gate.project, '.claude', 'settings.local.json')}`,
  );
  await expect(lint).toContainText('You allowed such calls 5 times in the last 30 days, and denied none.');
  const rows = lint.locator('.suggestion__past-row');
  await expect(rows).toHaveCount(6);
  await expect(rows.first()).toContainText('Denied');
  await expect(rows.first()).toContainText('npm run lint -- --fix');
  await expect(rows.first()).toHaveCSS('color', DENY_RED);
  await expect(rows.nth(1)).toContainText('Allowed');
  await expect(rows.nth(1)).not.toHaveCSS('color', DENY_RED);
  await expect(page.locator('.suggestion')).toHaveCount(3);
  await expect(page.locator('.suggestions')).not.toContainText('rm -rf');
  await expectAccessible(page, 'the suggestions');
});

test('Apply saves the rule in the local settings, Edit opens it in the rule editor', async ({ page }) => {
  gate = await startQueueConsole({ prepare: (home, project) => fillProposalHistory(home, project, 5) });
  await page.setViewportSize(SIZES.window);
  await page.goto(at(gate.url));
  const lint = suggestion(page, 'Bash(npm run lint *)');
  await lint.getByRole('button', { name: 'Apply' }).click();
  const file = join(gate.project, '.claude', 'settings.local.json');
  await expect(page.getByRole('status').filter({ hasText: 'Saved Bash(npm run lint *)' })).toContainText(
    file,
  );
  await expect(lint).toHaveCount(0);
  expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
    permissions: { allow: ['Bash(npm run lint *)'] },
  });

  await suggestion(page, 'Edit(./src/cart.ts)').getByRole('button', { name: 'Edit…' }).click();
  const form = page.getByRole('form', { name: 'Add a rule' });
  await expect(form.getByRole('textbox', { name: 'Rule' })).toHaveValue('Edit(./src/cart.ts)');
  await expect(page.getByRole('heading', { name: 'Rules' })).toBeVisible();
});

test('a dismissed proposal stays dismissed when the console is opened again', async ({ page }) => {
  gate = await startQueueConsole({ prepare: (home, project) => fillProposalHistory(home, project, 5) });
  await page.setViewportSize(SIZES.window);
  await page.goto(at(gate.url));
  const grant = suggestion(page, 'Bash(npm run typecheck *)');
  await expect(grant).toContainText('You made this grant again in 3 sessions in the last 30 days');
  await grant.getByRole('button', { name: 'Dismiss' }).click();
  await expect(grant).toHaveCount(0);

  await openInThisTab(page, at(await gate.newLink()));
  await expect(suggestion(page, 'Bash(npm run lint *)')).toBeVisible();
  await expect(grant).toHaveCount(0);

  // The switch in Settings turns them off, and the tab's count goes with them.
  await tab(page, 'Settings').click();
  const toggle = page.getByRole('checkbox', { name: 'Suggest rules' });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await screenshot(page, 'suggestions-setting-window-light-en');
  await tab(page, 'Suggestions').click();
  await expect(page.getByText('Suggestions are off. Turn them on in Settings.')).toBeVisible();
  await expect(tab(page, 'Suggestions').locator('.topbar__badge')).toHaveCount(0);
  expect(JSON.parse(await readFile(join(gate.home, 'settings.json'), 'utf8'))).toMatchObject({
    proposals: { enabled: false },
  });
});

async function expectLastButtonInside(page: Page, width: number): Promise<void> {
  const last = await page.getByRole('button', { name: /Keyboard shortcuts|键盘快捷键/ }).boundingBox();
  expect(last!.x + last!.width).toBeLessThanOrEqual(width);
}

async function openIn(browser: Browser, locale: 'en' | 'zh-CN', url: string): Promise<Page> {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

test('the suggestions at both sizes, in both themes and languages', async ({ browser }) => {
  gate = await startQueueConsole({ prepare: (home, project) => fillProposalHistory(home, project, 5) });
  for (const locale of ['en', 'zh-CN'] as const) {
    const page = await openIn(browser, locale, at(locale === 'en' ? gate.url : await gate.newLink()));
    await expect(page.locator('.suggestion')).toHaveCount(3);
    for (const [size, viewport] of Object.entries({ tray: SIZES.tray, wide: { width: 1440, height: 900 } })) {
      for (const theme of ['light', 'dark'] as const) {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme: theme });
        await screenshot(page, `suggestions-${size}-${theme}-${locale}`);
        await expectAccessible(page, `the suggestions (${size}, ${theme}, ${locale})`);
        // A fifth tab still leaves the bar's last button inside the window.
        await expectLastButtonInside(page, viewport.width);
      }
    }
    // The queue's bar also holds the grants button at this width.
    await page.setViewportSize(SIZES.tray);
    await page.getByRole('navigation').getByRole('button').first().click();
    await expect(page.locator('.topbar__grants')).toBeVisible();
    await expectLastButtonInside(page, SIZES.tray.width);
    await page.context().close();
  }
});
