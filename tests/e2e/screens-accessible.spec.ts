/**
 * Every screen of the console, at the popover's size and the window's, light and dark: axe finds nothing
 * serious or critical (contrast AA included), and each look is kept as a screenshot to be judged by eye.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { armCard, card, expectAccessible, screenshot, SIZES, startQueueConsole } from './queue-harness';
import type { QueueConsole } from './queue-harness';
import { openRules } from './rules-harness';

let gate: QueueConsole;

test.beforeEach(async () => {
  gate = await startQueueConsole();
});

test.afterEach(async () => {
  await gate.stop();
});

/** The same state at both sizes and in both themes: a screenshot and axe for each. */
async function everyLook(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  for (const [size, viewport] of Object.entries(SIZES)) {
    for (const theme of ['light', 'dark'] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: theme });
      await ready();
      await screenshot(page, `${name}-${size}-${theme}`);
      await expectAccessible(page, `${name} (${size}, ${theme})`);
    }
  }
}

test('the first run', async ({ page }) => {
  await page.goto(gate.url);
  await everyLook(page, 'screen-first-run', () =>
    expect(page.getByText('To connect an agent, run one of these in a terminal:')).toBeVisible(),
  );
});

test('the queue with cards, the confirm step and the Always-allow panel', async ({ page }) => {
  await page.goto(gate.url);
  await writeFile(join(gate.project, 'cart.ts'), 'export const rate = 1;\nexport const tax = 2;\n');
  gate.ask('Edit', {
    file_path: join(gate.project, 'cart.ts'),
    old_string: 'export const rate = 1;',
    new_string: 'export const rate = 3;',
  });
  gate.ask('Bash', { command: 'rm -rf ../build/', description: 'Clean the shared build' });
  gate.ask('Bash', { command: 'npm run lint -- --fix', description: 'Fix lint' });
  await expect(page.locator('.topbar__count')).toContainText('3');
  await everyLook(page, 'screen-queue', () =>
    expect(card(page, 'cart.ts').locator('.diff__line--add').first()).toBeVisible(),
  );

  const dangerous = card(page, 'rm -rf ../build/');
  await armCard(dangerous);
  await page.keyboard.press('a');
  const confirm = dangerous.getByRole('group', { name: 'Take a second look' });
  await everyLook(page, 'screen-confirm', async () => {
    await confirm.scrollIntoViewIfNeeded();
    await expect(confirm).toBeVisible();
  });

  const lint = card(page, 'npm run lint -- --fix');
  await lint.getByRole('button', { name: 'More' }).click();
  await lint.getByRole('button', { name: 'Always allow…' }).click();
  const panel = lint.getByRole('group', { name: 'Always allow' });
  await everyLook(page, 'screen-always-allow', async () => {
    await panel.scrollIntoViewIfNeeded();
    await expect(panel.getByText(/past requests|No past requests/)).toBeVisible();
  });
});

test('the rules view and the rule editor', async ({ page }) => {
  await openRules(page, gate);
  await everyLook(page, 'screen-rules', () => expect(page.locator('.rule-row').first()).toBeVisible());
  await page.getByRole('button', { name: 'Edit Bash(git status)' }).click();
  const edit = page.getByRole('form', { name: 'Edit Bash(git status)' });
  await everyLook(page, 'screen-rule-editor', async () => {
    await edit.scrollIntoViewIfNeeded();
    await expect(edit).toBeVisible();
  });
});

test('the history and the settings with the phone section', async ({ page }) => {
  gate.ask('Bash', { command: 'npm run lint -- --fix', description: 'Fix lint' });
  await page.goto(gate.url);
  await card(page, 'npm run lint').getByRole('button', { name: 'Deny', exact: true }).click();
  await expect(card(page, 'npm run lint')).toHaveCount(0);
  await page.getByRole('button', { name: 'History' }).click();
  await everyLook(page, 'screen-history', () => expect(page.locator('.session-row').first()).toBeVisible());
  await page.getByRole('button', { name: 'Settings' }).click();
  await everyLook(page, 'screen-settings', () => expect(page.getByText('Not connected.')).toBeVisible());
});
