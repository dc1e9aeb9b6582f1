/**
 * A GitHub Copilot CLI card and a Gemini CLI card at the tray's and the window's size, each fed the request
 * its agent really sends: Copilot's permissionRequest hook input through the built `gatehouse hook copilot`
 * (tests/agents/copilot.test.ts), and Gemini CLI 0.61.0's `session/request_permission` through the real
 * `gatehouse acp` in front of the tests' tiny agent replaying it (tests/agents/gemini.test.ts).
 */
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { spawnHook } from './console-process';
import type { HookRun } from './console-process';
import { SIZES, card, expectAccessible, screenshot, startQueueConsole } from './queue-harness';
import type { QueueConsole } from './queue-harness';
import { AcpEditor } from '../support/acp-editor';

const AGENT = resolve('tests/support/acp-test-agent.mjs');

let gate: QueueConsole;
let hook: HookRun | undefined;
let editor: AcpEditor | undefined;
test.beforeEach(async () => {
  gate = await startQueueConsole();
});
test.afterEach(async () => {
  hook?.kill('SIGTERM');
  hook = undefined;
  editor?.kill();
  editor = undefined;
  await gate.stop();
});

test('a Copilot card says why Copilot asked, in its terms, at both sizes', async ({ page }) => {
  await page.goto(gate.url);
  await expect(page.getByText('Nothing is waiting')).toBeVisible();
  hook = spawnHook(
    gate.home,
    {
      hookName: 'permissionRequest',
      sessionId: 'd8701b86-f191-4372-855f-d08b59474350',
      timestamp: 1796614393115,
      cwd: gate.project,
      toolName: 'bash',
      toolInput: { command: 'npm test && rm -rf dist' },
      permissionSuggestions: [],
    },
    // The hook's own look at Copilot's saved approvals reads this folder, which holds none. A wait past
    // Copilot's 30 s keeps the card up on a loaded machine while both sizes are taken.
    { COPILOT_HOME: join(gate.home, 'no-copilot'), GATEHOUSE_HOOK_TIMEOUT_MS: '120000' },
    ['copilot'],
  );
  const question = card(page, 'npm test && rm -rf dist');
  await expect(question).toBeVisible();
  await expect(page.locator('.session__agent')).toHaveText(['GitHub Copilot CLI']);
  await expect(question.getByText('Permission kind')).toBeVisible();
  await expect(question.getByText(/^asks: COPILOT_ALLOW_ALL is off/)).toBeVisible();
  for (const name of ['Edit…', 'Always allow…'])
    await expect(question.getByRole('button', { name, exact: true })).toHaveCount(0);
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await expect(question.getByText('Permission kind')).toBeVisible();
    await screenshot(page, `copilot-card-${size}`);
    await expectAccessible(page, `a Copilot card (${size})`);
  }
});

test('a Gemini CLI card offers Gemini CLI’s own answers, at both sizes', async ({ page }) => {
  await page.goto(gate.url);
  await expect(page.getByText('Nothing is waiting')).toBeVisible();
  editor = new AcpEditor(
    [process.execPath, AGENT],
    {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      GATEHOUSE_HOME: gate.home,
      ACP_TEST_AGENT_NAME: 'gemini-cli',
    },
    gate.project,
  );
  const sessionId = await editor.open(gate.project);
  editor.prompt(2, sessionId, 'ask-gemini');
  const question = card(page, 'npm test && rm -rf dist');
  await expect(question).toBeVisible();
  await expect(page.locator('.session__agent')).toHaveText(['Gemini CLI']);
  await expect(question.getByText('Gemini CLI asked its editor through ACP.')).toBeVisible();
  // The command is only in the title: it may raise the risk shown, and here it reads as destructive.
  await expect(question.getByText('Destructive', { exact: true })).toBeVisible();
  await expect(question.getByText(/^Read from its title alone/)).toBeVisible();
  for (const name of ['Allow for this session', 'Allow', 'Reject'])
    await expect(question.getByRole('button', { name, exact: true })).toHaveCount(1);
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await expect(question.getByRole('button', { name: 'Reject', exact: true })).toBeVisible();
    await screenshot(page, `gemini-card-${size}`);
    await expectAccessible(page, `a Gemini CLI card (${size})`);
  }
});
