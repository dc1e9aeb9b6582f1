/**
 * The web console's link from the side of whoever reads the browser's profile: the address Chromium keeps
 * in its history and session files holds a code that was spent when the page opened, and the tab keeps no
 * secret of its own where Chromium writes it (session storage was written to the profile within seconds),
 * so nothing in the profile opens the console, and the page that tries says how to get a new link. A reload
 * therefore needs a new link too, and says so.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import WebSocket from 'ws';
import { CHROMIUM_ARGS } from '../../playwright.config';
import { linkCode, nextLink, openInThisTab } from '../support/web-console-url';
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

/** Every 43-character token-like string written anywhere in a Chromium profile: codes, secrets, anything. */
async function credentialsInProfile(dir: string): Promise<Set<string>> {
  const found = new Set<string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const bytes = await readFile(join(entry.parentPath, entry.name)).catch(() => Buffer.alloc(0));
    // Session storage is kept in UTF-16 as well as Latin-1, at either byte alignment: read all three.
    for (const text of [
      bytes.toString('latin1'),
      bytes.toString('utf16le'),
      bytes.subarray(1).toString('utf16le'),
    ])
      for (const match of text.matchAll(/(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g))
        found.add(match[0]);
  }
  return found;
}

/** What a local process gets from the console with a credential: the close code, and any frame before it. */
function tryCredential(
  port: number,
  credential: { code: string } | { secret: string },
): Promise<{ closed: number; frames: unknown[] }> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/console`, { origin: `http://127.0.0.1:${port}` });
  const frames: unknown[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
  socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', ...credential })));
  return new Promise((resolve) => socket.on('close', (closed) => resolve({ closed, frames })));
}

test('nothing Chromium keeps in its profile opens the console, and a reload asks for a new link', async ({
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
  const card = tab.getByRole('article').filter({ hasText: 'npm run deploy' });
  await expect(card).toBeVisible();
  expect(tab.url()).not.toContain('code=');
  // Chromium writes a tab's session storage to the profile in order, within seconds: once a marker stored
  // after the tab connected is on disk, whatever the tab stored before it is too.
  const marker = 'M'.repeat(43);
  await tab.evaluate((value) => window.sessionStorage.setItem('probe', value), marker);
  let kept = new Set<string>();
  await expect
    .poll(async () => (kept = await credentialsInProfile(profile)).has(marker), { timeout: 60_000 })
    .toBe(true);
  expect(kept).toContain(linkCode(serve.url));
  // Replayed while the tab that got them is still open.
  for (const value of kept) {
    expect((await tryCredential(port, { code: value })).frames).toEqual([]);
    expect((await tryCredential(port, { secret: value })).frames).toEqual([]);
  }
  await card.getByRole('button', { name: 'Deny', exact: true }).click();
  const answered = await hook.exit;
  expect(JSON.parse(answered.stdout).hookSpecificOutput.decision.behavior).toBe('deny');
  await context.close();

  const attacker = await browser.newPage();
  await attacker.goto(`http://127.0.0.1:${port}/#code=${linkCode(serve.url)}`);
  await expect(attacker.getByRole('status').first()).toContainText('already used');
  await expect(attacker.getByRole('status').first()).toContainText('press Enter where gatehouse serve runs');
  await expect(attacker.getByRole('article')).toHaveCount(0);
  await attacker.reload();
  await expect(attacker.getByRole('status').first()).toContainText('a reload needs one too');
  await attacker.close();
});

test('Enter where gatehouse serve runs prints a new link, which opens the console once', async ({
  page,
  browser,
}) => {
  const link = await nextLink(serve.process);
  expect(linkCode(link)).not.toBe(linkCode(serve.url));

  await page.goto(link);
  await expect(page.getByText('Nothing is waiting')).toBeVisible();
  const second = await browser.newPage();
  await second.goto(link);
  await expect(second.getByRole('status').first()).toContainText('already used');
  await second.close();
});

test('a new link opened in the same tab opens the console there afresh, after a reload or while connected', async ({
  page,
}) => {
  await page.goto(serve.url);
  await expect(page.getByText('Nothing is waiting')).toBeVisible();
  await page.reload();
  const status = page.getByRole('status').first();
  await expect(status).toContainText('a reload needs one too');
  // Only the fragment differs from the tab's address, so the browser does not load the page by itself.
  await openInThisTab(page, await nextLink(serve.process));
  await expect(page.getByText('Nothing is waiting')).toBeVisible();
  await expect(status).toContainText('Connected');

  // In a connected tab, a new link starts the page anew: a request marked in the old page is not marked.
  const hook = spawnHook(serve.home, permissionRequestPayload('npm run deploy'));
  const card = page.getByRole('article').filter({ hasText: 'npm run deploy' });
  await card.getByRole('checkbox').check();
  await openInThisTab(page, await nextLink(serve.process));
  await expect(card.getByRole('checkbox')).not.toBeChecked();
  await expect(status).toContainText('Connected');
  await card.getByRole('button', { name: 'Deny', exact: true }).click();
  expect(JSON.parse((await hook.exit).stdout).hookSpecificOutput.decision.behavior).toBe('deny');
});
