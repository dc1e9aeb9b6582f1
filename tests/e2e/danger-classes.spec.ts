/**
 * Each class of danger from the person's side: a dangerous call of the class takes a second look on its
 * card, and the approve key alone does not allow it; only the confirm step does. The calls are the
 * corpus's representatives (tests/support/danger-classes.ts), sent through the real hook and console.
 */
import { expect, test } from '@playwright/test';
import { armCard, card, hookDecision, startQueueConsole } from './queue-harness';
import type { QueueConsole } from './queue-harness';
import { CONTROL_CALL, DANGER_CLASS_CALLS } from '../support/danger-classes';
import type { DangerCall } from '../support/danger-classes';

let gate: QueueConsole;

test.beforeEach(async () => {
  gate = await startQueueConsole();
});

test.afterEach(async () => {
  await gate.stop();
});

for (const call of [CONTROL_CALL, ...DANGER_CLASS_CALLS]) {
  const title =
    call === CONTROL_CALL
      ? `a download piped into a shell (the control, ${call.id})`
      : `${call.class} (${call.id})`;
  test(`${title}: a second look, and the approve key alone does not allow`, async ({ page }) => {
    await page.goto(gate.url);
    const hook = gate.ask('Bash', { command: call.command, description: 'Run it' });
    const target = card(page, shownPart(call));
    await expect(target.getByLabel('Command', { exact: true })).toHaveText(call.command);
    await expect(target.getByText('Second look', { exact: true })).toBeVisible();
    // The count of second-look cards appears above the queue and moves it: arm the card once it has.
    await expect(page.getByText(/a second look: show (it|the first)$/)).toBeVisible();
    await armCard(target);
    await page.keyboard.press('a');
    const confirm = target.getByRole('group', { name: 'Take a second look' });
    await expect(confirm.getByRole('button', { name: 'Allow anyway' })).toBeVisible();
    // A claim is final: had the key allowed, the deny below could not reach the hook.
    await target.getByRole('button', { name: 'Deny', exact: true }).click();
    expect(await hookDecision(hook)).toMatchObject({ behavior: 'deny' });
  });
}

/** A piece of the command the card shows on one line, to find the card by. */
function shownPart(call: DangerCall): string {
  return call.command.split('\n')[0]!.slice(0, 24);
}
