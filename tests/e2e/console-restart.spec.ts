/**
 * A console killed while cards wait, then started again on the same home: the open tab shows at once that
 * every card went back to its agent and takes no answer, the console comes back on the same port, the tab
 * gets back in by itself (its secret in memory, the console's digests in its home) and shows the new
 * console's queue, and history says the requests were handed back when the console crashed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { WebSocketServer } from 'ws';
import type { Page } from '@playwright/test';
import { permissionRequestPayload, spawnHook, startServe } from './console-process';
import type { RunningConsole } from './console-process';
import { expectAccessible, screenshot } from './queue-harness';

const COMMANDS = ['npm run release', 'git push --force origin main', 'make deploy'];
const SCREEN_SIZES = { narrow: { width: 420, height: 700 }, wide: { width: 1440, height: 900 } } as const;

let home: string;
let consoles: RunningConsole[];

test.beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'gatehouse-restart-'));
  consoles = [];
});

test.afterEach(async () => {
  for (const { process: child, stop } of consoles) {
    if (child.exitCode === null && child.signalCode === null) await stop();
  }
  await rm(home, { recursive: true, force: true });
});

async function start(): Promise<RunningConsole> {
  const running = await startServe([], { home });
  consoles.push(running);
  return running;
}

/** Another link from the same console: Enter where it runs prints one. */
function newLink(running: RunningConsole): Promise<string> {
  const printed = new Promise<string>((resolve) => {
    const seen = (chunk: Buffer) => {
      const match = /Web console: (\S+)/.exec(chunk.toString());
      if (!match?.[1]) return;
      running.process.stdout.off('data', seen);
      resolve(match[1]);
    };
    running.process.stdout.on('data', seen);
  });
  running.process.stdin.write('\n');
  return printed;
}

const cards = (page: Page) => page.locator('article.card');

async function expectHandedBack(page: Page, sentence: RegExp): Promise<void> {
  await expect(cards(page)).toHaveCount(COMMANDS.length);
  for (const card of await cards(page).all()) {
    await expect(card.getByRole('status')).toHaveText(sentence);
    await expect(card.getByRole('group')).toHaveCount(0);
    await expect(card.getByRole('checkbox')).toBeDisabled();
    await expect(card.locator('.countdown')).toHaveCount(0);
  }
}

test('a killed console hands every card back at once, and its restart on the same home is found again', async ({
  page,
  browser,
}) => {
  const first = await start();
  const port = new URL(first.url).port;
  await page.setViewportSize(SCREEN_SIZES.wide);
  await page.goto(first.url);
  const chinese = await browser.newContext({ locale: 'zh-CN' });
  const zhPage = await chinese.newPage();
  await zhPage.goto(await newLink(first));

  const hooks = COMMANDS.map((command) => spawnHook(home, permissionRequestPayload(command)));
  await expect(cards(page)).toHaveCount(COMMANDS.length);
  await expect(cards(zhPage)).toHaveCount(COMMANDS.length);
  await expect(cards(page).getByRole('group').getByRole('button', { name: 'Deny', exact: true })).toHaveCount(
    COMMANDS.length,
  );

  const killed = new Promise((resolve) => first.process.once('exit', resolve));
  first.process.kill('SIGKILL');
  await killed;
  // Each hook left the decision to Claude Code's own dialog: no answer on its stdout.
  for (const hook of hooks) expect(await hook.exit).toMatchObject({ code: 0, stdout: '' });

  await expectHandedBack(page, /^Handed back to claude-code: the console stopped$/);
  await expectHandedBack(zhPage, /^已交还给 claude-code：控制台已停止$/);
  await expect(page.getByLabel('Waiting requests')).toHaveText('0 waiting');
  await expect(page).toHaveTitle('Gatehouse');
  await expect(page.getByText(/needs a second look: show it/)).toHaveCount(0);
  await expect(cards(page).filter({ hasText: 'git push --force origin main' })).toHaveCount(1);
  await expect(page.locator('.topbar__status')).toContainText('comes back by itself');

  await shoot(page, 'console-restart-handed-back-en');
  await shoot(zhPage, 'console-restart-handed-back-zh');

  const second = await start();
  expect(new URL(second.url).port).toBe(port);
  const waiting = spawnHook(home, permissionRequestPayload('npm test'));
  // The same tab, never reloaded: it is back on the new console, whose queue holds only the new request.
  await expect(page.locator('.topbar__status')).toHaveText('Connected');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('npm test');
  const deny = cards(page).first().getByRole('button', { name: 'Deny', exact: true });
  await expect(deny).toBeEnabled();
  await expect(zhPage.locator('.topbar__status')).toHaveText('已连接');
  await deny.click();
  expect((await waiting.exit).stdout).toContain('"behavior":"deny"');

  await page.getByRole('navigation').getByRole('button', { name: 'History' }).click();
  await page.getByRole('region', { name: 'Sessions' }).locator('.session-row').first().click();
  const timeline = page.getByRole('region', { name: 'Timeline' });
  const handedBack = timeline.locator('.entry', { hasText: 'Handed back: the console crashed' });
  await expect(handedBack).toHaveCount(COMMANDS.length);
  await handedBack.first().getByRole('button').click();
  await expect(timeline.getByRole('article', { name: 'Recorded Bash request' })).toContainText(
    /the console crashed before anyone answered\. It was last seen running at .*\d/,
  );
  await shoot(page, 'console-restart-history-en');

  await zhPage.getByRole('navigation').getByRole('button', { name: '历史' }).click();
  await zhPage.locator('.session-row').first().click();
  const zhRows = zhPage.locator('.entry', { hasText: '已交还：控制台已崩溃' });
  await expect(zhRows).toHaveCount(COMMANDS.length);
  await zhRows.first().getByRole('button').click();
  await expect(zhPage.locator('.card--recorded')).toContainText('最后一次确认它在运行是');
  await shoot(zhPage, 'console-restart-history-zh');
  await chinese.close();
});

test('a console of another home on that port does not take the tab, and the tab says how to get a link', async ({
  page,
}) => {
  const first = await start();
  const port = new URL(first.url).port;
  await page.goto(first.url);
  await expect(page.locator('.topbar__status')).toHaveText('Connected');
  const killed = new Promise((resolve) => first.process.once('exit', resolve));
  first.process.kill('SIGKILL');
  await killed;
  await expect(page.locator('.topbar__status')).toContainText('comes back by itself');

  const other = await startServe(['--port', port]);
  consoles.push(other);
  await expect(page.locator('.topbar__status')).toHaveText(
    'The console running here does not know this tab (it uses another home, or came back too late): press Enter where gatehouse serve runs for a new link',
  );
  await page.goto(other.url);
  await expect(page.locator('.topbar__status')).toHaveText('Connected');
});

test('a program on the port while the console is down never sees the tab’s secret', async ({ page }) => {
  const first = await start();
  const port = Number(new URL(first.url).port);
  await page.goto(first.url);
  await expect(page.locator('.topbar__status')).toHaveText('Connected');
  const killed = new Promise((resolve) => first.process.once('exit', resolve));
  first.process.kill('SIGKILL');
  await killed;

  // It answers every challenge with a made-up proof, as it cannot know the secret's digest.
  const heard: Array<Record<string, unknown>> = [];
  const squatter = new WebSocketServer({ host: '127.0.0.1', port });
  squatter.on('connection', (socket) =>
    socket.on('message', (data) => {
      heard.push(JSON.parse(data.toString()) as Record<string, unknown>);
      socket.send(JSON.stringify({ type: 'proof', proof: 'made-up' }));
    }),
  );
  await expect.poll(() => heard.length, { timeout: 30_000 }).toBeGreaterThan(0);
  await new Promise((closed) => squatter.close(closed));
  for (const socket of squatter.clients) socket.terminate();
  expect(heard.map((frame) => frame.type)).not.toContain('auth');
  expect(JSON.stringify(heard)).not.toMatch(/secret/);
  await expect(page.locator('.topbar__status')).toContainText('comes back by itself');

  await start();
  await expect(page.locator('.topbar__status')).toHaveText('Connected');
});

/** The page at both sizes, light and dark, each checked by axe. */
async function shoot(tab: Page, name: string): Promise<void> {
  for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
    await tab.setViewportSize(viewport);
    for (const theme of ['light', 'dark'] as const) {
      await tab.emulateMedia({ colorScheme: theme });
      await screenshot(tab, `${name}-${size}-${theme}`);
      await expectAccessible(tab, `${name} (${size}, ${theme})`);
    }
  }
}
