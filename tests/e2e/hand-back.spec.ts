/**
 * A Codex call (Codex waits 30 s) asked behind a long Claude Code queue with a big edit: the console shows
 * it first, with the time it has, in the window title too, and the person answers it before Codex takes
 * it back. Two Codex sessions whose UUIDv7 ids share their head read differently. Through the built
 * console and each agent's own hook command.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
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

/** Two Codex sessions started the same minute: their ids share the timestamp head `019aeb7c`. */
const CODEX_SESSIONS = [
  '019aeb7c-1c4e-7a21-9d3f-5be2a8c41f07',
  '019aeb7c-2d90-7b44-8e01-c07d93e6b2a5',
] as const;

/** A big edit and five commands from two Claude Code sessions, one after the other so the order is known. */
async function longQueue(page: Page): Promise<void> {
  const file = join(gate.project, 'catalog.ts');
  const lines = Array.from({ length: 400 }, (_, i) => `export const item${i} = ${i};`);
  await writeFile(file, `${lines.join('\n')}\n`);
  gate.ask('Write', {
    file_path: file,
    content: `${lines.map((l) => l.replace('=', '= 2 *')).join('\n')}\n`,
  });
  await expect(page.locator('.topbar__count')).toContainText('1');
  for (let i = 0; i < 5; i++) {
    gate.ask(
      'Bash',
      { command: `npm run task-${i}`, description: `Task ${i}` },
      i % 2 ? { session: 'cc-2' } : {},
    );
    await expect(page.locator('.topbar__count')).toContainText(String(i + 2));
  }
}

const firstCard = (page: Page) => page.locator('article[data-request-id]').first();

test('a Codex call asked behind a long queue is shown first, counted down, and answered in time', async ({
  page,
}) => {
  await page.setViewportSize(SIZES.tray);
  await page.goto(gate.url);
  await longQueue(page);
  await expect(firstCard(page)).toContainText('catalog.ts');

  const codex = gate.ask(
    'Bash',
    { command: 'touch marker.txt', description: 'make a marker' },
    { session: CODEX_SESSIONS[0], codex: true },
  );
  const codexCard = card(page, 'touch marker.txt');
  // Above the list, where the person looks, with the time Codex leaves: one click goes to the card.
  const bar = page.getByRole('button', { name: /^1 goes back to its agent in 0:[0-3]\d: show it$/ });
  await expect(bar).toBeVisible();
  await expect(page).toHaveTitle(/^\(7\) 1 hands back in 0:[0-3]\d · Gatehouse$/);
  await bar.click();
  await expect(codexCard).toBeInViewport();
  await expect(codexCard).toBeFocused();
  // The list itself opens on it: first, in the lane, with the session it came from.
  await openInThisTab(page, await gate.newLink());
  await expect(firstCard(page)).toContainText('touch marker.txt');
  await expect(codexCard).toBeInViewport();
  await expect(page.locator('.lane')).toHaveText('Going back to the agent soon');
  await expect(page.locator('.lane__from')).toHaveText('From Codex CLI in shop, session a8c41f07');
  await expect(page.locator('.session__agent')).toHaveText(['Claude Code', 'Claude Code']);
  // j goes to it before anything else.
  await page.locator('body').press('j');
  await expect(codexCard).toHaveAttribute('aria-current', 'true');

  await codexCard.getByRole('button', { name: 'Allow once' }).click();
  expect(await hookDecision(codex)).toEqual({ behavior: 'allow' });
  await expect(page.getByRole('button', { name: /goes back to its agent/ })).toHaveCount(0);
  await expect(page).toHaveTitle('(6) Gatehouse');
});

test('two Codex sessions whose ids share their head read differently, in English and Chinese', async ({
  page,
}) => {
  await page.setViewportSize(SIZES.tray);
  await page.goto(gate.url);
  await longQueue(page);
  // Longer than Codex's 30 s, still inside the minute: time for every screenshot below.
  CODEX_SESSIONS.forEach((session, i) =>
    gate.ask(
      'Bash',
      { command: `touch marker-${i}.txt`, description: 'make a marker' },
      { session, codex: true, timeoutMs: 58_000 },
    ),
  );
  await expect(card(page, 'touch marker-0.txt')).toHaveCount(1);
  await expect(card(page, 'touch marker-1.txt')).toHaveCount(1);
  await openInThisTab(page, await gate.newLink());
  await expect(page.locator('.lane__from')).toHaveText([
    /session (a8c41f07|93e6b2a5)$/,
    /session (a8c41f07|93e6b2a5)$/,
  ]);
  const captions = await page.locator('.lane__from').allTextContents();
  expect(new Set(captions).size).toBe(2);
  expect(captions.sort()).toEqual([
    'From Codex CLI in shop, session 93e6b2a5',
    'From Codex CLI in shop, session a8c41f07',
  ]);
  await expect(
    page.getByRole('button', { name: /^2 go back to their agents, the first in 0:[0-5]\d: show it$/ }),
  ).toBeVisible();
  await expectAccessible(page, 'the lane (tray, light)');

  const scroller = page.locator('.queue__scroller');
  for (const language of ['en', 'zh-CN'] as const) {
    if (language === 'zh-CN') {
      await page.getByRole('button', { name: 'Display' }).click();
      await page.getByLabel('Language').selectOption('zh-CN');
      await page.keyboard.press('Escape');
      await expect(page.locator('.lane')).toHaveText('即将交还代理');
      await expect(page.locator('.lane__from').first()).toContainText('Codex CLI');
    }
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      for (const [size, viewport] of [
        ['tray', SIZES.tray],
        ['wide', { width: 1440, height: 900 }],
      ] as const) {
        await page.setViewportSize(viewport);
        await scroller.evaluate((element) => (element.scrollTop = 0));
        await screenshot(page, `hand-back-${size}-${theme}-${language}`);
      }
    }
  }
});
