/**
 * A call Claude Code's auto-mode classifier refused, through the real PermissionDenied hook and the built
 * `gatehouse serve`: the card says what was refused and the classifier's reason, offers only "Allow and let
 * it retry" and "Leave it refused", and the hook prints what Claude Code 2.1.328 reads. Both sizes, both
 * themes and both languages are looked at, and what History says once the retried call went through.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { claudeToolDecisionJson } from '../support/claude-telemetry';
import { spawnHook } from './console-process';
import { SIZES, card, expectAccessible, screenshot, startQueueConsole } from './queue-harness';
import type { QueueConsole } from './queue-harness';

const REASON =
  'Force-pushing to the default branch rewrites history others have pulled, and the user did not ask for it.';

let gate: QueueConsole;

test.beforeEach(async () => {
  gate = await startQueueConsole();
});

test.afterEach(async () => {
  await gate.stop();
});

const SESSION = 'e2e-session-7f3a91c2';

function refuse(command: string) {
  return spawnHook(
    gate.home,
    {
      session_id: SESSION,
      transcript_path: '/tmp/transcript.jsonl',
      cwd: gate.project,
      permission_mode: 'auto',
      hook_event_name: 'PermissionDenied',
      tool_name: 'Bash',
      tool_input: { command, description: 'Publish the branch' },
      tool_use_id: 'toolu_01e2eRefused',
      reason: REASON,
    },
    { HOME: process.env.HOME ?? '' },
    [],
    'permission-denied',
  );
}

test('a refusal’s card: what was refused, why, and only retry or leave it', async ({ page, browser }) => {
  await page.goto(gate.url);
  const run = refuse('git push --force origin main');
  const refused = card(page, 'git push --force origin main');
  await expect(refused).toBeVisible();
  await expect(refused.getByText(REASON)).toBeVisible();
  await expect(refused.getByText('refused by the classifier')).toBeVisible();
  // Whether the retry runs depends on a hook the console cannot see, so the card says both ways.
  await expect(
    refused.getByText(
      'With Gatehouse’s retry hook installed ("gatehouse install claude --retry-hook"), the retried call runs once. Without it, Claude Code’s classifier judges the retry again and may refuse it again.',
    ),
  ).toBeVisible();
  for (const name of ['Allow and let it retry', 'Leave it refused'])
    await expect(refused.getByRole('button', { name })).toHaveCount(1);
  for (const name of ['Allow once', 'Allow for…', 'Always allow…', 'Edit…', 'Deny with message…'])
    await expect(refused.getByRole('button', { name })).toHaveCount(0);

  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await expect(refused.getByRole('button', { name: 'Allow and let it retry' })).toBeVisible();
      await screenshot(page, `refusal-card-${size}-${theme}-en`);
      await expectAccessible(page, `a refusal's card (${size}, ${theme})`);
    }
  }

  const zh = await (await browser.newContext({ locale: 'zh-CN' })).newPage();
  await zh.goto(await gate.newLink());
  const zhCard = card(zh, 'git push --force origin main');
  await expect(zhCard.getByRole('button', { name: '允许并让它重试' })).toBeVisible();
  await expect(zhCard.getByText('被分类器拒绝')).toBeVisible();
  await expect(zhCard.getByText(/没有它时，Claude Code 的分类器会再次判断这次重试/)).toBeVisible();
  for (const [size, viewport] of Object.entries(SIZES)) {
    await zh.setViewportSize(viewport);
    await screenshot(zh, `refusal-card-${size}-light-zh-CN`);
  }
  await zh.close();

  // The screens outlast the card's minute; the hook's answer is the next tests'.
  run.kill('SIGTERM');
  await run.exit;
});

test('Allow and let it retry answers retry: true', async ({ page }) => {
  await page.goto(gate.url);
  const run = refuse('touch made.txt');
  await card(page, 'touch made.txt').getByRole('button', { name: 'Allow and let it retry' }).click();
  const { code, stdout } = await run.exit;
  expect(code).toBe(0);
  expect(JSON.parse(stdout)).toEqual({
    hookSpecificOutput: { hookEventName: 'PermissionDenied', retry: true },
  });
});

test('Leave it refused answers {}: the refusal stands', async ({ page }) => {
  await page.goto(gate.url);
  const run = refuse('git push --force origin release');
  const refused = card(page, 'git push --force origin release');
  await refused.getByRole('button', { name: 'Leave it refused' }).click();
  const { code, stdout } = await run.exit;
  expect(code).toBe(0);
  expect(JSON.parse(stdout)).toEqual({});
});

/** What Claude Code posts to the console as the retried call runs: its PreToolUse http hook, then its telemetry. */
async function retryThroughHook(command: string, callId: string): Promise<void> {
  const { port } = new URL(gate.url);
  const headers = {
    'content-type': 'application/json',
    'x-gatehouse-telemetry': (await readFile(join(gate.home, 'telemetry-token'), 'utf8')).trim(),
  };
  const hook = await fetch(`http://127.0.0.1:${port}/hooks/claude/pre-tool-use`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      session_id: SESSION,
      transcript_path: '/tmp/transcript.jsonl',
      cwd: gate.project,
      permission_mode: 'auto',
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command, description: 'Publish the branch' },
      tool_use_id: callId,
    }),
  });
  expect(await hook.json()).toMatchObject({ hookSpecificOutput: { permissionDecision: 'allow' } });
  const exported = await fetch(`http://127.0.0.1:${port}/v1/logs`, {
    method: 'POST',
    headers,
    body: claudeToolDecisionJson({
      sessionId: SESSION,
      callId,
      tool: 'Bash',
      source: 'hook',
      decision: 'accept',
      sequence: 40,
      at: Date.now(),
    }),
  });
  expect(exported.status).toBe(200);
}

test('History says the hook let the retried call through, and its activity row opens the refusal', async ({
  page,
  browser,
}) => {
  await page.goto(gate.url);
  const run = refuse('git push origin main');
  await card(page, 'git push origin main').getByRole('button', { name: 'Allow and let it retry' }).click();
  expect((await run.exit).code).toBe(0);
  await retryThroughHook('git push origin main', 'toolu_01e2eRetried');

  await page.goto((await gate.newLink()).replace('/#', '/?view=history#'));
  // Once history has loaded, so the view the button opens the panel in stays.
  await expect(page.locator('.session-row')).toHaveCount(1);
  await page.getByRole('button', { name: 'Agents’ own calls' }).click();
  const panel = page.getByRole('region', { name: 'Every tool call, as the agents report it' });
  const call = panel.getByRole('listitem');
  await expect(call).toHaveText(/Let through by your overturn of Claude Code’s classifier/);
  await call.getByRole('button', { name: 'Show the refusal' }).click();
  const timeline = page.getByRole('region', { name: 'Timeline' });
  const refusal = timeline.locator('.entry').filter({ hasText: 'git push origin main' });
  await expect(refusal).toContainText(
    /Your overturn let the retried call through: Claude Code’s PreToolUse hook asked at .+ and Gatehouse allowed it\./,
  );
  await expect(timeline.getByRole('article', { name: 'Recorded Bash request' })).toBeVisible();
  for (const [size, viewport] of Object.entries({ tray: SIZES.tray, wide: { width: 1440, height: 900 } })) {
    await page.setViewportSize(viewport);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await refusal.scrollIntoViewIfNeeded();
      await screenshot(page, `refusal-retried-${size}-${theme}-en`);
      await expectAccessible(page, `a retried refusal in History (${size}, ${theme})`);
    }
  }

  const zh = await (await browser.newContext({ locale: 'zh-CN' })).newPage();
  await zh.goto((await gate.newLink()).replace('/#', '/?view=history#'));
  await expect(zh.locator('.session-row')).toHaveCount(1);
  await zh.getByRole('button', { name: '代理自己的调用' }).click();
  const zhCall = zh.locator('.history__activity').getByRole('listitem');
  await expect(zhCall).toHaveText(/因你推翻 Claude Code 分类器的拒绝而放行/);
  await zhCall.getByRole('button', { name: '查看那次拒绝' }).click();
  const zhRefusal = zh.locator('.entry').filter({ hasText: 'git push origin main' });
  await expect(zhRefusal).toContainText('你推翻了拒绝，重试的调用得以放行');
  for (const [size, viewport] of Object.entries({ tray: SIZES.tray, wide: { width: 1440, height: 900 } })) {
    await zh.setViewportSize(viewport);
    await zhRefusal.scrollIntoViewIfNeeded();
    await screenshot(zh, `refusal-retried-${size}-light-zh-CN`);
  }
  await zh.close();
});
