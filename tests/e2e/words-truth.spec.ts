/**
 * From the person's side: a new project's rules are not called "never matched" after its
 * first few requests, the rule editor's warnings and the engine's reasons name settings files in words, not
 * `projectSettings`, and the playground says which step decided in words, not "step 1f".
 */
import { expect, test } from '@playwright/test';
import { card, hookDecision, screenshot, SIZES, startQueueConsole } from './queue-harness';
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

test('the playground says in words which step decided, not "step 1f"', async ({ page }) => {
  await openRules(page, gate);
  const playground = page.getByRole('region', { name: 'Try a tool call' });
  await playground.getByLabel('Input').fill('git push origin main');
  await playground.getByRole('button', { name: 'Check' }).click();
  const answer = playground.getByLabel('Decision');
  await expect(answer).toContainText('An ask rule decided it; not even bypass mode skips an ask rule.');
  await expect(answer).not.toContainText(/step 1\w/);
  // The engine's own reason names the rule's place in words, as the rule warnings do.
  await expect(answer).toContainText('from project settings (');
  await expect(answer).not.toContainText('projectSettings');
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await answer.scrollIntoViewIfNeeded();
      await screenshot(page, `playground-step-${size}-${theme}`);
    }
  }
});
