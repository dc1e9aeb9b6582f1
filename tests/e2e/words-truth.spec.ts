/**
 * Issue 18.10, from the person's side: a new project's rules are not called "never matched" after its
 * first few requests, and the rule editor's warnings name settings files in words, not `projectSettings`.
 */
import { expect, test } from '@playwright/test';
import { card, hookDecision, startQueueConsole } from './queue-harness';
import type { QueueConsole } from './queue-harness';
import { openRules, ruleRow, settingsPath, writeSettings } from './rules-harness';

let gate: QueueConsole;

test.beforeEach(async () => {
  gate = await startQueueConsole();
});

test.afterEach(async () => {
  await gate.stop();
});

test('a new project’s first requests mark none of its rules "never matched"', async ({ page }) => {
  await page.goto(gate.url);
  for (const command of ['git push origin main', 'make deploy', 'npm run lint']) {
    const hook = gate.ask('Bash', { command, description: 'Run it' });
    await card(page, command).getByRole('button', { name: 'Deny', exact: true }).click();
    expect((await hookDecision(hook))?.behavior).toBe('deny');
  }
  await openRules(page, gate);
  await expect(ruleRow(page, 'Bash(git status)')).toBeVisible();
  await expect(page.getByText(/matched none of the/)).toHaveCount(0);
});

test('a warning names the settings file in words', async ({ page }) => {
  await writeSettings(settingsPath.project(gate), {
    permissions: { deny: ['Bash(git *)'], allow: ['Bash(git push *)'] },
  });
  await openRules(page, gate);
  const row = ruleRow(page, 'Bash(git push *)');
  await expect(row).toContainText('can never apply');
  await expect(row).toContainText('from project settings (');
  await expect(row).not.toContainText('projectSettings');
});
