/**
 * Notifications against a real daemon: dunst under Xvfb on a private D-Bus session, a real console core
 * with the notify-send backend, and a real bridge client as the agent. See dunst-session.ts for the setup.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectBridge } from '../../client/sdk/bridge-client';
import type { BridgeClient, PermissionCall } from '../../client/sdk/bridge-client';
import { startTestCore } from '../support/test-core';
import type { ConsoleCore } from '../../main/core/console-core';
import { createNotifySendBackend } from '../../main/notify/notify-send-backend';
import { makeTempDir } from '../support/temp-dir';
import { CONTROL_CALL, DANGER_CLASS_CALLS } from '../support/danger-classes';
import { startDunstSession, waitFor } from './dunst-session';
import type { DunstSession } from './dunst-session';

let session: DunstSession;
let home: Awaited<ReturnType<typeof makeTempDir>>;
let core: ConsoleCore;
let clients: BridgeClient[] = [];

beforeAll(async () => {
  session = await startDunstSession();
  home = await makeTempDir();
  core = await startTestCore({
    home: join(home.path, 'gatehouse'),
    userHome: join(home.path, 'user'),
    policyFile: join(home.path, 'no-managed-settings.json'),
    port: 0,
    timeoutMs: 120_000,
    timeoutAction: 'passthrough',
    // Wide enough that three requests sent at once always share a window, even on a slow machine.
    notifications: { backend: createNotifySendBackend({ env: session.env }), coalesceMs: 1_000 },
  });
}, 30_000);

afterEach(async () => {
  for (const client of clients) await client.close();
  clients = [];
  await waitFor(
    async () => (await session.displayed()) === 0,
    'every notification to be gone after the test',
  );
});

afterAll(async () => {
  await core?.close();
  await session?.stop();
  await home?.remove();
});

async function agent(name: string): Promise<BridgeClient> {
  const { token } = JSON.parse(await readFile(core.discoveryPath, 'utf8')) as { token: string };
  const client = await connectBridge(
    { url: `ws://127.0.0.1:${core.port}/bridge`, token, source: 'environment' },
    { agent: { name } },
  );
  clients.push(client);
  return client;
}

const bash = (id: string, command: string): PermissionCall => ({
  id,
  sessionId: `${id}-session`,
  cwd: '/home/dev/shop',
  tool: 'Bash',
  input: { command },
});

/** dunst's own notification ids differ from run to run. */
const withoutId = (line: string) => line.replace(/ \[\d+,/, ' [<id>,');

const displayedCount = (count: number) => async () => (await session.displayed()) === count;

// Each test waits for real processes (notify-send, dunst, dmenu); a slow machine gets room, not flakes.
describe('notifications through dunst', { timeout: 20_000 }, () => {
  it('raises one notification per request with Approve, Deny and Open, the command in the body only', async () => {
    const client = await agent('raiser');
    const decision = client.requestPermission(bash('raise-1', 'npm test'));
    await waitFor(displayedCount(1), 'the notification to appear');

    const title = 'raiser asks to run a command';
    const menu = await session.contextMenu([`(${title})`, ',deny]']);
    expect(menu.map(withoutId)).toEqual([
      `#Open (${title}) [<id>,default]`,
      `#Approve (${title}) [<id>,approve]`,
      `#Deny (${title}) [<id>,deny]`,
    ]);
    expect(await decision).toMatchObject({ id: 'raise-1', behavior: 'deny', by: 'notification' });
    await waitFor(displayedCount(0), 'the answered notification to close');
    const [closed] = await session.history();
    expect(closed).toMatchObject({
      appname: 'Gatehouse',
      summary: title,
      body: 'npm test\nin shop, session raise-1- · Approve answers this request only',
    });
  });

  it('delivers Approve pressed on the notification to the agent as the decision', async () => {
    const client = await agent('approver');
    const decision = client.requestPermission(bash('approve-1', 'npm run build'));
    await waitFor(displayedCount(1), 'the notification to appear');

    await session.contextMenu(['(approver asks to run a command)', ',approve]']);
    expect(await decision).toEqual({
      type: 'permission.decision',
      id: 'approve-1',
      behavior: 'allow',
      by: 'notification',
    });
    expect(core.registry.has('approve-1')).toBe(false);
  });

  it('withdraws the notification when the request is decided in the console first', async () => {
    const client = await agent('withdrawn');
    const decision = client.requestPermission(bash('withdraw-1', 'npm run lint'));
    await waitFor(displayedCount(1), 'the notification to appear');

    expect(core.registry.decide('withdraw-1', 'console', { behavior: 'allow' }, 'window')).toEqual({
      won: true,
    });
    expect(await decision).toMatchObject({ behavior: 'allow', by: 'console' });
    await waitFor(displayedCount(0), 'the notification to be withdrawn');
    const history = await session.history();
    expect(history[0]).toMatchObject({ summary: 'withdrawn asks to run a command' });
  });

  it('offers Open only for a dangerous command, and Open names the request without answering it', async () => {
    const opened: Array<{ id?: string }> = [];
    const stop = core.notifier!.opened.subscribe((event) => opened.push(event));
    const client = await agent('danger');
    const decision = client.requestPermission(bash('danger-1', 'rm -rf ../build'));
    await waitFor(displayedCount(1), 'the notification to appear');

    const menu = await session.contextMenu(['(danger asks to run a command)', ',default]']);
    expect(menu.map(withoutId)).toEqual(['#Open (danger asks to run a command) [<id>,default]']);
    await waitFor(() => opened.length === 1, 'Open to reach the console');
    expect(opened).toEqual([{ id: 'danger-1' }]);
    expect(core.registry.has('danger-1')).toBe(true);
    stop();

    core.registry.decide('danger-1', 'console', { behavior: 'deny' }, 'window');
    expect(await decision).toMatchObject({ behavior: 'deny', by: 'console' });
  });

  it.each([CONTROL_CALL, ...DANGER_CLASS_CALLS].map((each) => [each.class, each.id, each.command]))(
    'offers only Open for a %s call (%s)',
    async (_, id, command) => {
      const title = `class-${id} asks to run a command`;
      const client = await agent(`class-${id}`);
      const decision = client.requestPermission(bash(id, command));
      await waitFor(displayedCount(1), 'the notification to appear');

      // dunst's menu also lists the URLs it finds in the body: only its '#' lines are actions.
      const actions = (await session.contextMenu([`(${title})`, ',default]'])).filter((line) =>
        line.startsWith('#'),
      );
      // Answered before the check, so a call wrongly offered Approve leaves no request behind it.
      core.registry.decide(id, 'console', { behavior: 'deny' }, 'window');
      expect(await decision).toMatchObject({ behavior: 'deny', by: 'console' });
      expect(actions.map(withoutId)).toEqual([`#Open (${title}) [<id>,default]`]);
    },
  );

  it('words a classifier’s refusal as its card does, and Allow retry lets the retried call through once', async () => {
    const client = await agent('refused');
    const refusal: PermissionCall = {
      ...bash('refusal-1', 'npm run deploy'),
      // As the PermissionDenied hook asks: the card waits a minute, then the refusal stands.
      timeoutMs: 60_000,
      provenance: { type: 'classifier-refusal', source: 'classifier', message: 'Deploys to production' },
    };
    const decision = client.requestPermission(refusal);
    await waitFor(displayedCount(1), 'the notification to appear');

    const title = 'refused’s classifier refused a call to run a command';
    const menu = await session.contextMenu([`(${title})`, ',approve]']);
    expect(menu.map(withoutId)).toEqual([
      `#Open (${title}) [<id>,default]`,
      `#Allow retry (${title}) [<id>,approve]`,
      `#Leave refused (${title}) [<id>,deny]`,
    ]);
    expect(await decision).toMatchObject({ id: 'refusal-1', behavior: 'allow', by: 'notification' });
    await waitFor(displayedCount(0), 'the answered notification to close');
    const [closed] = await session.history();
    expect(closed).toMatchObject({ summary: title });
    expect(closed!.body).toMatch(
      /^npm run deploy\nThe classifier’s reason: Deploys to production\nin shop, session refusal- · the refusal stands in \d:\d\d · Allow retry lets refused try this exact call once more$/,
    );

    // The allow is the card's: the agent's retry of that exact call is let through once, by no one's hand.
    const { provenance: _refusal, ...retried } = refusal;
    expect(await client.requestPermission({ ...retried, id: 'refusal-1-retry' })).toMatchObject({
      behavior: 'allow',
      by: 'grant',
    });
  });

  it('leaves a refusal standing when Leave refused is pressed, and grants no retry', async () => {
    const client = await agent('kept');
    const refusal: PermissionCall = {
      ...bash('kept-1', 'npm run deploy'),
      provenance: { type: 'classifier-refusal', source: 'classifier', message: 'Deploys to production' },
    };
    const decision = client.requestPermission(refusal);
    await waitFor(displayedCount(1), 'the notification to appear');
    await session.contextMenu(['(kept’s classifier refused a call to run a command)', ',deny]']);
    expect(await decision).toMatchObject({ id: 'kept-1', behavior: 'deny', by: 'notification' });

    const { provenance: _refusal, ...retried } = refusal;
    const retry = client.requestPermission({ ...retried, id: 'kept-1-retry' });
    await waitFor(() => core.registry.has('kept-1-retry'), 'the retried call to wait for a person');
    await waitFor(displayedCount(1), 'the retried call’s own notification');
    await session.contextMenu(['(kept asks to run a command)', ',deny]']);
    expect(await retry).toMatchObject({ behavior: 'deny', by: 'notification' });
  });

  it('coalesces a burst into one summary that only opens the console', async () => {
    const client = await agent('burst');
    const decisions = ['burst-1', 'burst-2', 'burst-3'].map((id) =>
      client.requestPermission(bash(id, `echo ${id}`)),
    );
    await waitFor(displayedCount(1), 'the summary to appear');

    const menu = await session.contextMenu();
    expect(menu.map(withoutId)).toEqual(['#Open (3 requests waiting) [<id>,default]']);
    for (const id of ['burst-1', 'burst-2', 'burst-3']) {
      core.registry.decide(id, 'console', { behavior: 'allow' }, 'window');
    }
    expect((await Promise.all(decisions)).map((d) => d.by)).toEqual(['console', 'console', 'console']);
    await waitFor(displayedCount(0), 'the summary to be withdrawn');
  });
});
