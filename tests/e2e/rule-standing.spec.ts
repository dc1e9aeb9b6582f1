/**
 * From the person's side: before a grant or an Always-allow rule is made, the card says
 * whether it would answer this request; when an ask rule of the project wins first it names that rule and
 * its file and offers Allow once, never a grant that sits "used 0 times"; a rule for the part already
 * allowed names the part still asked about and offers the rule that covers it; and the Always-allow panel
 * says of a rule what the Rules view says of it once saved.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { card, expectAccessible, hookDecision, screenshot, SIZES, startQueueConsole } from './queue-harness';
import type { QueueConsole } from './queue-harness';
import { openRules, ruleRow, settingsPath, writeSettings } from './rules-harness';

let gate: QueueConsole;

test.beforeEach(async ({ page }) => {
  gate = await startQueueConsole();
  await page.goto(gate.url);
  await expect(page.getByText('Nothing is waiting')).toBeVisible();
});

test.afterEach(async () => {
  await gate.stop();
});

const bash = (command: string) => ({ command, description: 'Run it' });
const grantsPanel = (page: Page) => page.getByRole('region', { name: 'Grants' }).or(page.locator('.grants'));

test('a grant the project’s ask rule would outrank is not offered; the card names the rule and file, and Allow once answers', async ({
  page,
}) => {
  const hook = gate.ask('Bash', bash('git push origin main'));
  const target = card(page, 'git push origin main');
  await target.getByRole('button', { name: 'Allow for…' }).click();
  await target.getByLabel('Rule the grant allows').fill('Bash(git push origin main)');
  const why = target.locator('.rule-standing');
  await expect(why).toContainText('your rule Bash(git push *)');
  await expect(why).toContainText('.claude/settings.json');
  await expect(why).toContainText('asks first');
  await expect(target.getByText('Valid rule for Bash')).toHaveCount(0);
  for (const name of ['Allow for 5 min', 'Allow for 1 hour', 'Allow for this session'])
    await expect(target.getByRole('button', { name })).toBeDisabled();

  await why.getByRole('button', { name: 'Allow once instead' }).click();
  expect(await hookDecision(hook)).toEqual({ behavior: 'allow' });
  await expect(grantsPanel(page)).toContainText('No grants');
});

test('a grant for the part already allowed names the part still asked about, and its rule is one click', async ({
  page,
}) => {
  const first = gate.ask('Bash', bash('git status && make deploy'));
  const target = card(page, 'make deploy');
  await target.getByRole('button', { name: 'Allow for…' }).click();
  const rule = target.getByLabel('Rule the grant allows');
  await rule.fill('Bash(git status)');
  await expect(target.locator('.rule-standing')).toContainText('it does not cover make deploy');
  await expect(target.getByRole('button', { name: 'Allow for 5 min' })).toBeDisabled();
  await target.getByRole('button', { name: 'Use Bash(make deploy *)' }).click();
  await expect(rule).toHaveValue('Bash(make deploy *)');
  await expect(target.getByText('Valid rule for Bash; it answers this request.')).toBeVisible();
  await target.getByRole('button', { name: 'Allow for 5 min' }).click();
  expect(await hookDecision(first)).toEqual({ behavior: 'allow' });

  // The grant answers the same call next time, and the panel counts it.
  expect(await hookDecision(gate.ask('Bash', bash('git status && make deploy')))).toEqual({
    behavior: 'allow',
  });
  await expect(grantsPanel(page).locator('.grant').filter({ hasText: 'Bash(make deploy *)' })).toContainText(
    'used 1 time',
  );
});

test('Always allow says of a shadowed rule what the Rules view says once it is saved', async ({ page }) => {
  gate.ask('Bash', bash('git push origin main'));
  const target = card(page, 'git push origin main');
  await target.getByRole('button', { name: 'Always allow…' }).click();
  await target.getByLabel('Rule', { exact: true }).fill('Bash(git push *)');
  const shadowed = target.locator('[data-warning="shadowed"]');
  await expect(shadowed).toContainText('can never apply');
  await expect(target.getByText(/^Valid rule/)).toHaveCount(0);
  await expect(target.getByRole('button', { name: 'Save rule and allow' })).toBeDisabled();
  const panelSays = (await shadowed.textContent()) ?? '';

  // Saved by hand where the panel would have saved it, the Rules view calls it the same.
  await writeSettings(settingsPath.local(gate), { permissions: { allow: ['Bash(git push *)'] } });
  await openRules(page, gate);
  const row = ruleRow(page, 'Bash(git push *)').filter({ hasText: 'can never apply' });
  await expect(row).toContainText(panelSays);
});

for (const [size, viewport] of Object.entries(SIZES)) {
  for (const theme of ['light', 'dark'] as const) {
    test(`a grant that cannot win, at ${size} size in the ${theme} theme`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: theme });
      gate.ask('Bash', bash('git push origin main'));
      const target = card(page, 'git push origin main');
      // The popover folds the secondary answers behind More, which then reads Less.
      if (size === 'tray') {
        await target.getByRole('button', { name: 'More' }).click();
        await expect(target.getByRole('button', { name: 'Less' })).toHaveAttribute('aria-expanded', 'true');
      }
      await target.getByRole('button', { name: 'Allow for…' }).click();
      await target.getByLabel('Rule the grant allows').fill('Bash(git push origin main)');
      const why = target.locator('.rule-standing');
      await expect(why).toContainText('asks first');
      await why.scrollIntoViewIfNeeded();
      await screenshot(page, `rule-standing-${size}-${theme}`);
      await expectAccessible(page, `a grant that cannot win (${size}, ${theme})`);
    });
  }
}
