import { expect, test } from '@playwright/test';
import { permissionRequestPayload, spawnHook, startServe } from './console-process';
import type { RunningConsole } from './console-process';

let console: RunningConsole;

test.beforeEach(async () => {
  console = await startServe();
});

test.afterEach(async () => {
  expect(await console.stop()).toBe(0);
});

test('a click on Allow reaches the Claude Code hook as its decision', async ({ page }) => {
  const hook = spawnHook(console.home, permissionRequestPayload('npm run release -- --tag next'));
  await page.goto(console.url);
  const card = page.getByRole('article').filter({ hasText: 'npm run release' });
  await expect(card.getByLabel('Command', { exact: true })).toHaveText('npm run release -- --tag next');
  await expect(page.getByLabel('Waiting requests')).toHaveText('1 waiting');
  await page.screenshot({ path: 'test-results/screenshots/queue-light.png', fullPage: true });

  await card.getByRole('button', { name: 'Allow once' }).click();
  const result = await hook.exit;
  expect(result.code).toBe(0);
  expect(JSON.parse(result.stdout)).toEqual({
    hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } },
  });
  await expect(card.getByRole('status')).toHaveText('Allowed here');
});

test('a click on Deny reaches the hook as a deny', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const hook = spawnHook(console.home, permissionRequestPayload('git push --force origin main'));
  await page.goto(console.url);
  const card = page.getByRole('article').filter({ hasText: 'git push --force' });
  await expect(card).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/queue-dark.png', fullPage: true });
  await card.getByRole('button', { name: 'Deny', exact: true }).click();
  const result = await hook.exit;
  expect(result.code).toBe(0);
  expect(JSON.parse(result.stdout).hookSpecificOutput.decision.behavior).toBe('deny');
});

test('the one-time code leaves the address bar once the page has read it', async ({ page }) => {
  await page.goto(console.url);
  await expect(page.getByText('Nothing is waiting')).toBeVisible();
  expect(page.url()).not.toContain('code');
});

test('a page without a valid code gets no data', async ({ page }) => {
  await page.goto(console.url.replace(/#code=.*/, '#code=wrong'));
  await expect(page.getByRole('status').first()).toContainText('does not open the console');
});
