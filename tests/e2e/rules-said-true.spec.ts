/**
 * From the person's side: a call the agent's own rules allow is not explained by that allow
 * rule (the card says the rules allow it, that the agent asked anyway and what could explain it, and
 * suggests no rule), and a rule for a path outside the working directories is said to match but not to
 * answer, with adding the folder offered first.
 */
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { card, expectAccessible, hookDecision, screenshot, startQueueConsole } from './queue-harness';
import type { QueueConsole } from './queue-harness';
import { settingsPath, writeSettings } from './rules-harness';

let gate: QueueConsole;

test.beforeEach(async () => {
  gate = await startQueueConsole();
});

test.afterEach(async () => {
  await gate.stop();
});

/** A session whose transcript was created before `npm run lint` was allowed in the local settings. */
async function lateLintRule(): Promise<string> {
  const transcript = join(gate.project, 'session.jsonl');
  await writeFile(transcript, '');
  const local = settingsPath.local(gate);
  await writeSettings(local, { permissions: { allow: ['Bash(npm run lint)'] } });
  // An hour on, whatever the clock: the rule is plainly newer than the session.
  const later = new Date(Date.now() + 3_600_000);
  await utimes(local, later, later);
  return transcript;
}

/**
 * A command that writes beside the project, not in it: outside the session's working directories, where
 * Claude Code asks even when a Bash rule matches the command.
 */
async function outsideWrite() {
  const file = join(dirname(gate.project), 'notes', 'todo.md');
  await mkdir(dirname(file), { recursive: true });
  return { file, hook: gate.ask('Bash', { command: `touch ${file}`, description: 'Touch the list' }) };
}

test('a call the rules allow: the card says so, and why the agent may have asked anyway', async ({
  page,
}) => {
  const transcript = await lateLintRule();
  await page.goto(gate.url);
  gate.ask('Bash', { command: 'npm run lint', description: 'Lint' }, { transcript });
  const target = card(page, 'npm run lint');
  const why = target.locator('.why');
  await expect(why).toContainText('Your rules allow this call; Claude Code asked anyway.');
  await expect(why).toContainText('Allowed by Bash(npm run lint)');
  await expect(why).toContainText('.claude/settings.local.json');
  await expect(why).toContainText(/the rule’s file was saved at .+, after this session started at .+:/);
  await expect(why).toContainText('the session’s mode, default,');
  await expect(why).toContainText('a PreToolUse hook');
  await expect(why.locator('.why__headline')).not.toContainText('Allow Bash(npm run lint)');
  await expect(why).not.toContainText('Suggested rules');
  await expect(target.getByRole('button', { name: /^Bash\(npm run lint/ })).toHaveCount(0);
});

test('a rule for a path outside the working directories matches but cannot answer: add the folder first', async ({
  page,
}) => {
  await page.goto(gate.url);
  const { file, hook } = await outsideWrite();
  const folder = dirname(file);
  const target = card(page, 'touch ');
  await target.getByRole('button', { name: 'Always allow…' }).click();
  const standing = target.locator('.rule-standing');
  await expect(standing).toContainText('This rule matches, but cannot answer this request');
  await expect(standing).toContainText(`${file} is outside the session’s working directories`);
  await expect(standing).not.toContainText('does not match');
  await expect(
    standing.getByRole('button', { name: `Allow, and add ${folder} for this session` }),
  ).toBeVisible();

  await target.getByRole('button', { name: `Add ${folder}, save rule and allow` }).click();
  const decision = await hookDecision(hook);
  expect(decision).toMatchObject({
    behavior: 'allow',
    updatedPermissions: [
      { type: 'addDirectories', directories: [folder], destination: 'localSettings' },
      { type: 'addRules', behavior: 'allow', destination: 'localSettings' },
    ],
  });
});

const VIEWPORTS = { tray: { width: 420, height: 700 }, wide: { width: 1440, height: 900 } } as const;

async function inLocale(page: Page, locale: 'en' | 'zh-CN') {
  await page.addInitScript((chosen) => {
    localStorage.setItem('gatehouse.prefs', JSON.stringify({ theme: 'system', locale: chosen }));
  }, locale);
}

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  for (const theme of ['light', 'dark'] as const) {
    for (const locale of ['en', 'zh-CN'] as const) {
      test(`both cards as a person sees them (${size}, ${theme}, ${locale})`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme: theme });
        await inLocale(page, locale);
        const transcript = await lateLintRule();
        await page.goto(gate.url);
        gate.ask('Bash', { command: 'npm run lint', description: 'Lint' }, { transcript });
        const allowed = card(page, 'npm run lint').locator('.why__allowed');
        await expect(allowed).toContainText(locale === 'en' ? 'asked anyway' : '仍然询问了');
        await allowed.scrollIntoViewIfNeeded();
        await screenshot(page, `allowed-anyway-${size}-${theme}-${locale}`);

        await outsideWrite();
        const target = card(page, 'touch ');
        if (size === 'tray')
          await target.getByRole('button', { name: locale === 'en' ? 'More' : '更多' }).click();
        await target.getByRole('button', { name: locale === 'en' ? 'Always allow…' : '始终允许…' }).click();
        const standing = target.locator('.rule-standing');
        await expect(standing).toContainText(locale === 'en' ? 'cannot answer' : '回答不了');
        await standing.scrollIntoViewIfNeeded();
        await screenshot(page, `outside-rule-${size}-${theme}-${locale}`);
        await expectAccessible(page, `rules said true (${size}, ${theme}, ${locale})`);
      });
    }
  }
}
