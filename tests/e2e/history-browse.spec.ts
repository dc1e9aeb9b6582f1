import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  fillHistory,
  fillLongSession,
  OLD_SESSIONS,
  RECENT_SESSIONS,
  recentRequestCount,
  SHOP,
} from './history-fixture';
import { expectAccessible, hookDecision, startQueueConsole } from './queue-harness';
import type { QueueConsole } from './queue-harness';

let gate: QueueConsole;

test.beforeEach(async () => {
  gate = await startQueueConsole({ prepare: (home) => fillHistory(home) });
});

test.afterEach(async () => {
  await gate.stop();
});

const sessionsPane = (page: Page) => page.getByRole('region', { name: 'Sessions' });
const timeline = (page: Page) => page.getByRole('region', { name: 'Timeline' });
const results = (page: Page) => page.getByRole('region', { name: 'Matching requests' });
const rowsOf = (page: Page) => results(page).locator('.entry');

async function openHistory(page: Page) {
  await page.goto(gate.url.replace('/#', '/?view=history#'));
  await expect(sessionsPane(page).locator('.session-row').first()).toBeVisible();
}

test('lists sessions newest first with their counts, and pages older ones in', async ({ page }) => {
  await openHistory(page);
  const rows = sessionsPane(page).locator('.session-row');
  await expect(rows).toHaveCount(50);
  const first = rows.first();
  await expect(first).toContainText('shop');
  await expect(first).toContainText('Claude Code');
  await expect(first.getByTitle('3f9c2a71-5d4e-4b8a-9c61-2e7f0a9d4b13')).toHaveText('session 3f9c2a71');
  await expect(first).toContainText('running');
  await expect(first).toContainText('3 allowed');
  await expect(first).toContainText('1 denied');
  await expect(first).toContainText('1 not answered');
  await expect(rows.nth(1)).toContainText('docs-site');
  // Each ended session says how: the agent's word, its connection's close, or an hour and more of nothing.
  const state = (row: number) => rows.nth(row).locator('.session-row__state');
  await expect(state(0)).toHaveText('running');
  await expect(state(1)).toHaveText('ended by the agent');
  await expect(state(2)).toHaveText('ended: disconnected');
  await expect(state(3)).toHaveText('ended: idle');
  await expect(state(3)).toHaveAttribute(
    'title',
    /^Nothing has come from this session since .+: after an hour/,
  );
  await page.getByRole('button', { name: 'Load older sessions' }).click();
  await expect(rows).toHaveCount(RECENT_SESSIONS.length + OLD_SESSIONS);
  await expect(page.getByRole('button', { name: 'Load older sessions' })).toHaveCount(0);
  await expectAccessible(page, 'the sessions list');
});

test('opens a timeline that says who decided each request, how, and how fast; a request opens as a card', async ({
  page,
}) => {
  await openHistory(page);
  await sessionsPane(page).locator('.session-row').first().click();
  const entries = timeline(page).locator('.entry');
  await expect(entries).toHaveCount(5);
  await expect(timeline(page)).toContainText('5 requests');
  await expect(entries.nth(0)).toContainText('Allowed by you at the console window');
  await expect(entries.nth(0)).toContainText('after 2.4 s');
  await expect(entries.nth(1)).toContainText('Allowed by a notification');
  await expect(entries.nth(2)).toContainText('Denied by you in the web console');
  await expect(entries.nth(3)).toContainText('Allowed by a rule');
  // Undecided when the console started: the console before it stopped holding it, and left no time.
  await expect(entries.nth(4)).toContainText('Handed back: the console stopped');

  await entries.nth(0).getByRole('button').click();
  const first = timeline(page).getByRole('article', { name: 'Recorded Bash request' });
  await expect(first.getByLabel('Command')).toContainText('npm run build && npm test -- --coverage');
  await expect(first).toContainText('Rule written');
  await expect(first).toContainText('Bash(npm test *)');
  await expect(first).toContainText('window');
  await expect(first.getByRole('button', { name: /Allow|Deny/ })).toHaveCount(0);

  await entries.nth(3).getByRole('button').click();
  const granted = timeline(page).getByRole('article', { name: 'Recorded Bash request' });
  await expect(granted).toContainText('Rule that decided');
  await expect(granted).toContainText('Bash(npm test *)');

  await entries.nth(2).getByRole('button').click();
  await expect(timeline(page).getByRole('article')).toContainText(
    'Never force-push main; open a pull request instead.',
  );

  await entries.nth(1).getByRole('button').click();
  const edit = timeline(page).getByRole('article', { name: 'Recorded Edit request' });
  await expect(edit).toContainText('./src/cart.ts');
  await expect(edit.locator('.diff__line--add')).toContainText('item.price * item.quantity');
  await expect(edit.locator('.diff__line--del')).toContainText('sum += item.price;');
  await expectAccessible(page, 'a timeline with an open card');
});

test('filters by tool, outcome, decided by, project and date, across sessions', async ({ page }) => {
  await openHistory(page);
  const filters = page.getByRole('search', { name: 'Filters' });

  await filters.getByLabel('Tool').fill('Edit');
  await expect(rowsOf(page)).toHaveCount(1);
  await expect(rowsOf(page).first()).toContainText('src/cart.ts');
  await filters.getByLabel('Tool').fill('');

  await filters.getByLabel('Outcome').selectOption({ label: 'Denied' });
  await expect(rowsOf(page)).toHaveCount(4);
  for (const row of await rowsOf(page).all()) await expect(row).toContainText('Denied by');

  await filters.getByLabel('Decided by').selectOption({ label: 'A timeout' });
  await expect(rowsOf(page)).toHaveCount(1);
  await expect(rowsOf(page).first()).toContainText('Denied by a timeout');
  await filters.getByLabel('Outcome').selectOption({ label: 'Any' });
  await filters.getByLabel('Decided by').selectOption({ label: 'Any' });

  await filters.getByLabel('Project folder').fill(`${SHOP}-admin`);
  await expect(rowsOf(page)).toHaveCount(2);
  for (const row of await rowsOf(page).all()) await expect(row).toContainText('shop-admin');
  await filters.getByLabel('Project folder').fill('');

  const day = (offset: number) => {
    const at = new Date(Date.now() + offset * 86_400_000);
    return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
  };
  await filters.getByLabel('From').fill(day(-4));
  await filters.getByLabel('To', { exact: true }).fill(day(-2));
  await expect(rowsOf(page)).toHaveCount(2);
  await expect(results(page)).toContainText('.env.production');

  await filters.getByLabel('From').fill(day(-1));
  await expect(page.getByRole('alert')).toHaveText(
    'The start date is after the end date: change one of them.',
  );
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(sessionsPane(page)).toBeVisible();
});

test('searches commands, paths and URLs as you type, and says what to do when nothing matches', async ({
  page,
}) => {
  await openHistory(page);
  const search = page.getByRole('searchbox', { name: 'Search commands, paths and URLs' });
  await search.fill('docs.example');
  await expect(rowsOf(page)).toHaveCount(1);
  await expect(rowsOf(page).first()).toContainText('WebFetch');
  await search.fill('force origin');
  await expect(rowsOf(page)).toHaveCount(1);
  await expect(rowsOf(page).first()).toContainText('git push --force origin main');
  await search.fill('install.md');
  await expect(rowsOf(page).first()).toContainText('Write');
  await search.fill('kubectl');
  await expect(results(page)).toContainText('No request matches');
  await expect(results(page)).toContainText('clear the filters');
  await results(page).getByRole('button', { name: 'Clear filters' }).click();
  await expect(search).toHaveValue('');
  await expect(sessionsPane(page)).toBeVisible();
});

test('exports the current selection (the filters, else the open session, else everything) as CSV and JSONL', async ({
  page,
}) => {
  await openHistory(page);
  await page.getByRole('search', { name: 'Filters' }).getByLabel('Outcome').selectOption({ label: 'Denied' });
  await expect(rowsOf(page)).toHaveCount(4);

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^gatehouse-history-\d{8}-\d{6}\.csv$/);
  const csvText = await readFile((await csv.path())!, 'utf8');
  const records = csvText.trimEnd().split('\r\n');
  expect(records[0]).toBe(
    'id,session_id,agent,agent_version,received_at,tool,cwd,mode,input,outcome,decided_by,channel,latency_ms,decided_at,rule_written,message,not_taken,not_taken_message,option_kind,option_name,ended',
  );
  expect(records).toHaveLength(5);
  expect(records.slice(1).every((record) => /^[^,]+,[^,]+,(claude-code|ci-agent),/.test(record))).toBe(true);
  expect(records.slice(1).every((record) => record.includes(',deny,'))).toBe(true);

  const [jsonl] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export JSONL' }).click(),
  ]);
  expect(jsonl.suggestedFilename()).toMatch(/\.jsonl$/);
  const lines = (await readFile((await jsonl.path())!, 'utf8'))
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line));
  expect(lines.map((line) => line.decision.decision.behavior)).toEqual(['deny', 'deny', 'deny', 'deny']);
  expect(lines.every((line) => typeof line.agent.name === 'string')).toBe(true);
  expect(lines.find((line) => line.decision.decision.by === 'timeout')?.request.tool).toBe(
    'mcp__github__create_issue',
  );

  await page.getByRole('search', { name: 'Filters' }).getByRole('button', { name: 'Clear filters' }).click();
  await expect(sessionsPane(page)).toBeVisible();
  const [all] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export JSONL' }).click(),
  ]);
  const everything = (await readFile((await all.path())!, 'utf8')).trimEnd().split('\n');
  expect(everything).toHaveLength(recentRequestCount() + OLD_SESSIONS);

  await sessionsPane(page).locator('.session-row').nth(1).click();
  await expect(timeline(page).locator('.entry')).toHaveCount(3);
  const [session] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const sessionRows = (await readFile((await session.path())!, 'utf8')).trimEnd().split('\r\n');
  expect(sessionRows).toHaveLength(4);
  expect(sessionRows.slice(1).every((row) => row.includes(',b81c55e0-2f4d-4c1e-9a7b-61f0c3d2e4a9,'))).toBe(
    true,
  );
});

test('keeps history to a retention written to settings.json, and purges after a second click', async ({
  page,
}) => {
  await openHistory(page);
  await page.getByRole('button', { name: 'Retention' }).click();
  const panel = page.getByRole('region', { name: 'Retention and purge' });
  await expect(panel).toContainText('History is kept until you purge it.');

  await panel.getByLabel('Keep history for (days)').fill('0');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByRole('alert')).toHaveText('Enter a whole number of days from 1 to 36500.');

  await panel.getByLabel('Keep history for (days)').fill('30');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByRole('status')).toHaveText(
    `Saved. Removed ${OLD_SESSIONS} requests and ${OLD_SESSIONS} sessions older than that.`,
  );
  await expect(panel).toContainText('History is kept for 30 days');
  const settings = JSON.parse(await readFile(join(gate.home, 'settings.json'), 'utf8'));
  expect(settings.history).toEqual({ retentionDays: 30 });
  await expect(sessionsPane(page).locator('.session-row')).toHaveCount(RECENT_SESSIONS.length);

  await panel.getByLabel('Purge requests older than (days)').fill('2');
  await panel.getByRole('button', { name: 'Purge…' }).click();
  const confirm = panel.getByRole('alertdialog');
  await expect(confirm).toContainText('Delete every request older than 2 days, and the sessions left empty?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(sessionsPane(page).locator('.session-row')).toHaveCount(RECENT_SESSIONS.length);

  await panel.getByRole('button', { name: 'Purge…' }).click();
  await panel.getByRole('alertdialog').getByRole('button', { name: 'Delete them' }).click();
  await expect(panel.getByRole('status').last()).toHaveText('Removed 2 requests and 1 session.');
  await expect(sessionsPane(page).locator('.session-row')).toHaveCount(RECENT_SESSIONS.length - 1);
});

test('offers a refresh when a request is decided while the history is open', async ({ page }) => {
  await openHistory(page);
  await expect(page.getByText('History has changed since this page loaded.')).toHaveCount(0);
  const hook = gate.ask(
    'Bash',
    { command: 'git push origin release', description: 'Push the release' },
    { session: 'live-session-0001' },
  );
  await expect(page.getByText('History has changed since this page loaded.')).toBeVisible();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(sessionsPane(page).locator('.session-row').first()).toContainText('1 not answered');

  await page.getByRole('navigation').getByRole('button', { name: 'Queue' }).click();
  const card = page.locator('article[data-request-id]').filter({ hasText: 'git push origin release' });
  await card.getByRole('button', { name: 'Deny', exact: true }).click();
  expect((await hookDecision(hook))?.behavior).toBe('deny');
  await page.getByRole('navigation').getByRole('button', { name: 'History' }).click();
  await sessionsPane(page).locator('.session-row').first().click();
  await expect(timeline(page).locator('.entry').first()).toContainText('Denied by you in the web console');
});

test('pages a long timeline back to its first request', async ({ page }) => {
  const long = await startQueueConsole({ prepare: (home) => fillLongSession(home, 120) });
  try {
    await page.goto(long.url.replace('/#', '/?view=history#'));
    await sessionsPane(page).locator('.session-row').first().click();
    const entries = timeline(page).locator('.entry');
    await expect(entries).toHaveCount(50);
    await expect(timeline(page)).toContainText('120 requests');
    await expect(entries.last()).toContainText('echo step 119');
    await expect(entries.first()).toContainText('echo step 70');
    const earlier = timeline(page).getByRole('button', { name: 'Load earlier requests' });
    await earlier.click();
    await expect(entries).toHaveCount(100);
    await earlier.click();
    await expect(entries).toHaveCount(120);
    await expect(entries.first()).toContainText('echo step 0');
    await expect(earlier).toHaveCount(0);
  } finally {
    await long.stop();
  }
});
