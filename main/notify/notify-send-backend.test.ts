import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationAction, NotificationSpec } from './notification-backend';
import { chooseNotifySend, createNotifySendBackend, escapeMarkup } from './notify-send-backend';

const FAKE = join(import.meta.dirname, 'testing', 'fake-notify-send.mjs');
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gatehouse-notify-send-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

type Outcome =
  { kind: 'action'; action: NotificationAction } | { kind: 'closed' } | { kind: 'failure'; reason: string };

function show(mode: string, extra: Record<string, string> = {}, spec: Partial<NotificationSpec> = {}) {
  const backend = createNotifySendBackend({
    program: FAKE,
    env: { ...process.env, FAKE_DIR: dir, FAKE_MODE: mode, ...extra },
  });
  let report: (outcome: Outcome) => void = () => undefined;
  const outcome = new Promise<Outcome>((resolve) => (report = resolve));
  const handle = backend.show({
    title: 'claude-code asks to run a command',
    body: 'npm test',
    buttons: ['approve', 'deny'],
    onAction: (action) => report({ kind: 'action', action }),
    onClosed: () => report({ kind: 'closed' }),
    onFailure: (reason) => report({ kind: 'failure', reason }),
    ...spec,
  });
  return { backend, handle, outcome };
}

/** The stand-in writes this file once it waits, after its SIGINT handler is in place. */
async function untilWaiting(): Promise<void> {
  while (!readdirSync(dir).some((name) => name.startsWith('ready-'))) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function recordedArgs(): string[] {
  const file = readdirSync(dir).find((name) => name.startsWith('args-'));
  return JSON.parse(readFileSync(join(dir, file!), 'utf8'));
}

describe('the notify-send backend', () => {
  it('asks for Approve, Deny and Open, waits, and never lets the title or body be read as options', async () => {
    const { outcome } = show(
      'answer',
      { FAKE_ANSWER: 'approve' },
      { title: '-x title', body: 'echo a\\nb <b>&' },
    );
    expect(await outcome).toEqual({ kind: 'action', action: 'approve' });
    expect(recordedArgs()).toEqual([
      '--app-name=Gatehouse',
      '--urgency=normal',
      '--expire-time=0',
      '--action=approve=Approve',
      '--action=deny=Deny',
      '--action=default=Open',
      '--wait',
      '--',
      '-x title',
      'echo a\\\\nb &lt;b&gt;&amp;',
    ]);
  });

  it('asks for Open alone when the notification has no buttons', async () => {
    const { outcome } = show('answer', { FAKE_ANSWER: 'default' }, { buttons: [] });
    expect(await outcome).toEqual({ kind: 'action', action: 'open' });
    expect(recordedArgs().filter((arg) => arg.startsWith('--action'))).toEqual(['--action=default=Open']);
  });

  it('reports a notification that closed without an action', async () => {
    expect(await show('dismiss').outcome).toEqual({ kind: 'closed' });
  });

  it('withdraws a notification with SIGINT, which notify-send answers by closing it', async () => {
    const { backend, handle, outcome } = show('wait');
    await untilWaiting();
    backend.close(handle);
    expect(await outcome).toEqual({ kind: 'closed' });
    backend.close(handle);
  });

  it('treats anything on stderr as a failure and ends the process, which may otherwise wait forever', async () => {
    const { outcome } = show('no-bus');
    expect(await outcome).toEqual({
      kind: 'failure',
      reason: 'notify-send said "Cannot autolaunch D-Bus without X11 $DISPLAY".',
    });
  });

  it('reports an exit status other than 0 as a failure', async () => {
    expect(await show('crash').outcome).toEqual({ kind: 'failure', reason: 'notify-send exited with 3.' });
  });

  it('reports a program that cannot run as a failure', async () => {
    const backend = createNotifySendBackend({ program: join(dir, 'missing') });
    const reason = await new Promise<string>((resolve) =>
      backend.show({
        title: 't',
        body: 'b',
        buttons: [],
        onAction: () => undefined,
        onClosed: () => undefined,
        onFailure: resolve,
      }),
    );
    expect(reason).toMatch(/^notify-send could not run \(.*ENOENT.*\)\.$/);
  });
});

describe('choosing notify-send', () => {
  it('takes libnotify 0.8 and later', async () => {
    const choice = await chooseNotifySend({
      program: FAKE,
      env: { ...process.env, FAKE_VERSION: 'notify-send 0.8.1' },
    });
    expect(choice.backend).toBeDefined();
  });

  it('turns notifications off, naming the package, when notify-send is missing', async () => {
    const choice = await chooseNotifySend({ program: join(dir, 'notify-send') });
    expect(choice.warning).toEqual({
      code: 'notify-send-missing',
      package: 'libnotify-bin',
      fallback:
        'Notifications are off: notify-send is not installed (the Debian/Ubuntu package libnotify-bin).',
    });
  });

  it('turns notifications off when notify-send is older than 0.8', async () => {
    const choice = await chooseNotifySend({
      program: FAKE,
      env: { ...process.env, FAKE_VERSION: 'notify-send 0.7.9' },
    });
    expect(choice.warning).toMatchObject({
      code: 'notify-send-old',
      version: '0.7',
      package: 'libnotify-bin',
    });
    expect(choice.warning?.fallback).toMatch(/^Notifications are off: notify-send 0\.7 is older than 0\.8/);
  });
});

describe('escapeMarkup', () => {
  it('escapes what the daemon would read as markup', () => {
    expect(escapeMarkup('<a href="x">&</a>')).toBe('&lt;a href="x"&gt;&amp;&lt;/a&gt;');
  });
});
