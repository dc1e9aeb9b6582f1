/**
 * Main's refusals and warnings read in the console's language. The real `gatehouse serve`
 * starts over a broken settings.json, and a project whose `.claude` folder is a symbolic link, so the rule
 * editor refuses to save into it; the Chinese console words both in Chinese, naming the file and the folder,
 * with none of main's English. A rule typed wrong in the editor gets the engine's error in Chinese too, and
 * its one-click fix still lands in the field. Looked at in screenshots at both sizes, light and dark.
 */
import { mkdir, readFile, rename, symlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { screenshot, SIZES, startQueueConsole } from './queue-harness';
import type { QueueConsole } from './queue-harness';
import { rulesUrl, settingsPath } from './rules-harness';

const BROKEN_SETTINGS = '{"history": {"retentionDays": 30}';

let gate: QueueConsole;
let linked: string;

test.beforeEach(async () => {
  gate = await startQueueConsole({
    consoleSettings: BROKEN_SETTINGS,
    // The project's settings folder is a link to a folder elsewhere: the editor will not write through it.
    prepare: async (home) => {
      const project = join(dirname(home), 'shop');
      linked = join(dirname(home), 'dotfiles-claude');
      await mkdir(dirname(linked), { recursive: true });
      await rename(join(project, '.claude'), linked);
      await symlink(linked, join(project, '.claude'));
    },
  });
});

test.afterEach(async () => {
  await gate.stop();
});

async function openRulesInChinese(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem('gatehouse.prefs', JSON.stringify({ theme: 'system', locale: 'zh-CN' }));
  });
  await page.goto(rulesUrl(gate.url, gate.project));
  await expect(page.locator('.rule-row').first()).toBeVisible();
}

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`a broken settings.json and a refused rule save read in Chinese (${size})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openRulesInChinese(page);
    const settingsFile = join(gate.home, 'settings.json');

    const banner = page.getByRole('region', { name: '控制台警告' });
    await expect(banner).toContainText(`${settingsFile} 不是有效的 JSON（`);
    await expect(banner).toContainText('修好之前，Gatehouse 使用默认设置。');
    await expect(banner).not.toContainText('using the defaults');
    // V8's own English complaint about the text stays out of the Chinese sentence.
    await expect(banner).not.toContainText(/Expected|JSON at|property/);

    const before = await readFile(settingsPath.project(gate), 'utf8');
    const add = page.getByRole('form', { name: '添加规则' });
    await add.getByLabel('规则', { exact: true }).fill('Bash(npm run lint)');
    await add.getByRole('button', { name: '添加规则' }).click();
    const refused = page.locator('.rules-error');
    await expect(refused).toHaveText(
      `设置文件夹 ${dirname(settingsPath.project(gate))} 是一个符号链接；Gatehouse 只把项目规则写进项目里真实的文件夹，因为链接可能通向你自己的或别的项目的设置。`,
    );
    await expect(refused).not.toContainText('symbolic link');
    expect(await readFile(join(linked, 'settings.json'), 'utf8')).toBe(before);

    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await banner.scrollIntoViewIfNeeded();
      await screenshot(page, `main-words-${size}-${theme}-banner`);
      await refused.scrollIntoViewIfNeeded();
      await screenshot(page, `main-words-${size}-${theme}-refused`);
    }
  });
}

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`a rule typed wrong gets the engine's error in Chinese, and its fix (${size})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openRulesInChinese(page);
    const add = page.getByRole('form', { name: '添加规则' });
    const field = add.getByLabel('规则', { exact: true });
    const error = add.locator('.rule-check--error');

    await field.fill('bash(ls)');
    await expect(error).toHaveText(
      '规则无效 bash 不是 Claude Code 接受的工具名：工具名以大写字母开头。 改用 Bash(ls)',
    );
    await expect(error).not.toContainText('is not a tool name');
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await error.scrollIntoViewIfNeeded();
      await screenshot(page, `main-words-${size}-${theme}-rule-error`);
    }
    await add.getByRole('button', { name: '改用 Bash(ls)' }).click();
    await expect(field).toHaveValue('Bash(ls)');
    await expect(error).toHaveCount(0);

    await field.fill('WebFetch(pytorch.org)');
    await expect(error).toContainText(
      'WebFetch(pytorch.org) 不是有效的 WebFetch 规则：请写成 WebFetch(domain:example.com)。',
    );
    await expect(error).not.toContainText('is not a valid');
    await add.getByRole('button', { name: '改用 WebFetch(domain:pytorch.org)' }).click();
    await expect(field).toHaveValue('WebFetch(domain:pytorch.org)');
    await expect(error).toHaveCount(0);
  });
}
