import { describe, expect, it, vi } from 'vitest';
import type { NodeNotifier, NotifyCallback } from 'node-notifier';
import type { NotificationSpec } from './notification-backend';
import { actionFrom, chooseNodeNotifier, createNodeNotifierBackend } from './node-notifier-backend';

function fakeNotifier() {
  const calls: Array<{ options: Record<string, unknown>; callback: NotifyCallback | undefined }> = [];
  const notifier: NodeNotifier = {
    notify: vi.fn((options: Record<string, unknown>, callback?: NotifyCallback) => {
      calls.push({ options, callback });
    }),
  };
  return { notifier, calls };
}

const spec = (overrides: Partial<NotificationSpec> = {}): NotificationSpec => ({
  title: 'claude-code asks to run a command',
  body: 'npm test',
  buttons: ['approve', 'deny'],
  onAction: vi.fn(),
  onClosed: vi.fn(),
  onFailure: vi.fn(),
  ...overrides,
});

describe('node-notifier results', () => {
  it.each([
    ['macOS button', 'activate', { activationType: 'actionClicked', activationValue: 'Approve' }, 'approve'],
    ['macOS body', 'activate', { activationType: 'contentsClicked' }, 'open'],
    ['Windows button', 'deny', { activationType: 'deny' }, 'deny'],
    ['Windows body', 'activate', {}, 'open'],
    ['dismissed', 'dismissed', {}, undefined],
    ['timed out', 'timeout', {}, undefined],
  ])('%s', (_, response, metadata, action) => expect(actionFrom(response, metadata)).toBe(action));

  const refusal = { approve: 'Allow retry', deny: 'Leave refused' };
  it.each([
    [
      'macOS button',
      'activate',
      { activationType: 'actionClicked', activationValue: 'Allow retry' },
      'approve',
    ],
    ['Windows button', 'leave refused', { activationType: 'leave refused' }, 'deny'],
    ['Windows button with the default words', 'approve', { activationType: 'approve' }, undefined],
  ])('reads a refusal card’s %s by the words it was shown with', (_, response, metadata, action) =>
    expect(actionFrom(response, metadata, refusal)).toBe(action),
  );
});

describe('the node-notifier backend', () => {
  it('shows buttons and waits, with an id to remove it by, on macOS', () => {
    const { notifier, calls } = fakeNotifier();
    createNodeNotifierBackend(notifier, 'darwin').show(spec());
    expect(calls[0]?.options).toMatchObject({
      title: 'claude-code asks to run a command',
      message: 'npm test',
      actions: ['Approve', 'Deny'],
      wait: true,
      group: expect.stringMatching(/^gatehouse-\d+-1$/),
    });
  });

  it('shows no buttons for an Open-only notification', () => {
    const { notifier, calls } = fakeNotifier();
    createNodeNotifierBackend(notifier, 'win32').show(spec({ buttons: [] }));
    expect(calls[0]?.options).not.toHaveProperty('actions');
    expect(calls[0]?.options).toMatchObject({ id: 1 });
  });

  it('reports the pressed button, a dismissal, and a failure', () => {
    const { notifier, calls } = fakeNotifier();
    const backend = createNodeNotifierBackend(notifier, 'win32');
    const pressed = spec();
    const dismissed = spec();
    const failed = spec();
    backend.show(pressed);
    backend.show(dismissed);
    backend.show(failed);
    calls[0]?.callback?.(null, 'approve', { activationType: 'approve' });
    calls[1]?.callback?.(null, 'dismissed', {});
    calls[2]?.callback?.(new Error('SnoreToast is missing'));
    expect(pressed.onAction).toHaveBeenCalledWith('approve');
    expect(dismissed.onClosed).toHaveBeenCalled();
    expect(failed.onFailure).toHaveBeenCalledWith('node-notifier failed (SnoreToast is missing).');
  });

  it('shows a refusal card’s own words and reads its pressed button back by them', () => {
    const { notifier, calls } = fakeNotifier();
    const shown = spec({ labels: { approve: 'Allow retry', deny: 'Leave refused' } });
    createNodeNotifierBackend(notifier, 'darwin').show(shown);
    expect(calls[0]?.options).toMatchObject({ actions: ['Allow retry', 'Leave refused'] });
    calls[0]?.callback?.(null, 'activate', {
      activationType: 'actionClicked',
      activationValue: 'Leave refused',
    });
    expect(shown.onAction).toHaveBeenCalledWith('deny');
  });

  it('removes a withdrawn notification by its id and ignores what its waiting process says later', () => {
    const { notifier, calls } = fakeNotifier();
    const backend = createNodeNotifierBackend(notifier, 'win32');
    const shown = spec();
    const handle = backend.show(shown);
    backend.close(handle);
    backend.close(handle);
    expect(calls.slice(1).map((call) => call.options)).toEqual([{ remove: 1 }]);
    calls[0]?.callback?.(null, 'approve', {});
    expect(shown.onAction).not.toHaveBeenCalled();
  });
});

describe('choosing node-notifier', () => {
  it('loads the optional dependency only when asked', async () => {
    const load = vi.fn(async () => ({ default: fakeNotifier().notifier }));
    expect((await chooseNodeNotifier('darwin', load)).backend).toBeDefined();
    expect(load).toHaveBeenCalledOnce();
  });

  it('turns notifications off with one sentence when it cannot be loaded', async () => {
    const choice = await chooseNodeNotifier('win32', () => Promise.reject(new Error('Cannot find module')));
    expect(choice.warning).toEqual({
      code: 'notifications-unavailable',
      detail: 'node-notifier: Cannot find module',
      fallback: 'Notifications are off: node-notifier could not be loaded (Cannot find module).',
    });
  });
});
