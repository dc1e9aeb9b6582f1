/**
 * A Claude Code session and a Codex session waiting in one queue at once, through the built console and
 * each agent's own hook command: each card names its agent, the Codex card offers only what Codex can
 * take, and each is answered from the console.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
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
  // The turn's context line as Codex 0.169 writes it in the session's rollout file.
  const rollout = join(gate.home, 'rollout-codex-1.jsonl');
  const turn = '01a24172-edcd-7751-b428-52383ef08537';
  await writeFile(
    rollout,
    `${JSON.stringify({
      type: 'turn_context',
      payload: { turn_id: turn, approval_policy: 'on-request', sandbox_policy: { type: 'workspace-write' } },
    })}\n`,
  );
  // A rule only Codex can evaluate, in the user's Codex folder (HOME is the harness's user folder).
  const rules = join(gate.home, '..', 'user', '.codex', 'rules');
  await mkdir(rules, { recursive: true });
  await writeFile(join(rules, 'gate.rules'), 'prefix_rule(pattern = ["touch"], decision = "prompt")\n');
  const codex = gate.ask(
    'Bash',
    { command: 'touch marker.txt', description: 'make a marker' },
    { session: 'codex-1', codex: true, turn, transcript: rollout },
  );
  const codexCard = card(page, 'touch marker.txt');
  await expect(codexCard).toBeVisible();
  // Codex waits 30 s: its card goes first, in the lane, naming its session; Claude Code's keeps its header.
  await expect(page.locator('.session__agent')).toHaveText(['Claude Code']);
  await expect(page.locator('.lane__from')).toHaveText('From Codex CLI in shop, session codex-1');
  // Why Codex asked, in its terms; `gatehouse serve` finds no codex on this PATH, and the card says so.
  const why = codexCard.getByRole('region', { name: 'Why it asked' });
  await expect(why).toContainText('Approval policyon-request');
  await expect(why).toContainText('Sandboxworkspace-write');
  await expect(why).toContainText('Not checked: the console cannot run Codex (codex)');
  await expect(why.getByTitle(turn)).toHaveText('3ef08537');
  await expect(claudeCard.getByRole('region', { name: 'Why it asked' })).toContainText('Mode');
  await codexCard.screenshot({ path: 'test-results/screenshots/codex-card-why.png' });

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
