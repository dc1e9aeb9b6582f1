import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { createSqliteHistory, HISTORY_FILE } from '../../main/history';
import { fillHistory, RECENT_SESSIONS } from './history-fixture';
import { expectAccessible, SIZES, screenshot, startQueueConsole } from './queue-harness';
import type { QueueConsole } from './queue-harness';

/** The newest session's first request: a Bash call allowed at the console window. */
const ALLOWED = `${RECENT_SESSIONS[0]!.id.slice(0, 8)}-0`;

let gate: QueueConsole;

test.beforeEach(async () => {
  gate = await startQueueConsole({
    prepare: (home) => {
      fillHistory(home);
      // What agent-outcome.ts records once Claude Code's transcript shows the terminal's No came first.
      const history = createSqliteHistory(join(home, HISTORY_FILE));
      try {
        history.recordNotTaken(ALLOWED, { because: 'terminal-no', message: 'use the build folder instead' });
      } finally {
        history.close();
      }
    },
  });
});

test.afterEach(async () => {
  await gate.stop();
});

test('an Allow the agent did not take says so in its row and its card, at both sizes and themes', async ({
  page,
}) => {
  await page.goto(gate.url.replace('/#', '/?view=history#'));
  const sessions = page.getByRole('region', { name: 'Sessions' });
  await sessions.locator('.session-row').first().click();
  const timeline = page.getByRole('region', { name: 'Timeline' });
  const row = timeline.locator('.entry').first();
  await expect(row).toContainText('Allowed by you at the console window');
  await expect(row).toContainText('not taken by the agent');
  await expect(timeline.locator('.entry').nth(1)).not.toContainText('not taken');
  // The row is not drawn in the green of an Allow that took effect, as the next one (allowed, taken) is.
  const taken = timeline.locator('.entry').nth(1);
  await expect(taken).toContainText('Allowed by a notification');
  const colours = (entry: typeof row) =>
    entry.evaluate((element) => [
      getComputedStyle(element).borderLeftColor,
      getComputedStyle(element.querySelector('.outcome')!).color,
    ]);
  const [green, greenText] = await colours(taken);
  const [accent, text] = await colours(row);
  expect(accent, 'the row’s accent').not.toBe(green);
  expect(text, 'the row’s outcome').not.toBe(greenText);
  await row.getByRole('button').click();
  const card = timeline.getByRole('article', { name: 'Recorded Bash request' });
  await expect(card).toContainText('The agent did not take it: the terminal’s No came first.');
  await expect(card).toContainText('use the build folder instead');
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `history-not-taken-${size}-${theme}`);
      await expectAccessible(page, `a card not taken (${size}, ${theme})`);
    }
  }
});
