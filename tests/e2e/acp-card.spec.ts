/**
 * An ACP agent's question in the console through the real `gatehouse acp`: the built `gatehouse serve`,
 * the proxy in front of the tests' own tiny ACP agent, and the protocol's own client library as the
 * editor, which holds its question open. The card offers the agent's options by their own names; the one
 * clicked reaches the agent once, the editor is told to take its question down, and the answer the editor
 * gives after that is dropped. An edit and a terminal command read as the console's own diff and command,
 * with why it asked told truly: the agent asked its editor through ACP, no rule of the console's decided.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { client, methods, ndJsonStream } from '@agentclientprotocol/sdk';
import type { ClientConnection, SessionUpdate } from '@agentclientprotocol/sdk';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { CLI } from './console-process';
import { SIZES, card, expectAccessible, screenshot, startQueueConsole } from './queue-harness';
import { openInThisTab } from '../support/web-console-url';
import type { QueueConsole } from './queue-harness';

const AGENT = resolve('tests/support/acp-test-agent.mjs');

interface Editor {
  readonly sessionId: string;
  readonly updates: SessionUpdate[];
  /** Resolves when the editor's question is withdrawn (ACP's `$/cancel_request` aborts its handler). */
  readonly withdrawn: Promise<void>;
  /**
   * A person clicking in the editor on its latest question: after the console answered, the answer the
   * proxy must drop; before, the editor's own answer.
   */
  clickLate(optionId: string): void;
  /** The person stops the turn in the editor (ACP's `session/cancel`). */
  cancel(): Promise<void>;
  prompt(text: string): Promise<{ stopReason: string }>;
  /** What `gatehouse acp` and the agent behind it wrote to stderr; the agent logs each answer it gets. */
  stderr(): string;
  stop(): Promise<void>;
}

/** `gatehouse acp -- node acp-test-agent.mjs`, started as an editor starts it, with a session open. */
async function startEditor(gate: QueueConsole): Promise<Editor> {
  const child = spawn(process.execPath, [CLI, 'acp', '--', process.execPath, AGENT], {
    cwd: gate.project,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', GATEHOUSE_HOME: gate.home },
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((done) => child.once('close', () => done()));
  const updates: SessionUpdate[] = [];
  let withdraw!: () => void;
  const withdrawn = new Promise<void>((done) => (withdraw = done));
  let click: (optionId: string) => void = () => undefined;
  const connection: ClientConnection = client({ name: 'gatehouse-e2e-editor' })
    .onRequest(methods.client.session.requestPermission, ({ signal }) => {
      signal.addEventListener('abort', () => withdraw(), { once: true });
      return new Promise((done) => {
        click = (optionId) => done({ outcome: { outcome: 'selected', optionId } });
      });
    })
    .onNotification(methods.client.session.update, ({ params }) => void updates.push(params.update))
    .connect(
      ndJsonStream(Writable.toWeb(child.stdin), Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>),
    );
  await connection.agent.request(methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} });
  const { sessionId } = await connection.agent.request(methods.agent.session.new, {
    cwd: gate.project,
    mcpServers: [],
  });
  return {
    sessionId,
    updates,
    withdrawn,
    clickLate: (optionId) => click(optionId),
    cancel: () => connection.agent.notify(methods.agent.session.cancel, { sessionId }),
    prompt: (text) =>
      connection.agent.request(methods.agent.session.prompt, {
        sessionId,
        prompt: [{ type: 'text', text }],
      }),
    stderr: () => stderr,
    async stop() {
      child.stdin.end();
      await exited;
    },
  };
}

let gate: QueueConsole;
let editor: Editor | undefined;

test.beforeEach(async () => {
  gate = await startQueueConsole();
});

test.afterEach(async () => {
  await editor?.stop();
  editor = undefined;
  await gate.stop();
});

test('an ACP agent’s options on the card: the one clicked reaches the agent once', async ({ page }) => {
  await page.goto(gate.url);
  await expect(page.getByText('Nothing is waiting')).toBeVisible();
  const acp = await startEditor(gate);
  editor = acp;
  const turn = acp.prompt('ask');

  const question = card(page, 'touch made.txt');
  await expect(question).toBeVisible();
  await expect(page.locator('.session__agent')).toHaveText(['tiny-acp-agent']);
  // The agent's own options by their own names, and none of the answers an ACP agent cannot take.
  for (const name of ['Always Allow', 'Allow', 'Reject'])
    await expect(question.getByRole('button', { name, exact: true })).toHaveCount(1);
  for (const name of ['Allow once', 'Always allow…', 'Edit…', 'Deny with message…'])
    await expect(question.getByRole('button', { name, exact: true })).toHaveCount(0);

  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await expect(question.getByRole('button', { name: 'Always Allow', exact: true })).toBeVisible();
      await screenshot(page, `acp-card-${size}-${theme}`);
      await expectAccessible(page, `an ACP card (${size}, ${theme})`);
    }
  }
  await page.setViewportSize(SIZES.window);
  await page.emulateMedia({ colorScheme: 'light' });

  await question.getByRole('button', { name: 'Always Allow', exact: true }).click();
  await expect.poll(() => acp.stderr()).toMatch(/agent outcome: .*"optionId":"always"/);
  await acp.withdrawn;
  await expect
    .poll(() =>
      acp.updates.some(
        (update) => update.sessionUpdate === 'tool_call_update' && update.status === 'in_progress',
      ),
    )
    .toBe(true);
  await expect(question).toHaveCount(0);

  acp.clickLate('reject');
  expect((await turn).stopReason).toBe('end_turn');
  // A second turn: once it ends, the agent has read everything the editor sent before it.
  expect((await acp.prompt('nothing to ask')).stopReason).toBe('end_turn');
  const outcomes = acp.stderr().match(/^agent outcome: .*$/gm);
  expect(outcomes).toEqual(['agent outcome: {"outcome":"selected","optionId":"always"}']);
  expect(acp.stderr()).not.toMatch(/agent read: .*"optionId":"reject"/);
});

/** Every size and theme of a card: a screenshot to look at, and the page checked for accessibility. */
async function shootEverySize(page: Page, question: Locator, name: string) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await expect(question.getByRole('button', { name: 'Allow', exact: true })).toBeVisible();
      await screenshot(page, `${name}-${size}-${theme}`);
      await expectAccessible(page, `${name} (${size}, ${theme})`);
    }
  }
  await page.setViewportSize(SIZES.window);
  await page.emulateMedia({ colorScheme: 'light' });
}

/** What every ACP card says about why it asked, and what it must never say. */
async function expectAcpWhy(question: Locator, kind: string) {
  const why = question.getByRole('region', { name: 'Why it asked' });
  await question.getByText('Why it asked').first().scrollIntoViewIfNeeded();
  await expect(why).toContainText('tiny-acp-agent asked its editor through ACP.');
  await expect(why.locator('dt', { hasText: 'ACP kind' }).locator('+ dd')).toHaveText(kind);
  await expect(why).not.toContainText(/No rule matched|No content rule|Mode/);
}

test('an ACP edit reads as the console’s diff, and history shows it the same way', async ({ page }) => {
  await page.goto(gate.url);
  await expect(page.getByText('Nothing is waiting')).toBeVisible();
  const acp = await startEditor(gate);
  editor = acp;
  const turn = acp.prompt('ask-edit');

  const question = card(page, 'Edit src/server.ts');
  await expect(question).toBeVisible();
  const diff = question.getByRole('region', { name: /^Changes to .*server\.ts$/ });
  await expect(diff.locator('.diff__line--del')).toHaveText(['3−const port = 3000;']);
  await expect(diff.locator('.diff__line--add')).toHaveText(['3+const port = 8080;']);
  await expect(question.locator('.diff__path')).toHaveText('./src/server.ts');
  await expect(question.getByRole('list', { name: 'Files it names' })).toHaveText('./src/server.ts:3');
  await expect(question.locator('.risk')).toHaveText('Writes files');
  // A file's lines are not hidden text: the card holds no false alarm, and no second look.
  await expect(question).not.toContainText('invisible or direction-changing');
  await expect(question.getByText('Second look', { exact: true })).toHaveCount(0);
  await expectAcpWhy(question, 'edit');
  await expect(question.getByText('Read from the diff it carries.')).toBeVisible();
  // The call as sent is one click away, not the body.
  const raw = question.getByLabel('Tool input');
  await expect(raw).toBeHidden();
  await question.getByText('The call as the agent sent it').click();
  await expect(raw).toContainText('"old_string": "port = 3000"');
  await question.getByText('The call as the agent sent it').click();

  await shootEverySize(page, question, 'acp-edit');

  await question.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect.poll(() => acp.stderr()).toMatch(/agent outcome: .*"optionId":"reject"/);
  expect((await turn).stopReason).toBe('end_turn');

  await page.goto((await gate.newLink()).replace('/#', '/?view=history#'));
  await page.getByRole('region', { name: 'Sessions' }).locator('.session-row').first().click();
  const timeline = page.getByRole('region', { name: 'Timeline' });
  const entry = timeline.locator('.entry').first();
  // The entry's line says what the call edits, not its JSON.
  await expect(entry).toContainText('src/server.ts');
  await expect(entry).not.toContainText('"kind"');
  await entry.getByRole('button').click();
  const recorded = timeline.getByRole('article', { name: 'Recorded Edit src/server.ts request' });
  await expect(recorded.locator('.diff__path')).toHaveText('./src/server.ts');
  // The lines it changes, not the whole file before and after.
  await expect(recorded.locator('.diff__line--del')).toHaveText(['−const port = 3000;']);
  await expect(recorded.locator('.diff__line--add')).toHaveText(['+const port = 8080;']);
  await expect(recorded.getByLabel('Tool input')).toBeHidden();
  await screenshot(page, 'acp-edit-history');
});

test('an ACP terminal call reads as a command, its risk from the same Bash analysis', async ({ page }) => {
  await page.goto(gate.url);
  await expect(page.getByText('Nothing is waiting')).toBeVisible();
  const acp = await startEditor(gate);
  editor = acp;
  const turn = acp.prompt('ask-terminal');

  const question = card(page, 'npm test && rm -rf ../dist');
  await expect(question).toBeVisible();
  // The agent's Markdown title reads as plain text.
  await expect(question.locator('.card__tool')).toHaveText('npm test && rm -rf ../dist');
  await expect(question.getByLabel('Command', { exact: true })).toHaveText('npm test && rm -rf ../dist');
  await expect(question.getByTitle('What the agent says it does')).toHaveText(
    'Run the tests, then clear the build',
  );
  await expect(question.locator('.risk')).toHaveText('Destructive');
  await expect(question).toContainText('rm -rf ../dist');
  await expectAcpWhy(question, 'execute');
  await expect(
    question.getByText('Read from its command, by the same analysis as a Bash call.'),
  ).toBeVisible();
  await expect(question.getByLabel('Tool input')).toBeHidden();

  await shootEverySize(page, question, 'acp-terminal');

  // Destructive by the Bash analysis, so Allow asks for a second look first, as for Claude Code's Bash.
  await question.getByRole('button', { name: 'Allow', exact: true }).click();
  const confirm = question.getByRole('group', { name: 'Take a second look' });
  await expect(confirm.getByRole('listitem').first()).toHaveText(
    'rm -rf ../dist deletes files outside the project',
  );
  await confirm.getByRole('button', { name: 'Allow', exact: true }).click();
  await expect.poll(() => acp.stderr()).toMatch(/agent outcome: .*"optionId":"once"/);
  expect((await turn).stopReason).toBe('end_turn');
});

/** Where the card's header and each of its answers are drawn. */
async function layoutOf(question: Locator) {
  const boxes = [await question.locator('.card__header').boundingBox()];
  for (const button of await question.locator('.card__footer').getByRole('button').all())
    boxes.push(await button.boundingBox());
  return boxes;
}

/** 1440×900 is the window a person keeps open on a laptop; the tray's popover is SIZES.tray. */
const LOOKS = { tray: SIZES.tray, wide: { width: 1440, height: 900 } } as const;

for (const locale of ['en', 'zh-CN'] as const) {
  test(`hovering a card moves nothing under the pointer (${locale})`, async ({ page }) => {
    // A card with no deadline of the agent's own (an ACP card) says its timer is paused while it is open.
    await page.addInitScript((chosen) => {
      localStorage.setItem('gatehouse.prefs', JSON.stringify({ theme: 'system', locale: chosen }));
    }, locale);
    await page.goto(gate.url);
    const acp = await startEditor(gate);
    editor = acp;
    const turn = acp.prompt('ask');
    const question = card(page, 'touch made.txt');
    await expect(question.locator('.countdown')).toBeVisible();

    for (const [size, viewport] of Object.entries(LOOKS)) {
      await page.setViewportSize(viewport);
      await page.mouse.move(0, viewport.height - 1);
      await expect(question.locator('.countdown--held')).toHaveCount(0);
      const before = await layoutOf(question);
      await screenshot(page, `acp-card-unhovered-${size}-light-${locale}`);
      // The pointer on the card's title: the card is held, and its countdown says so.
      const title = await question.locator('.card__tool').boundingBox();
      await page.mouse.move(title!.x + 4, title!.y + 4);
      await expect(question.locator('.countdown--held')).toBeVisible();
      expect(await layoutOf(question), `the card at ${size}, hovered`).toEqual(before);
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        await screenshot(page, `acp-card-hovered-${size}-${theme}-${locale}`);
      }
      await page.emulateMedia({ colorScheme: 'light' });
    }

    await question.getByRole('button', { name: 'Reject', exact: true }).click();
    expect((await turn).stopReason).toBe('end_turn');
  });
}

/**
 * Each look of a screen the issue asks for, shot, and checked for accessibility unless the page's clock is
 * held still (axe waits on timers).
 */
async function shootEveryLook(page: Page, name: string, locale: string, ready: Locator, axe = true) {
  for (const [size, viewport] of Object.entries(LOOKS)) {
    await page.setViewportSize(viewport);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await ready.scrollIntoViewIfNeeded();
      await expect(ready).toBeVisible();
      await screenshot(page, `${name}-${size}-${theme}-${locale}`);
      if (axe) await expectAccessible(page, `${name} (${size}, ${theme}, ${locale})`);
    }
  }
  await page.setViewportSize(SIZES.window);
  await page.emulateMedia({ colorScheme: 'light' });
}

const SAID = {
  en: {
    chose: 'Allowed once in the editor (“Allow”)',
    cancelled: 'Turn cancelled in the editor: the call did not run',
    choseRow: 'Allowed once in the editor',
    cancelledRow: 'Turn cancelled in the editor',
    option: 'Option chosen',
  },
  'zh-CN': {
    chose: '在编辑器中允许一次（“Allow”）',
    cancelled: '在编辑器中取消了本轮：调用未运行',
    choseRow: '在编辑器中允许一次',
    cancelledRow: '在编辑器中取消了本轮',
    option: '所选选项',
  },
} as const;

for (const locale of ['en', 'zh-CN'] as const) {
  test(`the editor’s answer and a cancelled turn, said as they happened on the card and in history (${locale})`, async ({
    page,
  }) => {
    const said = SAID[locale];
    await page.addInitScript((chosen) => {
      localStorage.setItem('gatehouse.prefs', JSON.stringify({ theme: 'system', locale: chosen }));
    }, locale);
    // The page's clock, held still while a card leaves, so each look of it can be shot before it goes.
    await page.clock.install();
    await page.goto(gate.url);
    const acp = await startEditor(gate);
    editor = acp;

    const first = acp.prompt('ask');
    const answered = card(page, 'touch made.txt');
    await expect(answered.getByRole('button', { name: 'Allow', exact: true })).toBeVisible();
    await page.clock.pauseAt(Date.now() + 1_000);
    acp.clickLate('once');
    await expect(answered.getByRole('status')).toHaveText(said.chose);
    await shootEveryLook(page, 'acp-editor-answered', locale, answered.getByRole('status'), false);
    await page.clock.resume();
    await expect(answered).toHaveCount(0);
    expect((await first).stopReason).toBe('end_turn');

    const second = acp.prompt('ask');
    const cancelled = card(page, 'touch made.txt');
    await expect(cancelled.getByRole('button', { name: 'Allow', exact: true })).toBeVisible();
    await page.clock.pauseAt(Date.now() + 1_000);
    await acp.cancel();
    await expect(cancelled.getByRole('status')).toHaveText(said.cancelled);
    await shootEveryLook(page, 'acp-turn-cancelled', locale, cancelled.getByRole('status'), false);
    await page.clock.resume();
    expect((await second).stopReason).toBe('cancelled');

    await openInThisTab(page, (await gate.newLink()).replace('/#', '/?view=history#'));
    await page.locator('.session-row').first().click();
    const entries = page.locator('.entry');
    await expect(entries.locator('.outcome')).toHaveText([said.choseRow, said.cancelledRow]);
    await entries.first().locator('.entry__head').click();
    const recorded = entries.first().locator('.card--recorded');
    await expect(recorded.locator('dt', { hasText: said.option }).locator('+ dd')).toHaveText('Allow');
    await shootEveryLook(page, 'acp-history-editor-answers', locale, recorded);
  });
}
