/**
 * A Codex card for a command that writes outside the workspace, the usual reason Codex asks: the grant
 * panel judges it by Codex's model (its sandbox, not Claude Code's working directories), so it offers a
 * grant that answers the call and says what allowing does in Codex, through the built console and the
 * Codex hook command.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { card, expectAccessible, hookDecision, screenshot, SIZES, startQueueConsole } from './queue-harness';
import type { QueueConsole } from './queue-harness';

let gate: QueueConsole;

test.beforeEach(async () => {
  gate = await startQueueConsole();
});

test.afterEach(async () => {
  await gate.stop();
});

const OUTSIDE = '/var/tmp/reports/summary.txt';
const COMMAND = `touch ${OUTSIDE}`;
const TURN = '01a24172-edcd-7751-b428-52383ef08537';

async function openIn(page: Page, locale: 'en' | 'zh-CN') {
  await page.addInitScript((chosen) => {
    localStorage.setItem('gatehouse.prefs', JSON.stringify({ theme: 'system', locale: chosen }));
  }, locale);
  await page.goto(gate.url);
}

/** The Codex hook's request, with the turn's context line as Codex 0.169 writes it in the rollout file. */
async function askCodex(session = 'codex-7') {
  const rollout = join(gate.home, `rollout-${session}.jsonl`);
  await writeFile(
    rollout,
    `${JSON.stringify({
      type: 'turn_context',
      payload: { turn_id: TURN, approval_policy: 'on-request', sandbox_policy: { type: 'workspace-write' } },
    })}\n`,
  );
  return gate.ask(
    'Bash',
    { command: COMMAND, description: 'Write the report' },
    { session, codex: true, turn: TURN, transcript: rollout },
  );
}

test('a grant for a Codex write outside the workspace answers it, and says what allowing does', async ({
  page,
}) => {
  await openIn(page, 'en');
  const first = await askCodex();
  const target = card(page, COMMAND);
  await expect(target).toBeVisible();
  await target.getByRole('button', { name: 'Allow for…' }).click();
  await target.getByLabel('Rule the grant allows').fill(`Bash(${COMMAND})`);
  const note = target.locator('.rule-check');
  await expect(note).toHaveText(
    'Valid rule for Bash; it answers this request. Codex asked to run it outside its workspace-write sandbox: allowed, it runs without the sandbox’s limits, so it can write outside the workspace and reach the network.',
  );
  // Claude Code's working directories are no part of Codex's model: nothing says the rule cannot answer.
  await expect(target.getByText(/does not match|working directories|add-dir/)).toHaveCount(0);
  const forSession = target.getByRole('button', { name: 'Allow for this session' });
  await expect(forSession).toBeEnabled();
  await forSession.click();
  expect(await hookDecision(first)).toEqual({ behavior: 'allow' });

  // The grant answers the next such call of the session by itself, as the panel said it would.
  const again = await askCodex();
  expect(await hookDecision(again)).toEqual({ behavior: 'allow' });
  await expect(card(page, COMMAND)).toHaveCount(0);
});

for (const locale of ['en', 'zh-CN'] as const) {
  test(`the Codex grant panel in every look (${locale})`, async ({ page }) => {
    await openIn(page, locale);
    await askCodex();
    const target = card(page, COMMAND);
    await expect(target).toBeVisible();
    const looks = { tray: SIZES.tray, wide: { width: 1440, height: 900 } } as const;
    let opened = false;
    for (const [size, viewport] of Object.entries(looks)) {
      for (const theme of ['light', 'dark'] as const) {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme: theme });
        if (!opened) {
          // The popover folds the secondary answers behind More.
          await target.getByRole('button', { name: locale === 'en' ? 'More' : '更多' }).click();
          await target.getByRole('button', { name: locale === 'en' ? 'Allow for…' : '限时允许…' }).click();
          opened = true;
        }
        const panel = target.locator('.rule-check');
        await expect(panel).toContainText('workspace-write');
        await panel.scrollIntoViewIfNeeded();
        await screenshot(page, `codex-grant-${size}-${theme}-${locale}`);
        await expectAccessible(page, `the Codex grant panel (${size}, ${theme}, ${locale})`);
      }
    }
  });
}
