/**
 * docs/security.md, section 5, as the person sees it in real Chromium: Edit cards for /dev/zero and a FIFO
 * get no diff, the card says in one sentence why, still shows what the call would write, and can be answered;
 * the console stays responsive for the next card.
 */
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { card, hookDecision, startQueueConsole } from './queue-harness';
import type { QueueConsole } from './queue-harness';

let gate: QueueConsole;

test.afterEach(async () => {
  await gate.stop();
});

const NOT_REGULAR =
  'No diff: this path is not a regular file (a device, a pipe or a folder), so the console does not read it.';

test('an Edit of /dev/zero or of a FIFO says why there is no diff, and the next card still diffs', async ({
  page,
}) => {
  gate = await startQueueConsole();
  const fifo = join(gate.project, 'pipe');
  execFileSync('mkfifo', [fifo]);
  await page.goto(gate.url);
  await expect(page.getByText('Nothing is waiting')).toBeVisible();

  const zero = gate.ask('Edit', { file_path: '/dev/zero', old_string: 'a', new_string: 'ZERO-EDIT' });
  const piped = gate.ask('Edit', { file_path: fifo, old_string: 'a', new_string: 'FIFO-EDIT' });
  for (const [marker, hook] of [
    ['ZERO-EDIT', zero],
    ['FIFO-EDIT', piped],
  ] as const) {
    const target = card(page, marker);
    await expect(target.locator('.diff__note')).toHaveText(NOT_REGULAR);
    // What the call would write is still there to read before answering.
    await expect(target.locator('.diff')).toContainText(marker);
    await target.getByRole('button', { name: 'Allow once' }).click();
    expect(await hookDecision(hook)).toEqual({ behavior: 'allow' });
  }

  const file = join(gate.project, 'after.ts');
  await writeFile(file, 'const a = 1;\n');
  gate.ask('Edit', { file_path: file, old_string: 'const a = 1;', new_string: 'const a = 2;' });
  await expect(card(page, './after.ts').locator('.diff__stats')).toHaveText('+1−1');
});
