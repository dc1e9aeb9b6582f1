/**
 * A Claude Code session and a Codex session waiting in one queue at once, through the built console and
 * each agent's own hook command: each card names its agent, the Codex card offers only what Codex can
 * take, and each is answered from the console.
 */
import { expect, test } from '@playwright/test';
import { card, hookDecision, startQueueConsole } from './queue-harness';
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

test('Claude Code and Codex wait side by side, each answered from the console', async ({ page }) => {
  // One after the other, so the sessions' order on screen is known; both then wait at once.
  const claude = gate.ask(
    'Bash',
    { command: 'npm run release', description: 'Release' },
    { session: 'cc-1' },
  );
  const claudeCard = card(page, 'npm run release');
  await expect(claudeCard).toBeVisible();
  const codex = gate.ask(
    'Bash',
    { command: 'touch marker.txt', description: 'make a marker' },
    { session: 'codex-1', codex: true },
  );
  const codexCard = card(page, 'touch marker.txt');
  await expect(codexCard).toBeVisible();
  await expect(page.locator('.session__agent')).toHaveText(['claude-code', 'codex']);

  for (const name of ['Always allow…', 'Edit…', 'Deny and stop the agent’s turn'])
    await expect(claudeCard.getByRole('button', { name, exact: true })).toHaveCount(1);
  for (const name of ['Always allow…', 'Edit…', 'Deny and stop the agent’s turn'])
    await expect(codexCard.getByRole('button', { name, exact: true })).toHaveCount(0);
  await codexCard.getByRole('button', { name: 'Deny with message…' }).click();
  await expect(codexCard.getByRole('button', { name: 'Deny and send' })).toBeVisible();
  await expect(codexCard.getByRole('button', { name: 'Deny, send and stop the agent’s turn' })).toHaveCount(
    0,
  );
  await codexCard.getByLabel('Message to the agent').fill('Not in this folder.');
  await codexCard.getByRole('button', { name: 'Deny and send' }).click();
  expect(await hookDecision(codex)).toEqual({ behavior: 'deny', message: 'Not in this folder.' });

  await claudeCard.getByRole('button', { name: 'Allow once' }).click();
  expect(await hookDecision(claude)).toEqual({ behavior: 'allow' });
});
