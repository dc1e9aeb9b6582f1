/**
 * The agents' own calls in the history view, from what the pinned Claude Code and Codex really exported
 * (tests/fixtures/otlp/), posted to the console's `/v1/logs` as an agent's exporter would: live, in order,
 * with who settled each, at both sizes, both themes and both languages.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { expectAccessible, screenshot, startQueueConsole } from './queue-harness';
import type { QueueConsole } from './queue-harness';

let gate: QueueConsole;

test.beforeEach(async () => {
  gate = await startQueueConsole();
});
test.afterEach(async () => {
  await gate.stop();
});

const LOOKS = { tray: { width: 420, height: 700 }, wide: { width: 1440, height: 900 } } as const;

async function exportToConsole(fixture: string): Promise<void> {
  const { port } = new URL(gate.url);
  const response = await fetch(`http://127.0.0.1:${port}/v1/logs`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-protobuf',
      'x-gatehouse-telemetry': readFileSync(join(gate.home, 'telemetry-token'), 'utf8').trim(),
    },
    body: readFileSync(`tests/fixtures/otlp/${fixture}`),
  });
  expect(response.status).toBe(200);
}

async function openActivity(browser: Browser, locale: 'en' | 'zh-CN', url: string): Promise<Page> {
  const page = await (await browser.newContext({ locale })).newPage();
  await page.goto(url.replace('/#', '/?view=history#'));
  await page.getByRole('button', { name: locale === 'en' ? 'Agents’ own calls' : '代理自己的调用' }).click();
  return page;
}

test('a call shows as soon as the agent exports it, in order, with who settled it', async ({ browser }) => {
  const page = await openActivity(browser, 'en', gate.url);
  const panel = page.getByRole('region', { name: 'Every tool call, as the agents report it' });
  await expect(panel).toContainText('No agent has reported a call yet');
  await exportToConsole('claude-2.1.328-allowed-by-rule.pb');
  // No reload: the panel reads again on history:changed.
  await expect(panel.getByRole('listitem')).toHaveCount(1, { timeout: 2_000 });
  await exportToConsole('claude-2.1.328-refused-by-hook.pb');
  await expect(panel.getByRole('listitem')).toHaveText(
    [
      /touch ruled\.txt.*Allowed by a rule in Claude Code’s settings.*ran 48 ms, succeeded/,
      /touch deny\.txt.*Refused by a hook.*did not run/,
      /false.*Allowed by Claude Code itself, with no person.*ran 22 ms, failed ShellError/,
    ],
    { timeout: 2_000 },
  );
  await panel.getByLabel('Show').selectOption('no-person');
  await expect(panel.getByRole('listitem')).toHaveText([/false/]);
});

test('a search finds calls of every session and a cleared search shows the session again', async ({
  browser,
}) => {
  await exportToConsole('codex-0.169.0-decision.pb');
  await exportToConsole('codex-0.169.0-result.pb');
  await exportToConsole('claude-2.1.328-allowed-by-rule.pb');
  await exportToConsole('claude-2.1.328-refused-by-hook.pb');
  const page = await openActivity(browser, 'en', gate.url);
  const panel = page.getByRole('region', { name: 'Every tool call, as the agents report it' });
  await expect(panel.getByRole('listitem')).toHaveCount(1);
  const search = panel.getByLabel('Search every session');
  await search.fill('touch');
  // The latest recorded first, each with its session.
  await expect(panel.getByRole('listitem')).toHaveText([
    /Claude Code · .*touch deny\.txt/,
    /Claude Code · .*touch ruled\.txt/,
    /Codex CLI · .*touch codex\.txt/,
  ]);
  await search.fill('touch ruled');
  await expect(panel.getByRole('listitem')).toHaveText([/touch ruled\.txt/]);
  await search.fill('no-such-command');
  await expect(panel).toContainText('No call of any session matches.');
  await search.fill('');
  await expect(panel.getByRole('listitem')).toHaveCount(1);
});

test('the panel at both sizes, both themes and both languages', async ({ browser }) => {
  await exportToConsole('codex-0.169.0-decision.pb');
  await exportToConsole('codex-0.169.0-result.pb');
  await exportToConsole('claude-2.1.328-allowed-by-rule.pb');
  await exportToConsole('claude-2.1.328-refused-by-hook.pb');
  for (const locale of ['en', 'zh-CN'] as const) {
    const page = await openActivity(browser, locale, locale === 'en' ? gate.url : await gate.newLink());
    const panel = page.locator('.history__activity');
    // Codex's session was active last, so it shows first; the Claude Code session has the three calls.
    await expect(panel.getByRole('listitem')).toHaveCount(1);
    await panel.locator('select').first().selectOption({ index: 1 });
    await expect(panel.getByRole('listitem')).toHaveCount(3);
    for (const [size, viewport] of Object.entries(LOOKS)) {
      for (const theme of ['light', 'dark'] as const) {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme: theme });
        await screenshot(page, `activity-${size}-${theme}-${locale}`);
        await expectAccessible(page, `the activity panel (${size}, ${theme}, ${locale})`);
      }
    }
  }
});
