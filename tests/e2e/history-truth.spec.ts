/**
 * From the person's side: when the agent's own hook stops waiting, history says it was the
 * agent's deadline and how long it waited, not "a timeout" nor the terminal.
 */
import { expect, test } from '@playwright/test';
import { card, hookDecision, screenshot, SIZES, startQueueConsole } from './queue-harness';
import type { QueueConsole } from './queue-harness';

let gate: QueueConsole;

test.beforeEach(async () => {
  gate = await startQueueConsole();
});

test.afterEach(async () => {
  await gate.stop();
});

for (const [size, viewport] of Object.entries(SIZES)) {
  for (const theme of ['light', 'dark'] as const) {
    test(`the hook's deadline is recorded as the agent's, with how long it waited (${size}, ${theme})`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(gate.url);
      const hook = gate.ask(
        'Bash',
        { command: 'npm run migrate', description: 'Migrate' },
        { timeoutMs: 3_000 },
      );
      await expect(card(page, 'npm run migrate')).toBeVisible();
      // Nobody answers: the hook gives up at its deadline and leaves the question to Claude Code.
      expect(await hookDecision(hook)).toBeUndefined();
      await expect(card(page, 'npm run migrate')).toHaveCount(0);

      await page.goto((await gate.newLink()).replace('/#', '/?view=history#'));
      await page.getByRole('region', { name: 'Sessions' }).locator('.session-row').first().click();
      const entry = page.getByRole('region', { name: 'Timeline' }).locator('.entry').first();
      await expect(entry).toContainText('by the agent’s own deadline: it stopped waiting after 3.0 s');
      await expect(entry).not.toContainText('terminal');
      await entry.locator('.entry__head').click();
      const recorded = page.getByRole('article', { name: 'Recorded Bash request' });
      await expect(recorded).toContainText('the agent’s own deadline: it stopped waiting after 3.0 s');
      await screenshot(page, `history-deadline-${size}-${theme}`);
    });
  }
}
