/**
 * An OpenCode card at the tray's and the window's size, fed the request OpenCode's plugin really sends:
 * Gatehouse's plugin itself, handed the `permission.asked` OpenCode 1.18.33 publishes for a `bash` call
 * (tests/agents/opencode.test.ts) and the `permission` config OpenCode's client reads back, raises it over
 * its hook socket; the console's answer comes back as the plugin's reply to OpenCode.
 */
import { expect, test } from '@playwright/test';
import { gatehousePlugin } from '../../client/opencode/opencode-plugin';
import type { PluginInput } from '../../client/opencode/opencode-plugin';
import { SIZES, card, expectAccessible, screenshot, startQueueConsole } from './queue-harness';
import type { QueueConsole } from './queue-harness';

let gate: QueueConsole;
let plugin: ReturnType<typeof gatehousePlugin> | undefined;
test.beforeEach(async () => {
  gate = await startQueueConsole();
});
test.afterEach(async () => {
  plugin?.dispose();
  plugin = undefined;
  await gate.stop();
});

test('an OpenCode card says why OpenCode asked, in its terms, at both sizes', async ({ page }) => {
  await page.goto(gate.url);
  await expect(page.getByText('Nothing is waiting')).toBeVisible();
  let replied: (body: unknown) => void = () => undefined;
  const reply = new Promise((resolve) => (replied = resolve));
  const client: PluginInput['client'] = {
    config: {
      get: () => Promise.resolve({ data: { permission: { bash: { '*': 'ask', 'git status *': 'allow' } } } }),
    },
    app: { log: () => Promise.resolve(true) },
    _client: {
      post({ body }) {
        replied(body);
        return Promise.resolve({ response: { status: 200 } });
      },
    },
  };
  plugin = gatehousePlugin(
    { client, directory: gate.project },
    { PATH: process.env.PATH, HOME: process.env.HOME, GATEHOUSE_HOME: gate.home },
  );
  plugin.event({
    event: {
      type: 'permission.asked',
      properties: {
        id: 'per_9a1c3e0b7001ZrQ4mK2vX8nB5s',
        sessionID: 'ses_9a1c3d52effeN0o7pLq3WcY1tU',
        permission: 'bash',
        patterns: ['npm test && rm -rf dist'],
        metadata: { command: 'npm test && rm -rf dist', description: 'Run the tests, then clear dist' },
        always: ['npm test *', 'rm -rf *'],
        tool: { messageID: 'msg_9a1c3d5f1001', callID: 'call_0_8b2f' },
      },
    },
  });
  const question = card(page, 'npm test && rm -rf dist');
  await expect(question).toBeVisible();
  await expect(page.locator('.session__agent')).toHaveText(['OpenCode']);
  await expect(question.getByText('OpenCode’s own permission check asked.', { exact: false })).toBeVisible();
  await expect(question.getByText('bash: { "*": "ask" }', { exact: true })).toBeVisible();
  // Claude Code's rules, which OpenCode never reads, are not offered as the reason.
  await expect(question.getByText('no rule allows it')).toHaveCount(0);
  for (const name of ['Edit…', 'Always allow…'])
    await expect(question.getByRole('button', { name, exact: true })).toHaveCount(0);
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await expect(question.getByText('bash: { "*": "ask" }', { exact: true })).toBeVisible();
    await screenshot(page, `opencode-card-${size}`);
    await expectAccessible(page, `an OpenCode card (${size})`);
  }
  await question.getByRole('button', { name: /^Allow once/ }).click();
  expect(await reply).toEqual({ reply: 'once' });
});
