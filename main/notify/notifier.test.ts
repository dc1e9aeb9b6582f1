import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PermissionDecision, PermissionRequest } from '../../common/protocol';
import { committed } from '../../tests/support/committed';
import { createMemoryDecisionStore } from '../history/decision-store';
import { RaceRegistry } from '../registry/race-registry';
import { Notifier } from './notifier';
import type { NotifierOptions } from './notifier';
import { createFakeBackend, createManualSchedule } from './testing/fake-backend';

const agent = { name: 'claude-code' };
let registry: RaceRegistry;
let store: ReturnType<typeof createMemoryDecisionStore>;
let fake: ReturnType<typeof createFakeBackend>;
let clock: ReturnType<typeof createManualSchedule>;
let notifier: Notifier;
let delivered: PermissionDecision[];

function start(options: Partial<NotifierOptions> = {}) {
  notifier = new Notifier({
    source: registry,
    backend: { backend: fake.backend },
    schedule: clock.schedule,
    ...options,
  });
  return notifier;
}

function submit(id: string, input: Record<string, unknown> = { command: 'npm test' }, tool = 'Bash') {
  const request: PermissionRequest = {
    type: 'permission.request',
    id,
    sessionId: 's1',
    cwd: '/home/dev/gatehouse',
    tool,
    input,
    mode: 'default',
  };
  registry.submit(request, agent, (decision) => delivered.push(decision));
}

beforeEach(() => {
  store = createMemoryDecisionStore();
  registry = new RaceRegistry({
    store,
    defaultTimeoutMs: 600_000,
    timeoutAction: 'passthrough',
    disconnectGraceMs: 1_000,
    resumeGraceMs: 1_000,
  });
  fake = createFakeBackend();
  clock = createManualSchedule();
  delivered = [];
});

afterEach(() => {
  notifier.close();
  registry.close();
});

describe('one notification per request', () => {
  it('waits for the coalescing window, then shows Approve and Deny with the command in the body only', () => {
    start();
    submit('r1', { command: 'npm test -- --run' });
    expect(fake.shown).toHaveLength(0);
    clock.elapse();
    const [shown] = fake.onScreen();
    expect(fake.onScreen()).toHaveLength(1);
    expect(shown?.spec.buttons).toEqual(['approve', 'deny']);
    expect(shown?.spec.title).toBe('Claude Code asks to run a command');
    expect(shown?.spec.title).not.toContain('npm');
    expect(shown?.spec.body).toBe(
      'npm test -- --run\nin gatehouse, session s1 · Approve answers this request only',
    );
  });

  it('answers as the notification racer when Approve is pressed, on the notification channel', async () => {
    start();
    submit('r1');
    clock.elapse();
    fake.press(fake.onScreen()[0]!, 'approve');
    await committed();
    expect(delivered).toEqual([
      { type: 'permission.decision', id: 'r1', by: 'notification', behavior: 'allow' },
    ]);
    expect(store.records[0]).toMatchObject({ channel: 'notification' });
  });

  it('denies when Deny is pressed', async () => {
    start();
    submit('r1');
    clock.elapse();
    fake.press(fake.onScreen()[0]!, 'deny');
    await committed();
    expect(delivered).toEqual([
      { type: 'permission.decision', id: 'r1', by: 'notification', behavior: 'deny' },
    ]);
  });

  it('binds each notification to its own request, never to the first in the queue', async () => {
    start();
    submit('first');
    clock.elapse();
    submit('second', { command: 'npm run lint' });
    clock.elapse();
    const second = fake.onScreen().find((n) => n.spec.body.startsWith('npm run lint'))!;
    fake.press(second, 'approve');
    await committed();
    expect(delivered.map((d) => d.id)).toEqual(['second']);
    expect(registry.has('first')).toBe(true);
    expect(fake.onScreen()).toHaveLength(1);
  });

  it('opens the console on the body, naming the request, and leaves the request waiting', async () => {
    start();
    const opened = vi.fn();
    notifier.opened.subscribe(opened);
    submit('r1');
    clock.elapse();
    fake.press(fake.onScreen()[0]!, 'open');
    await committed();
    expect(opened).toHaveBeenCalledWith({ id: 'r1' });
    expect(registry.has('r1')).toBe(true);
  });

  it('is withdrawn when the request is decided elsewhere first', async () => {
    start();
    submit('r1');
    clock.elapse();
    const [shown] = fake.onScreen();
    registry.decide('r1', 'console', { behavior: 'deny' }, 'window');
    await committed();
    expect(shown?.open).toBe(false);
    expect(fake.onScreen()).toHaveLength(0);
  });

  it('shows nothing for a request decided before its window ended', async () => {
    start();
    submit('r1');
    registry.decide('r1', 'agent', { behavior: 'passthrough' });
    await committed();
    clock.elapse();
    expect(fake.shown).toHaveLength(0);
  });

  it('lets a press on a notification whose request was decided meanwhile change nothing', async () => {
    start();
    submit('r1');
    clock.elapse();
    const [shown] = fake.onScreen();
    registry.decide('r1', 'console', { behavior: 'deny' }, 'window');
    await committed();
    shown!.spec.onAction('approve');
    await committed();
    expect(delivered).toEqual([expect.objectContaining({ behavior: 'deny', by: 'console' })]);
  });
});

describe('safety', () => {
  it('offers Open only for destructive commands', () => {
    start();
    submit('r1', { command: 'rm -rf build' });
    clock.elapse();
    const [shown] = fake.onScreen();
    expect(shown?.spec.buttons).toEqual([]);
    expect(shown?.spec.body).toContain('needs a second look');
  });

  it('offers Open only for protected paths', () => {
    start();
    submit('r1', { file_path: '/home/dev/gatehouse/.git/config' }, 'Read');
    clock.elapse();
    expect(fake.onScreen()[0]?.spec.buttons).toEqual([]);
  });

  it('uses the predicate it is given instead of the default', () => {
    const needsSecondLook = vi.fn(() => true);
    start({ needsSecondLook });
    submit('r1', { command: 'ls' });
    clock.elapse();
    expect(needsSecondLook).toHaveBeenCalledWith(expect.objectContaining({ id: 'r1' }));
    expect(fake.onScreen()[0]?.spec.buttons).toEqual([]);
  });

  it('offers Open only when the body cannot show all of the command', () => {
    start();
    submit('r1', { command: `echo ${'x'.repeat(200)}` });
    clock.elapse();
    const [shown] = fake.onScreen();
    expect(shown?.spec.buttons).toEqual([]);
    expect(shown?.spec.body).toContain('…');
  });

  it('ignores a button the notification never offered', async () => {
    start();
    submit('r1', { command: 'sudo make install' });
    clock.elapse();
    fake.press(fake.onScreen()[0]!, 'approve');
    await committed();
    expect(delivered).toEqual([]);
    expect(registry.has('r1')).toBe(true);
  });
});

describe('bursts', () => {
  it('coalesces requests arriving within one window into one summary with Open only', async () => {
    start();
    const opened = vi.fn();
    notifier.opened.subscribe(opened);
    submit('a');
    submit('b');
    submit('c');
    clock.elapse();
    expect(fake.onScreen()).toHaveLength(1);
    const [summary] = fake.onScreen();
    expect(summary?.spec).toMatchObject({ title: '3 requests waiting', buttons: [] });
    expect(summary?.spec.body).toContain('Claude Code (3)');
    fake.press(summary!, 'open');
    await committed();
    expect(opened).toHaveBeenCalledWith({});
    expect(delivered).toEqual([]);
  });

  it('opens one window per quiet spell, so a steady stream still gets notified', () => {
    start();
    submit('a');
    expect(clock.pending).toBe(1);
    submit('b');
    expect(clock.pending).toBe(1);
  });

  it('folds a single notification still up into the summary of a later burst', () => {
    start();
    submit('a');
    clock.elapse();
    const [single] = fake.onScreen();
    submit('b');
    submit('c');
    clock.elapse();
    expect(single?.open).toBe(false);
    expect(fake.onScreen().map((n) => n.spec.title)).toEqual(['3 requests waiting']);
  });

  it('counts later requests into the summary that is up', () => {
    start();
    submit('a');
    submit('b');
    clock.elapse();
    submit('c');
    clock.elapse();
    expect(fake.onScreen().map((n) => n.spec.title)).toEqual(['3 requests waiting']);
  });

  it('shows the summary again with the lower count at the end of the window after a decision elsewhere', async () => {
    start();
    submit('a');
    submit('b');
    submit('c');
    clock.elapse();
    registry.decide('a', 'console', { behavior: 'allow' }, 'window');
    await committed();
    expect(fake.onScreen().map((n) => n.spec.title)).toEqual(['3 requests waiting']);
    clock.elapse();
    expect(fake.onScreen().map((n) => n.spec.title)).toEqual(['2 requests waiting']);
  });

  it('withdraws the summary at once when nothing it counts is waiting any more', async () => {
    start();
    submit('a');
    submit('b');
    clock.elapse();
    registry.decide('a', 'console', { behavior: 'allow' }, 'window');
    await committed();
    registry.decide('b', 'tray', { behavior: 'allow' }, 'tray');
    await committed();
    expect(fake.onScreen()).toHaveLength(0);
    clock.elapse();
    expect(fake.onScreen()).toHaveLength(0);
  });

  it('does not raise again a summary the person dismissed', async () => {
    start();
    submit('a');
    submit('b');
    submit('c');
    clock.elapse();
    fake.dismiss(fake.onScreen()[0]!);
    registry.decide('a', 'console', { behavior: 'allow' }, 'window');
    await committed();
    clock.elapse();
    expect(fake.onScreen()).toHaveLength(0);
  });
});

describe('do not disturb', () => {
  it('withdraws what is up and shows nothing while on; requests still queue', () => {
    start();
    const changed = vi.fn();
    notifier.doNotDisturbChanged.subscribe(changed);
    submit('a');
    clock.elapse();
    notifier.setDoNotDisturb(true);
    expect(notifier.doNotDisturb).toBe(true);
    expect(changed).toHaveBeenCalledWith(true);
    expect(fake.onScreen()).toHaveLength(0);
    submit('b');
    clock.elapse();
    expect(fake.onScreen()).toHaveLength(0);
    expect(registry.pending().map((v) => v.id)).toEqual(['a', 'b']);
  });

  it('announces the requests that arrived meanwhile and still wait when it ends', async () => {
    start();
    notifier.setDoNotDisturb(true);
    submit('a');
    submit('b');
    submit('c');
    registry.decide('c', 'console', { behavior: 'allow' }, 'window');
    await committed();
    notifier.setDoNotDisturb(false);
    clock.elapse();
    expect(fake.onScreen().map((n) => n.spec.title)).toEqual(['2 requests waiting']);
  });

  it('holds back a request whose window was still open when it began', () => {
    start();
    submit('a');
    notifier.setDoNotDisturb(true);
    clock.elapse();
    expect(fake.shown).toHaveLength(0);
    notifier.setDoNotDisturb(false);
    clock.elapse();
    expect(fake.onScreen()).toHaveLength(1);
  });
});

describe('when notifications cannot work', () => {
  it('says so once and shows nothing when there is no backend', () => {
    const onWarning = vi.fn();
    const fallback = 'Notifications are off: notify-send is not installed.';
    start({
      backend: { warning: { code: 'notify-send-missing', package: 'libnotify-bin', fallback } },
      onWarning,
    });
    submit('a');
    clock.elapse();
    expect(notifier.warning).toBe('Notifications are off: notify-send is not installed.');
    expect(onWarning).toHaveBeenCalledOnce();
    expect(registry.has('a')).toBe(true);
  });

  it('turns itself off with one warning when the backend fails, withdrawing the rest', () => {
    const onWarning = vi.fn();
    start({ onWarning });
    submit('a');
    clock.elapse();
    submit('b');
    clock.elapse();
    const [first, second] = fake.onScreen();
    fake.fail(first!, 'notify-send said "Cannot autolaunch D-Bus".');
    second!.spec.onFailure('again');
    expect(second?.open).toBe(false);
    expect(onWarning).toHaveBeenCalledExactlyOnceWith({
      code: 'notifications-failed',
      detail: 'notify-send said "Cannot autolaunch D-Bus".',
      fallback: 'Notifications are off until Gatehouse restarts: notify-send said "Cannot autolaunch D-Bus".',
    });
    submit('c');
    clock.elapse();
    expect(fake.shown).toHaveLength(2);
  });

  it('withdraws everything and stops listening when closed', () => {
    start();
    submit('a');
    clock.elapse();
    submit('b');
    notifier.close();
    expect(fake.onScreen()).toHaveLength(0);
    expect(clock.pending).toBe(0);
    submit('c');
    clock.elapse();
    expect(fake.shown).toHaveLength(1);
  });
});
