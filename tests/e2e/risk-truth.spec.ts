/**
 * From the person's side: the risk a card shows matches the harm. A read of a secret is a
 * second look that a batch Allow leaves out, the agent's own ask rule opens the card in words, and a Bash
 * label says it does not know rather than guess.
 */
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { card, expectAccessible, hookDecision, screenshot, SIZES, startQueueConsole } from './queue-harness';
import type { QueueConsole } from './queue-harness';

let gate: QueueConsole;

test.beforeEach(async () => {
  gate = await startQueueConsole();
});

test.afterEach(async () => {
  await gate.stop();
});

test('a read of an SSH key needs a second look and a batch Allow leaves it out', async ({ page }) => {
  await page.goto(gate.url);
  const key = '/home/ana/.ssh/id_ed25519';
  const read = gate.ask('Read', { file_path: key });
  const write = gate.ask('Write', { file_path: join(gate.project, 'notes.md'), content: 'hello\n' });
  const keyCard = card(page, key);
  const writeCard = card(page, 'notes.md');
  await expect(keyCard.locator('.risk')).toHaveText('Reads secrets');
  await expect(keyCard.getByText('Second look', { exact: true })).toBeVisible();

  await keyCard.getByRole('checkbox', { name: 'Select this request' }).check();
  await writeCard.getByRole('checkbox', { name: 'Select this request' }).check();
  const bar = page.getByRole('group', { name: 'Answer the selected requests' });
  await expect(bar).toContainText('2 selected');
  await expect(bar).toContainText('1 is left out');
  await bar.getByRole('button', { name: 'Allow 1' }).click();
  expect(await hookDecision(write)).toEqual({ behavior: 'allow' });
  await expect(writeCard).toHaveCount(0);

  // The key is still waiting, and its own Allow asks for the second look first.
  await keyCard.getByRole('button', { name: 'Allow once' }).click();
  const confirm = keyCard.getByRole('group', { name: 'Take a second look' });
  await expect(confirm.getByRole('listitem').first()).toHaveText(
    `${key} reads a key, token or credential and hands it to the agent`,
  );
  await keyCard.getByRole('checkbox', { name: 'Select this request' }).uncheck();
  await keyCard.getByRole('button', { name: 'Deny', exact: true }).click();
  expect(await hookDecision(read)).toMatchObject({ behavior: 'deny' });
});

test('the agent’s own ask rule opens the card, in words', async ({ page }) => {
  await page.goto(gate.url);
  gate.ask('Bash', { command: 'git push origin main', description: 'Push' });
  const target = card(page, 'git push origin main');
  await expect(target.getByRole('note')).toHaveText(
    'Your rules ask for this every time: Bash(git push *) in ./.claude/settings.json.',
  );
  // It leads: the sentence comes before the command.
  const order = await target
    .locator('.card__body > *')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('role') ?? n.className));
  expect(order[0]).toBe('note');
});

test('a command the console cannot vouch for says so, not "Writes files"', async ({ page }) => {
  await page.goto(gate.url);
  gate.ask('Bash', { command: 'pytest && du -sh .', description: 'Test, then measure' });
  gate.ask('Bash', { command: 'mkdir -p out && touch out/stamp', description: 'Stamp' });
  await expect(card(page, 'pytest && du').locator('.risk')).toHaveText('Effect unknown');
  await expect(card(page, 'touch out/stamp').locator('.risk')).toHaveText('Writes files');
});

for (const [size, viewport] of Object.entries(SIZES)) {
  for (const theme of ['light', 'dark'] as const) {
    test(`risk cards at ${size} size in the ${theme} theme`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(gate.url);
      gate.ask('Bash', { command: 'git push origin main', description: 'Push' });
      await expect(card(page, 'git push origin main').getByRole('note')).toBeVisible();
      gate.ask('Read', { file_path: '/home/ana/.aws/credentials' });
      await expect(card(page, '.aws/credentials').locator('.risk')).toHaveText('Reads secrets');
      gate.ask('Bash', { command: 'pytest && du -sh .', description: 'Test, then measure' });
      await expect(card(page, 'pytest').locator('.risk')).toHaveText('Effect unknown');
      await screenshot(page, `risk-${size}-${theme}`);
      await expectAccessible(page, `risk cards (${size}, ${theme})`);
    });
  }
}
