/**
 * Esc in the Codex TUI while its card waits: Codex kills the hook outright, so no signal reaches it. The
 * card is withdrawn at once as the agent interrupting the turn, its buttons are gone before anyone can
 * click a stale Allow, and history says the turn was interrupted, in both languages and every look.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { card, expectAccessible, screenshot, SIZES, startQueueConsole } from './queue-harness';
import type { QueueConsole } from './queue-harness';

let gate: QueueConsole;

test.beforeEach(async () => {
  gate = await startQueueConsole();
});

test.afterEach(async () => {
  await gate.stop();
});

const COMMAND = 'touch /var/tmp/reports/summary.txt';
const LOOKS = { tray: SIZES.tray, wide: { width: 1440, height: 900 } } as const;
const SAID = {
  en: {
    note: 'Withdrawn by the terminal: the agent interrupted the turn and no longer waits for an answer',
    outcome: 'Turn interrupted by the agent stopping its hook before anyone answered',
    recorded: ['Turn interrupted', 'the agent stopping its hook before anyone answered'],
    message: 'Message to the agent',
    count: '1 turn interrupted',
    history: 'History',
  },
  'zh-CN': {
    note: '代理中断了这一轮，不再等待答复',
    outcome: '中断了本轮',
    recorded: ['中断了本轮', '代理在无人答复前停止了它的钩子'],
    message: '给代理的消息',
    count: '1 个中断',
    history: '历史',
  },
} as const;

async function openIn(page: Page, locale: 'en' | 'zh-CN') {
  await page.addInitScript((chosen) => {
    localStorage.setItem('gatehouse.prefs', JSON.stringify({ theme: 'system', locale: chosen }));
  }, locale);
  await page.goto(gate.url);
}

for (const locale of ['en', 'zh-CN'] as const) {
  for (const [size, viewport] of Object.entries(LOOKS)) {
    for (const theme of ['light', 'dark'] as const) {
      test(`Esc in Codex withdraws its card at once and history says the turn was interrupted (${size}, ${theme}, ${locale})`, async ({
        page,
      }) => {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme: theme });
        await openIn(page, locale);
        const hook = gate.ask('Bash', { command: COMMAND, description: 'Write the report' }, { codex: true });
        const target = card(page, COMMAND);
        await expect(target).toBeVisible();
        const killed = Date.now();
        hook.kill('SIGKILL');
        const note = target.getByRole('status').filter({ hasText: SAID[locale].note });
        await expect(note).toBeVisible();
        // Well inside the 10 s a reconnecting client would get: a one-shot hook cannot come back.
        expect(Date.now() - killed).toBeLessThan(5_000);
        await expect(target.locator('.card__actions button:not([disabled])')).toHaveCount(0);
        await screenshot(page, `codex-interrupted-card-${size}-${theme}-${locale}`);
        await expect(target).toHaveCount(0);

        await page.getByRole('button', { name: SAID[locale].history, exact: true }).click();
        const session = page.locator('.session-row').first();
        await expect(session.locator('.session-row__counts')).toHaveText(SAID[locale].count);
        await session.click();
        const row = page.locator('.entry').filter({ hasText: 'touch' });
        await expect(row).toContainText(SAID[locale].outcome);
        await row.locator('.entry__head').click();
        const recorded = page.locator('.card--recorded');
        for (const text of SAID[locale].recorded) await expect(recorded).toContainText(text);
        // Nothing reached the agent: the card names no message to it.
        await expect(recorded).not.toContainText(SAID[locale].message);
        await screenshot(page, `codex-interrupted-history-${size}-${theme}-${locale}`);
        await expectAccessible(page, `an interrupted Codex turn in history (${size}, ${theme}, ${locale})`);
      });
    }
  }
}
