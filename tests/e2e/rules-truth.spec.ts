/**
 * From the person's side: the rule editor never writes a rule the agent rejects, offers the
 * rule that was meant as one click, deletes the exact stored text, and says "Saved." only for what the
 * file, read back, holds.
 */
import { expect, test } from '@playwright/test';
import { card, expectAccessible, screenshot, SIZES, startQueueConsole } from './queue-harness';
import type { QueueConsole } from './queue-harness';
import { openRules, readPermissions, ruleRow, settingsPath, writeSettings } from './rules-harness';

let gate: QueueConsole;

test.beforeEach(async () => {
  gate = await startQueueConsole();
});

test.afterEach(async () => {
  await gate.stop();
});

test('WebFetch without domain: is refused, and the domain: rule is one click away', async ({ page }) => {
  await openRules(page, gate);
  const add = page.getByRole('form', { name: 'Add a rule' });
  const field = add.getByLabel('Rule', { exact: true });
  await field.fill('WebFetch(pytorch.org)');
  await expect(add.getByRole('alert')).toContainText('is not a valid WebFetch rule');
  await expect(add.getByRole('button', { name: 'Add rule' })).toBeDisabled();
  await add.getByRole('button', { name: 'Use WebFetch(domain:pytorch.org)' }).click();
  await expect(field).toHaveValue('WebFetch(domain:pytorch.org)');
  await expect(add.getByText('Valid rule for WebFetch')).toBeVisible();
  await add.getByLabel('Saved in').selectOption('projectSettings');
  await add.getByRole('button', { name: 'Add rule' }).click();
  await expect(page.locator('.rules-notice')).toHaveText(/^Saved\./);
  expect((await readPermissions(settingsPath.project(gate))).allow).toContain('WebFetch(domain:pytorch.org)');

  // The file still loads: a request from the project is explained by its rules, not "could not check".
  await page.goto(gate.url);
  gate.ask('Bash', { command: 'git push origin main', description: 'Push' });
  const target = card(page, 'git push origin main');
  await expect(target.getByRole('note')).toContainText('Bash(git push *)');
  await expect(target.getByText('Settings skipped')).toHaveCount(0);
});

test('a lowercase tool name is refused with the capitalised rule offered', async ({ page }) => {
  await openRules(page, gate);
  const add = page.getByRole('form', { name: 'Add a rule' });
  await add.getByLabel('Rule', { exact: true }).fill('bash(npm run lint *)');
  await expect(add.getByRole('alert')).toContainText('start with a capital letter');
  await expect(add.getByRole('button', { name: 'Add rule' })).toBeDisabled();
  await expect(add.getByRole('button', { name: 'Use Bash(npm run lint *)' })).toBeVisible();
  const before = await readPermissions(settingsPath.project(gate));
  expect(before.allow).not.toContain('bash(npm run lint *)');
});

test('Delete on the row shown as Bash removes the stored Bash(*)', async ({ page }) => {
  await writeSettings(settingsPath.project(gate), {
    permissions: { allow: ['Bash(*)', 'Bash(git status)'], ask: ['Bash(git push *)'] },
  });
  await openRules(page, gate);
  await expect(ruleRow(page, 'Bash')).toBeVisible();
  await page.getByRole('button', { name: 'Delete Bash', exact: true }).click();
  await expect(page.locator('.rules-notice')).toHaveText(/^Saved\./);
  await expect(ruleRow(page, 'Bash')).toHaveCount(0);
  expect((await readPermissions(settingsPath.project(gate))).allow).toEqual(['Bash(git status)']);
});

for (const [size, viewport] of Object.entries(SIZES)) {
  for (const theme of ['light', 'dark'] as const) {
    test(`the refused rule and its fix at ${size} size in the ${theme} theme`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: theme });
      await openRules(page, gate);
      const add = page.getByRole('form', { name: 'Add a rule' });
      await add.getByLabel('Rule', { exact: true }).fill('WebFetch(pytorch.org)');
      const fix = add.getByRole('button', { name: 'Use WebFetch(domain:pytorch.org)' });
      await fix.scrollIntoViewIfNeeded();
      await expect(fix).toBeVisible();
      await screenshot(page, `rules-fix-${size}-${theme}`);
      await expectAccessible(page, `the refused rule (${size}, ${theme})`);
    });
  }
}
