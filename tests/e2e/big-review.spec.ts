/**
 * A big change can be reviewed, in real Chromium: a 10,000-line edit gets a real diff with its unchanged
 * stretches folded, Allow opens once every change has been stepped through, a 10,000-line rewrite still
 * diffs, and a 200 KB MCP call shows its fields as text in a bounded number of DOM nodes. axe finishes on
 * a queue holding these cards; each is kept as a screenshot at the tray's and a wide window's size, light
 * and dark, English and Chinese.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Browser, Locator, Page } from '@playwright/test';
import {
  card,
  expectAccessible,
  hookDecision,
  screenshot,
  SIZES,
  startQueueConsole,
  stepThrough,
} from './queue-harness';
import type { QueueConsole } from './queue-harness';

let gate: QueueConsole;

test.beforeEach(async () => {
  gate = await startQueueConsole();
});

test.afterEach(async () => {
  await gate.stop();
});

const LINES = 10_000;
/** Every this many lines one changes: ten changes a thousand lines apart. */
const EVERY = 1_000;
const numbered = (line: (i: number) => string) =>
  Array.from({ length: LINES }, (_, i) => line(i + 1)).join('\n') + '\n';
const original = numbered((n) => `export const line${n} = ${n};`);
const edited = numbered((n) =>
  n % EVERY === 500 ? `export const line${n} = -${n};` : `export const line${n} = ${n};`,
);

/** About 200 KB of arguments: a thousand rows and a script whose lines must read as lines. */
const bigMcpInput = {
  table: 'invoices',
  rows: Array.from({ length: 1_000 }, (_, i) => ({
    id: i + 1,
    customer: `customer-${i + 1}`,
    note: `Paid in full on the ${(i % 28) + 1}th; reference ${'ABCDEFGH'.repeat(16)}`,
  })),
  script: 'BEGIN;\nUPDATE invoices SET paid = true;\nCOMMIT;',
};

async function askBigEdit(): Promise<{ file: string; hook: ReturnType<QueueConsole['ask']> }> {
  const file = join(gate.project, 'constants.ts');
  await writeFile(file, original);
  return { file, hook: gate.ask('Edit', { file_path: file, old_string: original, new_string: edited }) };
}

const nodesIn = (target: Locator) => target.evaluate((element) => element.querySelectorAll('*').length);

test('a 10,000-line edit shows a folded diff, and stepping through its changes opens Allow', async ({
  page,
}) => {
  await page.setViewportSize(SIZES.tray);
  await page.goto(gate.url);
  const { hook } = await askBigEdit();
  const target = card(page, 'constants.ts');
  const diff = target.getByRole('region', { name: /Changes to/ });
  const allow = target.getByRole('button', { name: 'Allow once' });
  await expect(target.locator('.diff__stats')).toHaveText('+10−10');
  await expect(diff.locator('.diff__fold').first()).toHaveText('⋯ 496 unchanged lines');
  await expect(diff.locator('.diff__line--add').first()).toContainText('export const line500 = -500;');
  // Ten changes of two lines each, far apart: a part each, and the first is in view from the start.
  await expect(target.getByRole('note')).toContainText('9 parts with changes not seen yet');
  await expect(target.locator('.review__where')).toHaveText('Part 1 of 10');
  await expect(allow).toBeDisabled();
  // One press a change: each is a thousand lines from the next, far more than the box shows.
  expect(await stepThrough(target, 'Next change')).toBe(9);
  await expect(diff).toContainText('export const line9500 = -9500;');
  await expect(diff.locator('.diff__fold').last()).toHaveText('⋯ 497 unchanged lines');
  await expect(allow).toBeEnabled();
  await allow.click();
  expect(await hookDecision(hook)).toEqual({ behavior: 'allow' });
});

test('a 200 KB MCP call is read a boxful at a time, by its button or n, counted in parts', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(gate.url);
  gate.ask('mcp__db__insert', bigMcpInput);
  const target = card(page, 'mcp__db__insert');
  const args = target.getByRole('region', { name: 'Arguments' });
  const where = target.locator('.review__where');
  const unseen = async () =>
    Number(/\d+/.exec((await target.locator('.review .seen-gate').textContent()) ?? '')?.[0]);
  await expect(where).toHaveText(/^Part 1 of \d+$/);
  const parts = Number(/of (\d+)/.exec((await where.textContent()) ?? '')?.[1]);
  const box = await args.evaluate((element) => ({
    height: element.clientHeight,
    total: element.scrollHeight,
  }));
  // A part is what the box shows at once, not a few rows: as many parts as boxfuls, less what a part
  // leaves at its foot when the next row (a note of three or four lines) does not fit.
  expect(parts).toBeGreaterThanOrEqual(Math.floor(box.total / box.height));
  expect(parts).toBeLessThanOrEqual(Math.ceil(box.total / (box.height - 4 * 20)) + 1);
  await expect.poll(unseen).toBe(parts - 1);
  await screenshot(page, 'big-mcp-parts-wide');

  // Each press shows the next whole part: the box moves by a boxful less at most a row cut at its foot.
  const scrolled = () => args.evaluate((element) => element.scrollTop);
  await target.getByRole('button', { name: 'Next part' }).click();
  await expect(where).toHaveText(`Part 2 of ${parts}`);
  await expect.poll(unseen).toBe(parts - 2);
  const step = await scrolled();
  expect(step).toBeGreaterThan(box.height - 3 * 20);
  // The key does the same on the cursor's card, without waiting for the cursor to rest.
  await target.locator('.card__tool').click();
  for (let press = 0; press < 3; press++) await page.keyboard.press('n');
  await expect(where).toHaveText(`Part 5 of ${parts}`);
  await expect.poll(unseen).toBe(parts - 5);
  expect(await scrolled()).toBeGreaterThan(4 * (box.height - 3 * 20));
  // Presses faster than the box draws (a held key, a busy machine) each still go on to a new part.
  await page.evaluate(() => {
    for (let press = 0; press < 3; press++)
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'n', bubbles: true }));
  });
  await expect(where).toHaveText(`Part 8 of ${parts}`);
  await expect(target.locator('.review__marks .review__here')).toBeVisible();
  await expect(target.getByRole('button', { name: 'Allow once' })).toBeDisabled();
  await page.setViewportSize(SIZES.tray);
  await expect(where).toHaveText(/^Part \d+ of \d+$/);
  await screenshot(page, 'big-mcp-parts-tray');
});

test('a 10,000-line Write that rewrites every line still gets its diff', async ({ page }) => {
  await page.goto(gate.url);
  const file = join(gate.project, 'rewritten.ts');
  await writeFile(file, original);
  gate.ask('Write', { file_path: file, content: numbered((n) => `  const value${n} = compute(${n});`) });
  const target = card(page, 'rewritten.ts');
  await expect(target.locator('.diff__stats')).toHaveText('+10000−10000');
  await expect(target.getByText('No diff')).toHaveCount(0);
  expect(await nodesIn(target)).toBeLessThan(3_000);
});

test('a 200 KB MCP call shows its fields as text in under 3,000 DOM nodes', async ({ page }) => {
  expect(JSON.stringify(bigMcpInput).length).toBeGreaterThan(180_000);
  await page.goto(gate.url);
  gate.ask('mcp__db__insert', bigMcpInput);
  const target = card(page, 'mcp__db__insert');
  const args = target.getByRole('region', { name: 'Arguments' });
  await expect(args).toContainText('invoices');
  expect(await nodesIn(target)).toBeLessThan(3_000);
  await expect(target.getByRole('button', { name: 'Allow once' })).toBeDisabled();
  // The script reads as its lines, not as JSON with `\n` escapes.
  await args.evaluate((element) => (element.scrollTop = element.scrollHeight));
  await expect(args.locator('.input-row').filter({ hasText: 'UPDATE invoices SET paid = true;' })).toHaveText(
    'UPDATE invoices SET paid = true;',
  );
  await expect(args).not.toContainText('\\n');
  expect(await nodesIn(target)).toBeLessThan(3_000);
});

async function openIn(browser: Browser, locale: 'en' | 'zh-CN', url: string): Promise<Page> {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

test('axe finishes on a queue holding the big cards, in every look', async ({ browser }) => {
  const { file } = await askBigEdit();
  gate.ask('mcp__db__insert', bigMcpInput);
  for (const locale of ['en', 'zh-CN'] as const) {
    const page = await openIn(browser, locale, locale === 'en' ? gate.url : await gate.newLink());
    const diff = card(page, 'constants.ts').locator('.diff__rows');
    const mcp = card(page, 'mcp__db__insert');
    for (const [size, viewport] of Object.entries({ tray: SIZES.tray, wide: { width: 1440, height: 900 } })) {
      for (const theme of ['light', 'dark'] as const) {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme: theme });
        await expect(diff.locator('.diff__fold').first()).toBeVisible();
        await expect(mcp.locator('.input-row').first()).toBeVisible();
        await diff.scrollIntoViewIfNeeded();
        // Scrolled into view by the queue, the first part counts as seen without touching the box.
        await expect(card(page, 'constants.ts').locator('.review .seen-gate')).toContainText(
          locale === 'en' ? /^\d+ parts? with changes not seen yet/ : /段改动未看过/,
        );
        await expect
          .poll(() =>
            diff.evaluate((element) =>
              element.closest('article')!.querySelector('.review__marks')!.getAttribute('style'),
            ),
          )
          .toContain('var(--calm)');
        await screenshot(page, `big-edit-${size}-${theme}-${locale}`);
        await mcp.scrollIntoViewIfNeeded();
        await screenshot(page, `big-mcp-${size}-${theme}-${locale}`);
        await expectAccessible(page, `the big cards (${size}, ${theme}, ${locale}, ${file})`);
      }
    }
    await page.context().close();
  }
});
