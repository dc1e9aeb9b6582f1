/**
 * Twenty requests in the 420×700 popover, as a person triages them: the count in the title, the second-look
 * cards one click away wherever their session put them, a cue for cards that arrive out of view, and a long
 * compound command cut down to the parts that need the person.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { card, expectAccessible, hookDecision, screenshot, SIZES, startQueueConsole } from './queue-harness';
import type { QueueConsole } from './queue-harness';
import { openInThisTab } from '../support/web-console-url';

let gate: QueueConsole;

test.beforeEach(async () => {
  gate = await startQueueConsole();
});

test.afterEach(async () => {
  await gate.stop();
});

const SESSIONS = [
  'a1f0c3d2-2f4d-4c1e-9a7b-61f0c3d2e4a9',
  'b81c55e0-2f4d-4c1e-9a7b-61f0c3d2e4a9',
  'c5d0e7a1-8c2b-4f6a-b1d9-0e4c7f2a6b38',
] as const;

/** Eighteen requests, one after the other so the order is known: the two dangerous ones land late, in session 2. */
async function fillQueue(page: Page): Promise<void> {
  for (let i = 0; i < 18; i++) {
    const session = SESSIONS[i % 3]!;
    const command =
      i === 13
        ? 'rm -rf ../build/ node_modules/.cache'
        : i === 16
          ? 'rm -rf ~/projects/shop-old'
          : i === 2
            ? 'npm test -- --run && git status && npm pack'
            : `ls src/module-${i}`;
    gate.ask('Bash', { command, description: `Step ${i}` }, { session });
    await expect(page.locator('.topbar__count')).toContainText(String(i + 1));
  }
}

const scroller = (page: Page) => page.locator('.queue__scroller');

test('twenty waiting in the popover: the title counts, second looks are one click away, arrivals are cued', async ({
  page,
}) => {
  await page.setViewportSize(SIZES.tray);
  await page.goto(gate.url);
  await expect(page).toHaveTitle('Gatehouse');
  await fillQueue(page);
  await expect(page).toHaveTitle('(18) Gatehouse');
  // The person opens the console on a full queue (a new link, as a reload needs): what was already waiting
  // is not news.
  await openInThisTab(page, await gate.newLink());
  await expect(page.locator('.topbar__count')).toContainText('18');

  // Session 2 holds the two dangerous cards, far down the list: the count goes to the first of them.
  const clean = card(page, 'node_modules/.cache');
  await expect(clean).not.toBeInViewport();
  await page.getByRole('button', { name: '2 need a second look: show the first' }).click();
  await expect(clean).toBeInViewport();
  await expect(clean).toBeFocused();
  await expect(clean).toHaveAttribute('aria-current', 'true');

  // Reading the top of the list, two more requests join session 1 below the fold.
  await scroller(page).evaluate((element) => (element.scrollTop = 0));
  await expect(page.getByRole('button', { name: /new (above|below)/ })).toHaveCount(0);
  gate.ask('Bash', { command: 'git log --oneline -5', description: 'Arrival one' }, { session: SESSIONS[0] });
  gate.ask('Bash', { command: 'git diff --stat', description: 'Arrival two' }, { session: SESSIONS[0] });
  await expect(page).toHaveTitle('(20) Gatehouse');
  const cue = page.getByRole('button', { name: '2 new below' });
  await expect(cue).toBeVisible();
  await screenshot(page, 'triage-tray-light-arrivals');
  await expectAccessible(page, 'the triage cues (tray, light)');
  await cue.click();
  await expect(card(page, 'git log --oneline -5')).toBeInViewport();
  await expect(cue).toHaveCount(0);

  // Reading from the top of session 2, a request joins session 1, so it lands just above what is read: the
  // header being read stays where it is, and the cue says a card came in above.
  const sessionTwo = page
    .locator('.queue__row--session')
    .filter({ has: page.locator(`[title="${SESSIONS[1]}"]`) });
  while ((await sessionTwo.count()) === 0)
    await scroller(page).evaluate((element) => (element.scrollTop += 500));
  await sessionTwo.evaluate((row) => row.scrollIntoView({ block: 'start' }));
  const before = (await sessionTwo.boundingBox())!.y;
  gate.ask(
    'Bash',
    { command: 'git show --stat HEAD', description: 'Arrival above' },
    { session: SESSIONS[0] },
  );
  await expect(page).toHaveTitle('(21) Gatehouse');
  const above = page.getByRole('button', { name: '1 new above' });
  await expect(above).toBeVisible();
  expect(Math.abs((await sessionTwo.boundingBox())!.y - before)).toBeLessThanOrEqual(1);
  await screenshot(page, 'triage-tray-light-arrival-above');
  await above.click();
  await expect(card(page, 'git show --stat HEAD')).toBeInViewport();
  await expect(above).toHaveCount(0);

  // The compound command lists only what needs the person; the allowed parts wait behind "2 more".
  const compound = card(page, 'npm pack');
  await scroller(page).evaluate((element) => (element.scrollTop = 0));
  // The list is virtual: scroll down a screen at a time until the card is rendered.
  while ((await compound.count()) === 0)
    await scroller(page).evaluate((element) => (element.scrollTop += 500));
  await compound.scrollIntoViewIfNeeded();
  const parts = compound.getByRole('list', { name: 'Subcommands' }).locator('code');
  await expect(parts).toHaveText(['npm pack']);
  await compound.getByRole('button', { name: '2 more, allowed or only reading' }).click();
  await expect(parts).toHaveText(['npm test -- --run', 'git status', 'npm pack']);

  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const [size, viewport] of Object.entries(SIZES)) {
      await page.setViewportSize(viewport);
      await scroller(page).evaluate((element) => (element.scrollTop = 0));
      await screenshot(page, `triage-${size}-${theme}`);
      await expectAccessible(page, `the triaged queue (${size}, ${theme})`);
    }
  }
});

test('the first run says how to connect an agent; the answers show their keys', async ({ page }) => {
  await page.setViewportSize(SIZES.tray);
  await page.goto(gate.url);
  const empty = page.locator('.empty');
  await expect(empty).toContainText('To connect an agent, run one of these in a terminal:');
  await expect(empty.locator('code')).toHaveText([
    'gatehouse install claude',
    'gatehouse install codex',
    'gatehouse doctor',
    'npm ci && npm pack && npm install -g ./gatehouse-console-gatehouse-*.tgz',
  ]);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const [size, viewport] of Object.entries(SIZES)) {
      await page.setViewportSize(viewport);
      await screenshot(page, `first-run-${size}-${theme}`);
      await expectAccessible(page, `the first run (${size}, ${theme})`);
    }
  }

  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(SIZES.window);
  const hook = gate.ask('Bash', { command: 'npm publish', description: 'Publish the package' });
  const target = card(page, 'npm publish');
  await expect(target.getByRole('button', { name: 'Allow once' }).locator('kbd')).toHaveText('a');
  await expect(target.getByRole('button', { name: 'Deny', exact: true }).locator('kbd')).toHaveText('d');
  await screenshot(page, 'key-hints-window-light');
  await target.getByRole('button', { name: 'Deny with message…' }).click();
  await expect(target.getByText('Ctrl+Enter sends the message.')).toBeVisible();
  await target.getByLabel('Message to the agent').fill('Publish from CI, not from here');
  await screenshot(page, 'deny-keys-window-light');
  await page.keyboard.press('Control+Enter');
  expect(await hookDecision(hook)).toMatchObject({
    behavior: 'deny',
    message: 'Publish from CI, not from here',
  });
});
