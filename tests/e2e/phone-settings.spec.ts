/**
 * The settings view's phone section against the built console and a local stand-in of Telegram's Bot API:
 * paste a token, pair a chat with the one-time code, send a test message, disconnect; looked at in
 * screenshots at both window sizes, in English and Chinese.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { startTelegramStandIn } from '../support/telegram-stand-in';
import type { TelegramStandIn } from '../support/telegram-stand-in';
import { expectAccessible, screenshot, SIZES, startQueueConsole } from './queue-harness';
import type { QueueConsole } from './queue-harness';

const TOKEN = '123456:gatehouse-e2e-stand-in-bot-token';
const CHAT = 5150;

let telegram: TelegramStandIn;
let gate: QueueConsole;

test.beforeEach(async () => {
  telegram = await startTelegramStandIn({ token: TOKEN });
  gate = await startQueueConsole({
    consoleSettings: JSON.stringify({ channels: { telegram: { apiRoot: telegram.apiRoot } } }),
  });
});

test.afterEach(async () => {
  await gate.stop();
  await telegram.close();
});

async function openSettings(page: Page, locale: 'en' | 'zh-CN') {
  await page.addInitScript((chosen) => {
    localStorage.setItem('gatehouse.prefs', JSON.stringify({ theme: 'system', locale: chosen }));
  }, locale);
  await page.goto(gate.url.replace('/#', '/?view=settings#'));
}

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`connects, pairs and disconnects at ${size} size`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openSettings(page, 'en');
    await expect(page.getByText('Not connected.')).toBeVisible();
    await screenshot(page, `phone-${size}-off`);
    await expectAccessible(page, `the phone settings, not connected (${size})`);

    await page.getByLabel('Bot token').fill('123456:not-this-bots-token-at-all');
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(page.getByRole('alert')).toContainText('refused this bot token');

    await page.getByLabel('Bot token').fill(TOKEN);
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(page.getByText('Connected; no chat is paired yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Pair a chat…' }).click();
    const code = (await page.locator('.settings__code').textContent())!;
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    await screenshot(page, `phone-${size}-pairing`);
    await expectAccessible(page, `the phone settings, pairing (${size})`);

    telegram.write(CHAT, `/start ${code}`);
    await expect(page.getByText(/Connected and paired/)).toBeVisible();
    await page.getByRole('button', { name: 'Send a test message' }).click();
    await expect(page.getByText('Sent: look for it in Telegram.')).toBeVisible();
    expect(telegram.messages.at(-1)?.chat.id).toBe(CHAT);
    // Checked once main has saved it: the box shows the console's state, not the click.
    const summaryOnly = page.getByLabel('Send only the tool and a one-line summary');
    await summaryOnly.click();
    await expect(summaryOnly).toBeChecked();
    await expect(
      page.getByText(/see the agent, the project folder, the tool and one shortened line/),
    ).toBeVisible();
    await screenshot(page, `phone-${size}-paired`);
    await expectAccessible(page, `the phone settings, paired (${size})`);

    await page.getByRole('button', { name: 'Disconnect and forget the bot' }).click();
    await expect(page.getByText('Not connected.')).toBeVisible();
    await expect(page.getByLabel('Bot token')).toHaveValue('');
  });

  test(`reads in Chinese at ${size} size`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openSettings(page, 'zh-CN');
    await page.getByLabel('机器人令牌').fill(TOKEN);
    await page.getByRole('button', { name: '连接' }).click();
    await page.getByRole('button', { name: '配对聊天…' }).click();
    await expect(page.locator('.settings__code')).toBeVisible();
    await screenshot(page, `phone-${size}-pairing-zh`);
  });
}
