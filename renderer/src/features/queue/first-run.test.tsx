import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PendingRequestView } from '../../../../common/queue-contract';
import { App } from '../../app/app';
import { createPrefsStore } from '../../store/prefs-store';
import { createQueueStore } from '../../store/queue-store';
import { createFakeConsoleApi, pendingRequest } from '../../testing/fake-console-api';
import { renderApp } from '../../testing/render-app';

afterEach(cleanup);

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });
});

async function renderWith(requests: PendingRequestView[], locale: 'en' | 'zh-CN' = 'en') {
  return renderApp(requests, { locale });
}

describe('the first run', () => {
  it('says how to connect each agent and how to check the hooks, in both languages', async () => {
    await renderWith([]);
    const commands = () => [...document.querySelectorAll('.empty__command code')].map((c) => c.textContent);
    expect(commands()).toEqual(['gatehouse install claude', 'gatehouse install codex', 'gatehouse doctor']);
    expect(screen.getByText('To connect an agent, run one of these in a terminal:')).toBeTruthy();
    // Never npx: outside the checkout it runs an unrelated package called gatehouse.
    expect(document.querySelector('.empty')?.textContent).not.toMatch(/npx/);
    expect(document.querySelector('.empty__install code')?.textContent).toBe(
      'npm ci && npm pack && npm install -g ./gatehouse-console-gatehouse-*.tgz',
    );
    cleanup();
    await renderWith([], 'zh-CN');
    expect(commands()).toHaveLength(3);
    expect(screen.getByText('检查钩子是否已安装并能连到此控制台')).toBeTruthy();
    expect(
      screen.getByText('终端里还没有 gatehouse 命令？在 Gatehouse 的文件夹中运行以下命令来安装：'),
    ).toBeTruthy();
  });
});

describe('before the first list arrives', () => {
  it('says nothing is waiting only once it knows, and shows the cards with the warnings, not before them', async () => {
    const warning = { code: 'phone-send-failed', fallback: 'Main’s English.' } as const;
    const fake = createFakeConsoleApi([pendingRequest('a')], {
      status: { version: '0.1.0', tokenStorage: 'keychain', warnings: [warning] },
    });
    const store = createQueueStore(fake.api, () => 0);
    const prefs = createPrefsStore(undefined);
    render(<App api={fake.api} store={store} prefs={prefs} connection="ready" />);
    expect(screen.queryByText('Nothing is waiting')).toBeNull();
    expect(document.querySelector('.queue__scroller')?.getAttribute('aria-busy')).toBe('true');
    // A card announced before the list is held back, so the banner cannot push it from under a pointer.
    act(() => fake.add(pendingRequest('b')));
    expect(document.querySelectorAll('[data-request-id]')).toHaveLength(0);
    await act(() => store.getState().load());
    expect(document.querySelectorAll('[data-request-id]')).toHaveLength(2);
    expect(
      screen.getByText('A request could not be sent to the phone; it still waits in the console.'),
    ).toBeTruthy();
    expect(document.querySelector('.queue__scroller')?.getAttribute('aria-busy')).toBe('false');
  });
});

describe('key hints', () => {
  it('shows each answer’s key on its button, outside the name, from the keymap', async () => {
    await renderWith([pendingRequest('a')]);
    const actions = screen.getByRole('group', { name: 'Answers for this request' });
    const hints = (name: string) => {
      const button = within(actions).getByRole('button', { name });
      return [button.querySelector('kbd')?.textContent, button.getAttribute('aria-keyshortcuts')];
    };
    expect(hints('Allow once')).toEqual(['a', 'a']);
    expect(hints('Allow for…')).toEqual(['t', 't']);
    expect(hints('Always allow…')).toEqual(['⇧A', 'Shift+A']);
    expect(hints('Deny')).toEqual(['d', 'd']);
    expect(hints('Deny with message…')).toEqual(['⇧D', 'Shift+D']);
    expect(hints('Edit…')).toEqual(['e', 'e']);
  });

  it('says under the deny message that Ctrl+Enter sends it, and it does', async () => {
    const { fake } = await renderWith([pendingRequest('a')]);
    fireEvent.click(screen.getByRole('button', { name: 'Deny with message…' }));
    const field = screen.getByLabelText('Message to the agent');
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Ctrl+Enter sends the message.',
    );
    fireEvent.change(field, { target: { value: 'Use staging' } });
    await act(async () => void fireEvent.keyDown(field, { key: 'Enter', ctrlKey: true }));
    expect(fake.decisions()).toEqual([{ id: 'a', behavior: 'deny', message: 'Use staging' }]);
  });
});

describe('words a person can decode', () => {
  it('says what Deny and stop stops, in English and Chinese', async () => {
    const { fake } = await renderWith([pendingRequest('a')]);
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Deny and stop the agent’s turn' })),
    );
    expect(fake.decisions()).toEqual([{ id: 'a', behavior: 'deny', interrupt: true }]);
    cleanup();
    await renderWith([pendingRequest('a')], 'zh-CN');
    expect(screen.getByRole('button', { name: '拒绝并停止代理本轮' })).toBeTruthy();
  });
});
