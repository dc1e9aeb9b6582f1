/**
 * The rule editor's end-to-end helpers, over the queue's harness: the web console opened on the rules view
 * for the harness's project, and the settings files as the test reads and writes them.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import type { QueueConsole } from './queue-harness';

/** `link` opening the rules view for `cwd`: each link opens the console once, so pass an unused one. */
export function rulesUrl(link: string, cwd: string): string {
  const [base, hash] = link.split('#');
  return `${base}?view=rules&cwd=${encodeURIComponent(cwd)}#${hash}`;
}

/** Opens the rules view on a new link, so it works whether or not the test already opened the console. */
export async function openRules(page: Page, gate: QueueConsole): Promise<void> {
  await page.goto(rulesUrl(await gate.newLink(), gate.project));
  await expect(page.locator('.rule-row').first()).toBeVisible();
}

export const settingsPath = {
  project: (gate: QueueConsole) => join(gate.project, '.claude', 'settings.json'),
  local: (gate: QueueConsole) => join(gate.project, '.claude', 'settings.local.json'),
  /** The harness gives the console a HOME of its own beside the project. */
  user: (gate: QueueConsole) => join(dirname(gate.project), 'user', '.claude', 'settings.json'),
};

export async function readPermissions(path: string): Promise<Record<string, string[]>> {
  return (JSON.parse(await readFile(path, 'utf8')) as { permissions: Record<string, string[]> }).permissions;
}

export async function writeSettings(path: string, value: unknown): Promise<void> {
  await writeFile(path, JSON.stringify(value, null, 2));
}

export function ruleRow(page: Page, text: string): Locator {
  return page.locator(`.rule-row[data-rule="${text.replace(/"/g, '\\"')}"]`);
}
