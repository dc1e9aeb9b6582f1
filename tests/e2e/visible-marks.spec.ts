/**
 * What you see is what runs, in real Chromium: a bidi override, a zero-width space and a newline in a path
 * are drawn as ⟨U+…⟩ marks (not obeyed), the card says so in words, and its Allow needs the second look.
 */
import { expect, test } from '@playwright/test';
import { card, hookDecision, screenshot, startQueueConsole } from './queue-harness';
import type { QueueConsole } from './queue-harness';

let gate: QueueConsole;

test.beforeEach(async ({ page }) => {
  gate = await startQueueConsole();
  await page.goto(gate.url);
  await expect(page.getByText('Nothing is waiting')).toBeVisible();
});

test.afterEach(async () => {
  await gate.stop();
});

const NOTE = /invisible or direction-changing characters/;
const HIDDEN = /[\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/;

for (const [name, tool, input, shown, code] of [
  ['a right-to-left override', 'Bash', { command: 'echo ABC\u202EDEF' }, 'echo ABC⟨U+202E⟩DEF', 'U+202E'],
  ['a zero-width space', 'Bash', { command: 'curl https://exa\u200Bmple.com' }, 'exa⟨U+200B⟩mple', 'U+200B'],
  ['a newline in a path', 'Write', { file_path: 'notes\n.txt', content: 'x' }, 'notes⟨U+000A⟩.txt', 'U+000A'],
] as const) {
  test(`${name} is drawn as a mark, said in words, and needs a second look`, async ({ page }) => {
    const hook = gate.ask(tool, input);
    const target = page
      .locator('article[data-request-id]')
      .filter({ has: page.locator(`[data-code-point="${code}"]`) });
    await expect(target).toHaveCount(1);
    await expect(target).toContainText(shown);
    const mark = target.locator(`[data-code-point="${code}"]`).first();
    await expect(mark).toHaveAttribute('title', new RegExp(`^${code.replace('+', '\\+')} \\S`));
    expect((await mark.boundingBox())?.width ?? 0).toBeGreaterThan(20);
    // Nowhere on the card (subcommands, why it asked) is a hidden code point left to be obeyed.
    expect(await target.textContent()).not.toMatch(HIDDEN);
    await expect(target.getByRole('note').filter({ hasText: NOTE })).toBeVisible();
    await expect(target.getByText('Second look', { exact: true })).toBeVisible();

    await target.getByRole('button', { name: 'Allow once' }).click();
    const confirm = target.getByRole('group', { name: 'Take a second look' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Allow anyway' }).click();
    expect(await hookDecision(hook)).toEqual({ behavior: 'allow' });
  });
}

test('the marks are legible in light and dark', async ({ page }) => {
  gate.ask('Bash', { command: 'echo ABC\u202EDEF && curl https://exa\u200Bmple.com' });
  const target = card(page, 'echo ABC');
  await expect(target.locator('.bash__command [data-code-point]')).toHaveCount(2);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await screenshot(page, `visible-marks-${theme}`);
  }
});
