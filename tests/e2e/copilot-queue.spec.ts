/**
 * A GitHub Copilot CLI card, through the built console and Copilot's own hook command (`hook copilot
 * permission-request`, with the payload Copilot 1.0.102 sends): it names its agent, offers only what
 * Copilot's hook output can carry, and its answer reaches Copilot in Copilot's shape.
 */
import { expect, test } from '@playwright/test';
import { spawnHook } from './console-process';
import { card, startQueueConsole } from './queue-harness';
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

const ask = (command: string) =>
  spawnHook(
    gate.home,
    {
      hookName: 'permissionRequest',
      sessionId: '630cfbec-13db-490e-ad82-ed651679eca8',
      timestamp: 1796603020377,
      cwd: gate.project,
      toolName: 'bash',
      toolInput: { command },
      permissionSuggestions: [],
    },
    { HOME: gate.home },
    ['copilot'],
  );

test('a Copilot card names its agent, offers what Copilot takes, and answers in its shape', async ({
  page,
}) => {
  const run = ask('npm publish --tag next');
  const copilot = card(page, 'npm publish --tag next');
  await expect(copilot).toBeVisible();
  await expect(page.locator('.lane__from')).toContainText('From GitHub Copilot CLI in shop');
  for (const name of ['Always allow…', 'Edit…'])
    await expect(copilot.getByRole('button', { name, exact: true })).toHaveCount(0);
  await expect(copilot.getByRole('button', { name: 'Deny and stop the agent’s turn' })).toHaveCount(1);

  await page.setViewportSize({ width: 420, height: 700 });
  await page.screenshot({ path: 'test-results/screenshots/copilot-card-420x700.png' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'test-results/screenshots/copilot-card-1440x900.png' });

  await copilot.getByRole('button', { name: 'Deny with message…' }).click();
  await copilot.getByLabel('Message to the agent').fill('Publish from CI, not here.');
  await copilot.getByRole('button', { name: 'Deny and send' }).click();
  const { code, stdout } = await run.exit;
  expect(code).toBe(0);
  expect(JSON.parse(stdout)).toEqual({ behavior: 'deny', message: 'Publish from CI, not here.' });
});
