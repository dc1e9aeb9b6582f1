/**
 * The settings view's phone section against the built console and a local stand-in of Telegram's Bot API:
 * paste a token, pair a chat with the one-time code, send a test message, disconnect; replace the paired
 * chat only after saying yes; see the channel down, retrying and back when Telegram drops off the network or
 * answers 429. Looked at in screenshots at both window sizes, light and dark, in English and Chinese.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { startTelegramStandIn } from '../support/telegram-stand-in';
import type { TelegramStandIn } from '../support/telegram-stand-in';
import { expectAccessible, hookDecision, screenshot, SIZES, startQueueConsole } from './queue-harness';
import type { QueueConsole } from './queue-harness';

const TOKEN = '123456:gatehouse-e2e-stand-in-bot-token';
const CHAT = 5150;
const OTHER = 7070;

let telegram: TelegramStandIn;
let gate: QueueConsole;

test.beforeEach(async () => {
  telegram = await startTelegramStandIn({ token: TOKEN });
  gate = await startQueueConsole({
    consoleSettings: JSON.stringify({ channels: { telegram: { apiRoot: telegram.apiRoot } } }),
  });
});

test.afterEach(async () => {
  // The token is in no log line, and in no file but the keychain's fallback (no keychain runs here).
  expect(gate.output()).not.toContain(TOKEN);
  for (const name of await readdir(gate.home, { recursive: true })) {
    if (name === 'telegram-bot-token') continue;
    const text = await readFile(join(gate.home, name)).then(
      (bytes) => bytes.toString('latin1'),
      () => '',
    );
    expect(text.includes(TOKEN), `${name} holds the token`).toBe(false);
  }
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
      page.getByText(/only the names of the programs it runs: no command text, path or other input/),
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

test('the Chinese console words the phone’s refusals and a failed pairing in Chinese', async ({ page }) => {
  await page.setViewportSize(SIZES.window);
  await openSettings(page, 'zh-CN');
  await page.getByLabel('机器人令牌').fill('123456:not-this-bots-token-at-all');
  await page.getByRole('button', { name: '连接' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Telegram 拒绝了这个机器人令牌；请从 @BotFather 重新复制并完整粘贴。',
  );

  await page.getByLabel('机器人令牌').fill(TOKEN);
  await page.getByRole('button', { name: '连接' }).click();
  await page.getByRole('button', { name: '配对聊天…' }).click();
  await expect(page.locator('.settings__code')).toBeVisible();
  for (const wrong of ['AAAA2222', 'BBBB3333', 'CCCC4444', 'DDDD5555', 'EEEE6666'])
    telegram.write(CHAT, `/start ${wrong}`);
  const failed = page.getByRole('alert');
  await expect(failed).toHaveText('发给机器人的错误代码太多，此代码已作废；请显示一个新代码。');
  await shoot(page, 'phone-pairing-refused-zh');
  await page.setViewportSize(SIZES.tray);
  await failed.scrollIntoViewIfNeeded();
  await shoot(page, 'phone-pairing-refused-zh-tray');
});

/** Both themes of the same state, one screenshot each. */
async function shoot(page: Page, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await screenshot(page, `${name}-${theme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const WORDS = {
  en: {
    token: 'Bot token',
    connect: 'Connect',
    pair: 'Pair a chat…',
    pairAgain: 'Pair another chat…',
    paired: `Connected and paired with Person ${CHAT} (@person${CHAT}) (chat ${CHAT})`,
    pairedOther: `Connected and paired with Person ${OTHER} (@person${OTHER}) (chat ${OTHER})`,
    question: `Requests now go to Person ${CHAT} (@person${CHAT}) (chat ${CHAT}).`,
    keep: 'Keep this chat',
    replace: 'Replace it: show a code',
    channel: 'Phone channel',
    retrying: /Phone channel down since .+, retrying on its own\.\s*Telegram cannot be reached/,
    slowDown:
      /Phone channel down since .+, retrying on its own\.\s*Telegram asked Gatehouse to slow down for 2 seconds;/,
  },
  'zh-CN': {
    token: '机器人令牌',
    connect: '连接',
    pair: '配对聊天…',
    pairAgain: '配对另一个聊天…',
    paired: `已连接，已配对：Person ${CHAT} (@person${CHAT})（聊天 ${CHAT}）。`,
    pairedOther: `已连接，已配对：Person ${OTHER} (@person${OTHER})（聊天 ${OTHER}）。`,
    question: `请求现在发往 Person ${CHAT} (@person${CHAT})（聊天 ${CHAT}）。`,
    keep: '保留这个聊天',
    replace: '替换：显示代码',
    channel: '手机通道',
    retrying: /手机通道自 .+ 起中断，正在自动重试。\s*无法连接 Telegram；/,
    slowDown: /手机通道自 .+ 起中断，正在自动重试。\s*Telegram 要求 Gatehouse 放慢速度 2 秒；/,
  },
} as const;

for (const locale of ['en', 'zh-CN'] as const) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    test(`asks before replacing the paired chat, and shows the channel down and back (${locale}, ${size})`, async ({
      page,
    }) => {
      const words = WORDS[locale];
      const tag = `phone-${size}-${locale}`;
      await page.setViewportSize(viewport);
      await openSettings(page, locale);
      await page.getByLabel(words.token).fill(TOKEN);
      await page.getByRole('button', { name: words.connect }).click();
      await page.getByRole('button', { name: words.pair }).click();
      telegram.write(CHAT, `/start ${(await page.locator('.settings__code').textContent())!}`);
      const state = page.locator('.settings__status');
      await expect(state).toContainText(words.paired);
      await shoot(page, `${tag}-connected`);

      // Asked first, naming the paired chat; keeping it changes nothing.
      await page.getByRole('button', { name: words.pairAgain }).click();
      const question = page.getByRole('group').filter({ hasText: words.question });
      await expect(question).toBeVisible();
      await shoot(page, `${tag}-replace`);
      await expectAccessible(page, `the replace-chat question (${locale}, ${size})`);
      await page.getByRole('button', { name: words.keep }).click();
      await expect(question).toBeHidden();
      await expect(page.locator('.settings__code')).toBeHidden();

      await page.getByRole('button', { name: words.pairAgain }).click();
      await page.getByRole('button', { name: words.replace }).click();
      const code = (await page.locator('.settings__code').textContent())!;
      await shoot(page, `${tag}-pairing`);
      telegram.write(OTHER, code);
      await expect(state).toContainText(words.pairedOther);

      // Telegram drops off the network: down since when, retrying; then back by itself.
      const banner = page.locator('.banner').filter({ hasText: words.channel });
      telegram.cut();
      await expect(state).toContainText(words.retrying);
      await expect(banner).toContainText(words.retrying);
      await shoot(page, `${tag}-down`);
      await expectAccessible(page, `the phone settings, down (${locale}, ${size})`);
      telegram.restore();
      await expect(state).toContainText(words.pairedOther, { timeout: 15_000 });
      await expect(banner).toBeHidden();

      // A 429 on getUpdates: down while Telegram asks to wait, up once the wait is over.
      telegram.tooMany('getUpdates', 2, 2);
      telegram.write(OTHER, 'wake the poll');
      await expect(state).toContainText(words.slowDown);
      await expect(banner).toContainText(words.slowDown);
      await expect(state).toContainText(words.pairedOther, { timeout: 15_000 });
      await expect(banner).toBeHidden();
    });
  }
}

test('a request approved on the phone reaches the hook once and shows in history as from Telegram', async ({
  page,
}) => {
  await page.setViewportSize(SIZES.window);
  await openSettings(page, 'en');
  await page.getByLabel('Bot token').fill(TOKEN);
  await page.getByRole('button', { name: 'Connect' }).click();
  await page.getByRole('button', { name: 'Pair a chat…' }).click();
  telegram.write(CHAT, `/start ${(await page.locator('.settings__code').textContent())!}`);
  await expect(page.locator('.settings__status')).toContainText('Connected and paired');
  const away = page.getByLabel('I am away from the desk');
  await away.click();
  await expect(away).toBeChecked();

  const run = gate.ask('Bash', { command: 'git push origin release' });
  await telegram.until((messages) => messages.some((each) => each.text.includes('git push origin release')));
  const message = telegram.messages.find((each) => each.text.includes('git push origin release'))!;
  const approve = message.reply_markup!.inline_keyboard.flat().find((each) => each.text === 'Approve')!;
  expect(await telegram.press(CHAT, approve.callback_data, message.message_id)).toBe('Approved.');
  expect(await hookDecision(run)).toMatchObject({ behavior: 'allow' });
  expect(await telegram.press(CHAT, approve.callback_data, message.message_id)).toBe(
    'This request is no longer waiting.',
  );

  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'History' }).click();
  await page.locator('.session-row').filter({ hasText: 'shop' }).click();
  const row = page.locator('.entry').filter({ hasText: 'git push origin release' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Allowed by you on the phone, from Telegram');
  await expect(row.locator('.entry__latency')).toHaveText(/^after \d/);
});
