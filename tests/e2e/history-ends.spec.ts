/**
 * The sessions list as a person sees it: each session says whether it runs or how it ended
 * (the agent's word, its connection's close, idleness), in both languages, at tray and wide window sizes.
 */
import { expect, test } from '@playwright/test';
import { fillHistory } from './history-fixture';
import { expectAccessible, screenshot, startQueueConsole } from './queue-harness';
import type { QueueConsole } from './queue-harness';

let gate: QueueConsole;

test.beforeEach(async () => {
  gate = await startQueueConsole({ prepare: (home) => fillHistory(home) });
});

test.afterEach(async () => {
  await gate.stop();
});

const VIEWPORTS = { tray: { width: 420, height: 700 }, wide: { width: 1440, height: 900 } } as const;
const SAID = {
  en: ['running', 'ended by the agent', 'ended: disconnected', 'ended: idle'],
  'zh-CN': ['进行中', '已由代理结束', '已结束：连接断开', '已结束：闲置'],
} as const;

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  for (const theme of ['light', 'dark'] as const) {
    for (const locale of ['en', 'zh-CN'] as const) {
      test(`sessions say how they ended (${size}, ${theme}, ${locale})`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme: theme });
        await page.addInitScript((chosen) => {
          localStorage.setItem('gatehouse.prefs', JSON.stringify({ theme: 'system', locale: chosen }));
        }, locale);
        await page.goto(gate.url.replace('/#', '/?view=history#'));
        const states = page.locator('.session-row__state');
        for (const [row, text] of SAID[locale].entries()) await expect(states.nth(row)).toHaveText(text);
        await screenshot(page, `history-ends-${size}-${theme}-${locale}`);
        await expectAccessible(page, `sessions say how they ended (${size}, ${theme}, ${locale})`);
      });
    }
  }
}
