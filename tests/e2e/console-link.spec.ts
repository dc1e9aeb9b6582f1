/**
 * The web console's link from the side of whoever reads the browser's profile later: the address Chromium
 * keeps in its history and session files holds a code that was spent when the page opened, so it opens
 * nothing, and the page that tries says how to get a new link. A reload keeps working (the tab's secret).
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import WebSocket from 'ws';
import { CHROMIUM_ARGS } from '../../playwright.config';
import { linkCode } from '../support/web-console-url';
import { permissionRequestPayload, spawnHook, startServe } from './console-process';
import type { RunningConsole } from './console-process';

let serve: RunningConsole;
let profile: string;

test.beforeEach(async () => {
  serve = await startServe();
  profile = await mkdtemp(join(tmpdir(), 'gatehouse-profile-'));
});

test.afterEach(async () => {
  expect(await serve.stop()).toBe(0);
  await rm(profile, { recursive: true, force: true });
});

/** Every link code written anywhere in a Chromium profile (history database, session files, caches). */
async function codesInProfile(dir: string): Promise<Set<string>> {
  const found = new Set<string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const bytes = await readFile(join(entry.parentPath, entry.name)).catch(() => Buffer.alloc(0));
    for (const match of bytes.toString('latin1').matchAll(/#code=([A-Za-z0-9_-]{43})/g)) found.add(match[1]!);
  }
  return found;
}

/** What a local process gets from the console with a code: the close code, and any frame before it. */
function tryCode(port: number, code: string): Promise<{ closed: number; frames: unknown[] }> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/console`, { origin: `http://127.0.0.1:${port}` });
  const frames: unknown[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
  socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', code })));
  return new Promise((resolve) => socket.on('close', (closed) => resolve({ closed, frames })));
}

test('the address Chromium keeps opens nothing, while the tab that used it reloads and answers', async ({
  browser,
}) => {
  const port = Number(new URL(serve.url).port);
  const hook = spawnHook(serve.home, permissionRequestPayload('npm run deploy'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.GATEHOUSE_CHROMIUM ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
  });
  const tab = context.pages()[0] ?? (await context.newPage());
  await tab.goto(serve.url);
  await expect(tab.getByRole('article').filter({ hasText: 'npm run deploy' })).toBeVisible();
  expect(tab.url()).not.toContain('code=');
  await tab.reload();
  const card = tab.getByRole('article').filter({ hasText: 'npm run deploy' });
  await card.getByRole('button', { name: 'Deny', exact: true }).click();
  const answered = await hook.exit;
  expect(JSON.parse(answered.stdout).hookSpecificOutput.decision.behavior).toBe('deny');
  await context.close();

  const kept = await codesInProfile(profile);
  expect(kept).toContain(linkCode(serve.url));
  for (const code of kept) {
    expect(await tryCode(port, code)).toEqual({ closed: 4409, frames: [] });
  }

  const attacker = await browser.newPage();
  await attacker.goto(`http://127.0.0.1:${port}/#code=${linkCode(serve.url)}`);
  await expect(attacker.getByRole('status').first()).toContainText('already used');
  await expect(attacker.getByRole('status').first()).toContainText('press Enter where gatehouse serve runs');
  await expect(attacker.getByRole('article')).toHaveCount(0);
  await attacker.close();
});

test('Enter where gatehouse serve runs prints a new link, which opens the console once', async ({
  page,
  browser,
}) => {
  const fresh = new Promise<string>((resolve) => {
    let out = '';
    serve.process.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const link = /^Web console: (\S+)$/m.exec(out)?.[1];
      if (link) resolve(link);
    });
  });
  serve.process.stdin.write('\n');
  const link = await fresh;
  expect(linkCode(link)).not.toBe(linkCode(serve.url));

  await page.goto(link);
  await expect(page.getByText('Nothing is waiting')).toBeVisible();
  const second = await browser.newPage();
  await second.goto(link);
  await expect(second.getByRole('status').first()).toContainText('already used');
  await second.close();
});
