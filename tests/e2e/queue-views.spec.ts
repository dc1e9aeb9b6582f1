/**
 * What each card shows, through the real console: diffs against the file on disk (unified, split, new
 * files, a large file without freezing), WebFetch and MCP inputs, the console's warnings, theme, language
 * and the tray popover's folded actions.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { card, expectAccessible, hookDecision, screenshot, SIZES, startQueueConsole } from './queue-harness';
import type { QueueConsole } from './queue-harness';
import { openInThisTab } from '../support/web-console-url';

let gate: QueueConsole | undefined;

test.afterEach(async () => {
  await gate?.stop();
  gate = undefined;
});

test('an edit shows its diff against the file on disk, unified or split', async ({ page }) => {
  gate = await startQueueConsole();
  const file = join(gate.project, 'cart.ts');
  await writeFile(file, 'const a = 1;\nconst b = 2;\nconst c = 3;\n');
  await page.goto(gate.url);
  const hook = gate.ask('Edit', {
    file_path: file,
    old_string: 'const b = 2;',
    new_string: 'const b = 20;\nconst d = 4;',
  });
  const target = card(page, './cart.ts');
  await expect(target.locator('.diff__stats')).toHaveText('+2−1');
  await expect(target.locator('.diff__line--del')).toHaveText(['2−const b = 2;']);
  await expect(target.locator('.diff__line--add')).toHaveText(['2+const b = 20;', '3+const d = 4;']);
  await target.getByRole('button', { name: 'Split' }).click();
  await expect(target.locator('.diff__pair')).toHaveCount(4);
  await expect(target.locator('.diff__pair').nth(1)).toContainText('const b = 2;');
  await expect(target.locator('.diff__pair').nth(1)).toContainText('const b = 20;');
  await expectAccessible(page, 'a split diff');
  await target.getByRole('button', { name: 'Unified' }).click();
  await expect(target.locator('.diff__pair')).toHaveCount(0);
  await target.getByRole('button', { name: 'Allow once' }).click();
  expect(await hookDecision(hook)).toEqual({ behavior: 'allow' });
});

test('a new file is all additions, and a large one renders only the rows in view', async ({ page }) => {
  gate = await startQueueConsole();
  await page.goto(gate.url);
  gate.ask('Write', { file_path: join(gate.project, 'notes.md'), content: '# Notes\n\nShip on Friday.\n' });
  const created = card(page, './notes.md');
  await expect(created.getByText('New file')).toBeVisible();
  await expect(created.locator('.diff__line--add')).toHaveCount(3);

  // 20,000 new lines in a small file: one hunk the diff computes at once, far more rows than a card can show.
  await writeFile(join(gate.project, 'big.ts'), 'export const first = 0;\n');
  const lines = Array.from({ length: 20_000 }, (_, i) => `export const value${i} = ${i};`);
  gate.ask('Write', {
    file_path: join(gate.project, 'big.ts'),
    content: ['export const first = 0;', ...lines, ''].join('\n'),
  });
  const big = card(page, './big.ts');
  await expect(big.locator('.diff__stats')).toHaveText('+20000−0');
  const rendered = await big.locator('.diff__line').count();
  expect(rendered).toBeGreaterThan(5);
  expect(rendered).toBeLessThan(200);
  await big.locator('.diff__rows').evaluate((element) => (element.scrollTop = element.scrollHeight));
  await expect(big.locator('.diff__line').last()).toContainText('value19999');
});

test('WebFetch shows the URL and its domain; MCP the server, tool and arguments as text', async ({
  page,
}) => {
  gate = await startQueueConsole();
  await page.goto(gate.url);
  gate.ask('WebFetch', { url: 'https://docs.example.com/api/v2/orders?page=2', prompt: 'List the fields' });
  const fetch = card(page, 'docs.example.com');
  await expect(fetch.locator('.fields__domain')).toHaveText('docs.example.com');
  await expect(fetch.locator('.fields__url')).toHaveText('https://docs.example.com/api/v2/orders?page=2');
  await expect(fetch.getByRole('button', { name: 'WebFetch(domain:docs.example.com)' })).toBeVisible();

  gate.ask('mcp__github__create_issue', {
    repo: 'acme/shop',
    title: 'Totals',
    labels: ['bug'],
    draft: false,
  });
  const mcp = card(page, 'mcp__github__create_issue');
  await expect(mcp.locator('.fields')).toContainText('github');
  await expect(mcp.locator('.fields')).toContainText('create_issue');
  const tree = mcp.getByRole('region', { name: 'Arguments' });
  await expect(tree.locator('.tree__key')).toHaveText(['repo', 'title', 'labels', 'draft']);
  await expect(tree.locator('.tree__leaf--string').first()).toHaveText('acme/shop');
  await expect(tree.locator('.tree__leaf--boolean')).toHaveText('false');
});

test("the console's warnings show as a banner that can be dismissed", async ({ page }) => {
  gate = await startQueueConsole({ consoleSettings: '{ "bridge": ' });
  await page.goto(gate.url);
  const banner = page.locator('.banner').filter({ hasText: 'settings.json is not valid JSON' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toHaveCount(0);
});

test('the theme follows the OS and can be switched; so can the language', async ({ page }) => {
  gate = await startQueueConsole();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(gate.url);
  const scheme = () => page.evaluate(() => getComputedStyle(document.documentElement).colorScheme);
  const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  const dark = await background();
  await page.getByRole('button', { name: 'Display' }).click();
  await page.getByLabel('Theme').selectOption('light');
  await expect.poll(scheme).toBe('light');
  expect(await background()).not.toBe(dark);
  await page.getByLabel('Language').selectOption('zh-CN');
  await expect(page.getByText('没有待处理的请求')).toBeVisible();
  await openInThisTab(page, await gate.newLink());
  await expect(page.getByText('没有待处理的请求')).toBeVisible();
  await expect.poll(scheme).toBe('light');
  await expectAccessible(page, 'the empty queue in Chinese');
});

test('the language follows the OS locale', async ({ browser }) => {
  gate = await startQueueConsole();
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto(gate.url);
  await expect(page.getByText('没有待处理的请求')).toBeVisible();
  gate.ask('Bash', { command: 'rm -rf dist', description: 'Clean' });
  await expect(page.locator('article').getByText('破坏性')).toBeVisible();
  // The engine's reason, from the real console's engine, in Chinese too.
  await expect(card(page, 'rm -rf dist').locator('.why__detail')).toHaveText(
    'rm -rf dist 不是只读命令，且没有规则允许其全部内容。',
  );
  await page.setViewportSize(SIZES.window);
  await screenshot(page, 'queue-window-light-zh');
  const detail = card(page, 'rm -rf dist').locator('.why__detail');
  for (const size of ['window', 'tray'] as const)
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize(SIZES[size]);
      await page.emulateMedia({ colorScheme });
      await detail.scrollIntoViewIfNeeded();
      await screenshot(page, `queue-${size}-${colorScheme}-zh-why`);
    }
  await context.close();
});

test('the tray popover folds the secondary answers behind More and stays accessible', async ({ page }) => {
  gate = await startQueueConsole();
  await page.setViewportSize(SIZES.tray);
  await page.goto(gate.url);
  await expectAccessible(page, 'the empty tray');
  const hook = gate.ask('Bash', { command: 'npm publish --tag next', description: 'Publish' });
  const target = card(page, 'npm publish');
  await expect(target.getByRole('button', { name: 'Deny and stop the agent’s turn' })).toBeHidden();
  await target.getByRole('button', { name: 'More' }).click();
  await expect(target.getByRole('button', { name: 'Deny and stop the agent’s turn' })).toBeVisible();
  await page.getByRole('button', { name: '0 grants' }).click();
  await expect(page.locator('.grants')).toBeVisible();
  await expectAccessible(page, 'the tray with grants open');
  await page.getByRole('button', { name: '0 grants' }).click();
  await expect(page.locator('.grants')).toBeHidden();
  await target.getByRole('button', { name: 'Deny with message…' }).click();
  await target.getByLabel('Message to the agent').fill('Not from the laptop.');
  await screenshot(page, 'queue-tray-light-deny');
  await target.getByRole('button', { name: 'Deny and send' }).click();
  expect(await hookDecision(hook)).toEqual({ behavior: 'deny', message: 'Not from the laptop.' });
});
