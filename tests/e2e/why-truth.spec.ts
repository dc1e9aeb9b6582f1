/**
 * From the person's side: "Why it asked" names the part of a compound command that needs
 * them, and "Almost matched" shows only the closest few rules, each saying whether it allows, asks or
 * denies.
 */
import { expect, test } from '@playwright/test';
import { card, expectAccessible, screenshot, SIZES, startQueueConsole } from './queue-harness';
import type { QueueConsole } from './queue-harness';

let gate: QueueConsole;

test.beforeEach(async () => {
  gate = await startQueueConsole();
});

test.afterEach(async () => {
  await gate.stop();
});

test('a compound command: why it asked names the part no rule allows', async ({ page }) => {
  await page.goto(gate.url);
  gate.ask('Bash', { command: 'git status && make deploy', description: 'Deploy' });
  const why = card(page, 'make deploy').getByRole('region', { name: 'Why it asked' });
  await expect(why).toContainText('No rule allows make deploy.');
  await expect(why).not.toContainText('git status && make deploy');
});

for (const [size, viewport] of Object.entries(SIZES)) {
  for (const theme of ['light', 'dark'] as const) {
    test(`near misses are the closest few, labelled (${size}, ${theme})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(gate.url);
      gate.ask('Bash', { command: 'git pull origin main', description: 'Pull' });
      const why = card(page, 'git pull origin main').getByRole('region', { name: 'Why it asked' });
      await why.getByText('the 2 closest rules').click();
      const misses = why.locator('.why__misses li');
      await expect(misses).toHaveCount(2);
      await expect(misses.nth(0)).toContainText('Ask Bash(git push *)');
      await expect(misses.nth(1)).toContainText('Allow Bash(git status)');
      await expect(why).not.toContainText('npm test');
      await why.scrollIntoViewIfNeeded();
      await screenshot(page, `why-near-misses-${size}-${theme}`);
      await expectAccessible(page, `near misses (${size}, ${theme})`);
    });
  }
}
