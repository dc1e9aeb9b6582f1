/**
 * Nothing can be allowed unseen: a long Write, a long edit and long MCP arguments keep Allow
 * disabled, with a "N parts not seen yet" cue, until every line of them has been in view, scrolled or
 * stepped to with "Next" — at the tray's size. Jumping to the end sees only the end.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import {
  armCard,
  card,
  hookDecision,
  screenshot,
  SIZES,
  startQueueConsole,
  stepThrough,
} from './queue-harness';
import type { QueueConsole } from './queue-harness';

let gate: QueueConsole;

test.beforeEach(async ({ page }) => {
  gate = await startQueueConsole();
  await page.setViewportSize(SIZES.tray);
  await page.goto(gate.url);
  await expect(page.getByText('Nothing is waiting')).toBeVisible();
});

test.afterEach(async () => {
  await gate.stop();
});

const lines = (count: number) =>
  Array.from({ length: count }, (_, i) => `export const line${i + 1} = ${i + 1};`);

test('a 159-line Write keeps Allow disabled until every line of its diff has been seen', async ({ page }) => {
  const content = [...lines(158), 'export const hidden = "the last line";'].join('\n') + '\n';
  const hook = gate.ask('Write', { file_path: join(gate.project, 'consts.ts'), content });
  const target = card(page, 'consts.ts');
  const diff = target.getByRole('region', { name: /Changes to/ });
  const allow = target.getByRole('button', { name: 'Allow once' });
  await expect(diff).toBeVisible();
  await expect(target.getByRole('note')).toContainText(/\d+ parts? with changes not seen yet: step through/);
  await expect(allow).toBeDisabled();
  await armCard(target);
  await page.keyboard.press('a');
  await expect(allow).toBeDisabled();
  await screenshot(page, 'seen-to-end-tray-unseen');
  await page.setViewportSize(SIZES.window);
  await expect(allow).toBeDisabled();
  await screenshot(page, 'seen-to-end-window-unseen');
  await page.setViewportSize(SIZES.tray);

  // The end alone is not the whole: the lines in between are still unseen.
  await diff.evaluate((element) => (element.scrollTop = element.scrollHeight));
  await expect(diff).toContainText('the last line');
  await expect(allow).toBeDisabled();
  await diff.evaluate((element) => (element.scrollTop = 0));
  expect(await stepThrough(target, 'Next change')).toBeGreaterThan(1);
  await expect(allow).toBeEnabled();
  await expect(target.getByText('not seen yet')).toHaveCount(0);
  await screenshot(page, 'seen-to-end-tray-seen');
  await allow.click();
  expect(await hookDecision(hook)).toEqual({ behavior: 'allow' });
});

test('a two-line edit is small enough to be seen whole and can be allowed at once', async ({ page }) => {
  const file = join(gate.project, 'two.ts');
  await writeFile(file, 'const a = 1;\nconst b = 2;\n');
  const hook = gate.ask('Edit', {
    file_path: file,
    old_string: 'const a = 1;\nconst b = 2;',
    new_string: 'const a = 10;\nconst b = 20;',
  });
  const target = card(page, 'two.ts');
  await expect(target.getByRole('region', { name: /Changes to/ })).toContainText('const b = 20;');
  const allow = target.getByRole('button', { name: 'Allow once' });
  await expect(allow).toBeEnabled();
  await expect(target.getByText('not seen yet')).toHaveCount(0);
  await allow.click();
  expect(await hookDecision(hook)).toEqual({ behavior: 'allow' });
});

test('long MCP arguments must be seen line by line before they can be allowed', async ({ page }) => {
  const rows = Array.from({ length: 40 }, (_, i) => ({ id: i + 1, name: `row ${i + 1}` }));
  const hook = gate.ask('mcp__db__insert', { table: 'people', rows, last: 'drop everything' });
  const target = card(page, 'people');
  const args = target.getByLabel('Arguments');
  const allow = target.getByRole('button', { name: 'Allow once' });
  await expect(target.getByRole('note')).toContainText(/parts? not seen yet/);
  await expect(allow).toBeDisabled();
  // Scrolling through by hand counts as much as stepping. A person sees each position drawn before
  // scrolling on; rows scrolled past between two frames were never on screen, so each step waits a frame.
  for (let half = 0; half < 100 && !(await allow.isEnabled()); half++)
    await args.evaluate(
      (element) =>
        new Promise((drawn) => {
          element.scrollTop += element.clientHeight / 2;
          requestAnimationFrame(() => requestAnimationFrame(drawn));
        }),
    );
  await expect(allow).toBeEnabled();
  await expect(args).toContainText('drop everything');
  await allow.click();
  expect(await hookDecision(hook)).toEqual({ behavior: 'allow' });
});

test('a long Write the console cannot diff shows what it writes as text, to be seen whole', async ({
  page,
}) => {
  const content = [...lines(80), 'export const hidden = "the last line";'].join('\n');
  // A folder: the console refuses to read it, so there is no diff.
  await mkdir(join(gate.project, 'assets'));
  const hook = gate.ask('Write', { file_path: join(gate.project, 'assets'), content });
  const target = card(page, 'No diff');
  const input = target.getByRole('region', { name: 'What the call replaces, as it asked' });
  const allow = target.getByRole('button', { name: 'Allow once' });
  await expect(input.locator('.diff__line--add').first()).toHaveText('+export const line1 = 1;');
  await expect(allow).toBeDisabled();
  await stepThrough(target, 'Next part');
  await expect(allow).toBeEnabled();
  await expect(input).toContainText('the last line');
  await allow.click();
  expect(await hookDecision(hook)).toEqual({ behavior: 'allow' });
});
