import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleWarning } from '../../../common/console-contract';
import type { PendingRequestView } from '../../../common/queue-contract';
import { createPrefsStore } from '../store/prefs-store';
import { createQueueStore } from '../store/queue-store';
import { createFakeConsoleApi, dangerousRequest, pendingRequest } from '../testing/fake-console-api';
import { renderApp } from '../testing/render-app';
import { App } from './app';

afterEach(cleanup);

// jsdom lays nothing out: give elements a window's size so the virtual list has room to render cards.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });
});

async function renderWith(
  requests: PendingRequestView[] = [pendingRequest('a')],
  options: { locale?: 'en' | 'zh-CN'; warnings?: ConsoleWarning[] } = {},
) {
  // renderApp's clock is at zero: the cursor is armed at once, so key tests need no waiting.
  return renderApp(requests, {
    ...(options.locale ? { locale: options.locale } : {}),
    fake: { status: { version: '0.1.0', tokenStorage: 'file', warnings: options.warnings ?? [] } },
  });
}

const press = (key: string, target: Element | Window = window) =>
  act(() => void fireEvent.keyDown(target, { key }));

describe('the queue window', () => {
  it('shows the whole command, its session and the count', async () => {
    await renderWith([pendingRequest('a', { sessionId: '3f2a9c1e-77aa-4b1c' })]);
    expect(screen.getByLabelText('Command').textContent).toBe('npm run build && npm test');
    expect(screen.getByRole('heading', { name: /Session 3f2a9c1e of Claude Code in shop/ })).toBeTruthy();
    expect(screen.getByLabelText('Waiting requests').textContent).toBe('1 waiting');
  });

  it('shows each tool family in its own way', async () => {
    await renderWith([
      pendingRequest('w', { tool: 'Task', input: { prompt: 'Review', subagent_type: 'reviewer' } }),
      pendingRequest('f', {
        tool: 'WebFetch',
        input: { url: 'https://docs.example.com/a?b=1', prompt: 'Read' },
      }),
      pendingRequest('m', { tool: 'mcp__github__create_issue', input: { repo: 'shop', labels: ['bug'] } }),
    ]);
    expect(JSON.parse(screen.getByLabelText('Tool input').textContent ?? '')).toEqual({
      prompt: 'Review',
      subagent_type: 'reviewer',
    });
    expect(screen.getByText('docs.example.com')).toBeTruthy();
    expect(screen.getByText('https://docs.example.com/a?b=1')).toBeTruthy();
    const mcp = screen.getByRole('heading', { name: 'mcp__github__create_issue' }).closest('article')!;
    expect(within(mcp).getByText('github')).toBeTruthy();
    expect(within(mcp).getByText('bug')).toBeTruthy();
  });

  it('answers with the buttons of the card they are on', async () => {
    const { fake } = await renderWith([pendingRequest('a'), pendingRequest('b', { receivedAt: 2_000 })]);
    const [allowA] = screen.getAllByRole('button', { name: 'Allow once' });
    await act(async () => fireEvent.click(allowA!));
    expect(fake.decisions()).toEqual([{ id: 'a', behavior: 'allow' }]);
    expect(screen.getByText('Allowed here')).toBeTruthy();
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Deny and stop the agent’s turn' })),
    );
    expect(fake.decisions().at(-1)).toEqual({ id: 'b', behavior: 'deny', interrupt: true });
  });

  it('never lets Return mean Allow', async () => {
    await renderWith();
    for (const button of screen.getAllByRole('button')) expect(button.getAttribute('type')).toBe('button');
    const allow = screen.getByRole('button', { name: 'Allow once' });
    expect(fireEvent.keyDown(allow, { key: 'Enter' })).toBe(false);
    expect(fireEvent.keyDown(allow, { key: ' ' })).toBe(true);
  });

  it('says when nothing is waiting', async () => {
    await renderWith([]);
    expect(screen.getByText('Nothing is waiting')).toBeTruthy();
  });

  it('tells the console while a card is open, so its timeout waits', async () => {
    const { fake } = await renderWith();
    const card = screen.getByRole('article');
    fireEvent.pointerEnter(card);
    fireEvent.pointerLeave(card);
    expect(fake.calls.filter((c) => c.channel === 'queue:viewing').map((c) => c.args)).toEqual([
      { id: 'a', viewing: true },
      { id: 'a', viewing: false },
    ]);
  });

  it('shows the countdown, or that the timer waits while the request is open', async () => {
    await renderWith([
      pendingRequest('a', { deadline: Date.now() + 90_000 }),
      pendingRequest('b', { held: true }),
    ]);
    expect(screen.getByText(/1:(29|30) left/)).toBeTruthy();
    expect(screen.getByText('Timer paused while open')).toBeTruthy();
  });

  it('says who won and why when a card is retired elsewhere', async () => {
    const { fake } = await renderWith();
    act(() => fake.resolveElsewhere('a', 'agent', 'passthrough', 'answered in the terminal'));
    expect(screen.getByRole('article').querySelector('.resolution')?.textContent).toBe(
      'Withdrawn by the terminal: answered in the terminal',
    );
  });

  it('shows console warnings as a banner that can be dismissed', async () => {
    await renderWith([], {
      warnings: [{ code: 'phone-send-failed', fallback: 'Main’s English.' }],
    });
    const banner = screen.getByText(
      'A request could not be sent to the phone; it still waits in the console.',
    );
    fireEvent.click(within(banner.parentElement!).getByRole('button', { name: 'Dismiss' }));
    expect(
      screen.queryByText('A request could not be sent to the phone; it still waits in the console.'),
    ).toBeNull();
  });

  it('words the keychain warning in the console’s language, not main’s English', async () => {
    const fallback =
      'No keychain answered, so the bridge token is stored in /h/token (readable only by you).';
    await renderWith([], {
      locale: 'zh-CN',
      warnings: [{ code: 'token-in-file', path: '/h/token', fallback }],
    });
    expect(screen.getByText('没有钥匙串响应，所以桥接令牌保存在 /h/token（只有你能读取）。')).toBeTruthy();
    expect(screen.queryByText(fallback)).toBeNull();
  });

  it('words a broken settings.json in the console’s language, naming the file and the key', async () => {
    const path = '/home/dev/.gatehouse/settings.json';
    const notJson = `${path} is not valid JSON (Expected ',' or '}' after property value in JSON at position 41); using the defaults until it is fixed.`;
    const invalid = `${path}: "history.retentionDays" must be at least 1; using the defaults until it is fixed.`;
    await renderWith([], {
      locale: 'zh-CN',
      warnings: [
        {
          code: 'settings-not-json',
          path,
          problem: {
            code: 'settings.notJsonAt',
            params: {
              detail: { text: "Expected ',' or '}' after property value" },
              line: { count: 3 },
              column: { count: 5 },
            },
          },
          fallback: notJson,
        },
        {
          code: 'settings-invalid',
          path,
          key: 'history.retentionDays',
          problem: { kind: 'too-small', of: 'number', limit: 1 },
          fallback: invalid,
        },
      ],
    });
    expect(
      screen.getByText(`${path} 不是有效的 JSON（第 3 行，第 5 列）；修好之前，Gatehouse 使用默认设置。`),
    ).toBeTruthy();
    expect(
      screen.getByText(
        `${path} 中的“history.retentionDays”有误：不能小于 1；修好之前，Gatehouse 使用默认设置。`,
      ),
    ).toBeTruthy();
    expect(screen.queryByText(notJson)).toBeNull();
  });
});

describe('the keyboard', () => {
  it('acts only on the card under the cursor, never on "the first"', async () => {
    const { fake } = await renderWith([pendingRequest('a'), pendingRequest('b', { receivedAt: 2_000 })]);
    press('a');
    press('d');
    expect(fake.decisions()).toEqual([]);
    press('j');
    press('j');
    press('k');
    press('ArrowDown');
    await act(async () => void fireEvent.keyDown(window, { key: 'd' }));
    expect(fake.decisions()).toEqual([{ id: 'b', behavior: 'deny' }]);
  });

  it('ignores shortcuts while typing, and Escape closes the panel', async () => {
    const { fake } = await renderWith();
    press('j');
    press('D');
    const message = screen.getByLabelText('Message to the agent');
    press('d', message);
    press('a', message);
    expect(fake.decisions()).toEqual([]);
    fireEvent.keyDown(message, { key: 'Escape' });
    expect(screen.queryByLabelText('Message to the agent')).toBeNull();
  });

  it('opens each panel with its key, and the sheet with ?', async () => {
    await renderWith();
    press('j');
    press('A');
    expect(screen.getByLabelText('Rule', { exact: true })).toBeTruthy();
    press('e');
    expect(screen.getByLabelText('Command to run instead')).toBeTruthy();
    press('t');
    expect(screen.getByLabelText('Rule the grant allows')).toBeTruthy();
    press('x');
    expect((screen.getByRole('checkbox', { name: 'Select this request' }) as HTMLInputElement).checked).toBe(
      true,
    );
    press('Escape');
    expect(screen.queryByLabelText('Rule the grant allows')).toBeNull();
  });
});

describe('the second look', () => {
  it('puts a confirm step with the risk in words between a dangerous request and its allow', async () => {
    const { fake } = await renderWith([dangerousRequest('x')]);
    expect(screen.getByText('Second look')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Allow once' }));
    const confirm = screen.getByRole('group', { name: 'Take a second look' });
    expect(confirm.textContent).toContain('It can delete or overwrite things that cannot be recovered.');
    expect(fake.decisions()).toEqual([]);
    press('a');
    expect(fake.decisions()).toEqual([]);
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Allow anyway' })));
    expect(fake.decisions()).toEqual([{ id: 'x', behavior: 'allow' }]);
  });
});

describe('the rule editor', () => {
  it("checks the rule live with the engine's sentence, previews it, and saves it where chosen", async () => {
    const { fake } = await renderWith();
    fireEvent.click(screen.getByRole('button', { name: 'Always allow…' }));
    const rule = screen.getByLabelText('Rule', { exact: true }) as HTMLInputElement;
    expect(rule.value).toBe('Bash(npm run build *)');
    fireEvent.change(rule, { target: { value: 'Bash(npm run build *' } });
    expect(screen.getByRole('alert').textContent).toMatch(/Not a valid rule.*must end with/);
    expect((screen.getByRole('button', { name: 'Save rule and allow' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.change(rule, { target: { value: 'Read(./src/**)' } });
    expect(screen.getByText('This rule is for Read, not for this Bash call.')).toBeTruthy();
    fireEvent.change(rule, { target: { value: 'Bash(npm run *)' } });
    await waitFor(() => expect(screen.getByText('Would have matched 3 of 10 past requests')).toBeTruthy());
    expect(fake.calls.filter((c) => c.channel === 'rules:preview').at(-1)?.args).toEqual({
      rule: 'Bash(npm run *)',
      cwd: '/home/dev/projects/shop',
    });
    fireEvent.click(screen.getByRole('radio', { name: /User/ }));
    // Saving waits for the engine's word that the rule, in the file chosen, answers this request.
    await waitFor(() =>
      expect(screen.getByText('Valid rule for Bash; it answers this request.')).toBeTruthy(),
    );
    expect(fake.calls.filter((c) => c.channel === 'queue:rule-standing').at(-1)?.args).toEqual({
      id: 'a',
      rule: 'Bash(npm run *)',
      placement: 'userSettings',
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save rule and allow' })));
    expect(fake.decisions()).toEqual([
      {
        id: 'a',
        behavior: 'allow',
        updatedPermissions: [
          {
            type: 'addRules',
            rules: [{ toolName: 'Bash', ruleContent: 'npm run *' }],
            behavior: 'allow',
            destination: 'userSettings',
          },
        ],
      },
    ]);
  });
});

describe('languages', () => {
  it('shows the chosen locale, and English for anything it lacks', async () => {
    await renderWith([], { locale: 'zh-CN' });
    expect(screen.getByText('没有待处理的请求')).toBeTruthy();
    expect(document.documentElement.lang).toBe('zh-CN');
  });
});

describe('the bridge token', () => {
  it('says where the token rests and rotates it only after a second, explicit click', async () => {
    const { fake, store } = await renderWith([]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Display' })));
    expect(screen.getByText(/Kept in a file readable only by you/)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Rotate token…' })));
    expect(fake.calls.some((c) => c.channel === 'console:rotate-token')).toBe(false);
    expect(screen.getByText(/will need the new token/)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Rotate now' })));
    expect(fake.calls.filter((c) => c.channel === 'console:rotate-token')).toHaveLength(1);
    expect(store.getState().status?.tokenStorage).toBe('keychain');
    expect(screen.getByText(/Rotated\. Connected agents stay connected/)).toBeTruthy();
  });
});

describe('the views', () => {
  it('switches between queue, rules and history, names the view in the address, and keeps queue keys to the queue', async () => {
    const { store } = await renderWith([pendingRequest('a'), pendingRequest('b')]);
    const nav = screen.getByRole('navigation', { name: 'Views' });
    expect(within(nav).getByRole('button', { name: /Queue/ }).getAttribute('aria-current')).toBe('page');
    await act(async () => fireEvent.click(within(nav).getByRole('button', { name: 'Rules' })));
    expect(window.location.search).toBe('?view=rules');
    expect(within(nav).getByRole('button', { name: 'Rules' }).getAttribute('aria-current')).toBe('page');
    const before = store.getState().cursor;
    press('j');
    expect(store.getState().cursor).toBe(before);
    await act(async () => fireEvent.click(within(nav).getByRole('button', { name: /Queue/ })));
    expect(window.location.search).toBe('');
    press('j');
    expect(store.getState().cursor).not.toBe(before);
  });
});

describe('the views in the desktop app', () => {
  it('asks main to bring the view’s own window forward instead of switching in place', async () => {
    const fake = createFakeConsoleApi([], { windows: true });
    const store = createQueueStore(fake.api, () => 0);
    await store.getState().load();
    const prefs = createPrefsStore(undefined);
    prefs.getState().set({ locale: 'en' });
    render(<App api={fake.api} store={store} prefs={prefs} connection="ipc" />);
    const nav = screen.getByRole('navigation', { name: 'Views' });
    await act(async () => fireEvent.click(within(nav).getByRole('button', { name: 'History' })));
    expect(fake.calls.filter((c) => c.channel === 'console:show-view')).toEqual([
      { channel: 'console:show-view', args: { view: 'history' } },
    ]);
    expect(within(nav).getByRole('button', { name: /Queue/ }).getAttribute('aria-current')).toBe('page');
  });
});

describe('opening a request from a notification or the tray', () => {
  it('puts the named request under the cursor, whether the window was open or opened for it', async () => {
    const { fake, store } = await renderWith([pendingRequest('a'), pendingRequest('b'), pendingRequest('c')]);
    await act(async () => fake.reveal('c'));
    expect(store.getState().cursor).toBe('c');
    cleanup();

    const opened = createFakeConsoleApi([pendingRequest('x'), pendingRequest('y')]);
    const fresh = createQueueStore(opened.api, () => 0);
    const prefs = createPrefsStore(undefined);
    prefs.getState().set({ locale: 'en' });
    render(<App api={opened.api} store={fresh} prefs={prefs} connection="ipc" reveal="y" />);
    expect(fresh.getState().cursor).toBeUndefined();
    await act(async () => fresh.getState().load());
    expect(fresh.getState().cursor).toBe('y');
  });
});

describe('from Always allow to the rule editor', () => {
  it('opens the Rules view on the request’s project folder in a web tab', async () => {
    const { fake } = await renderWith([pendingRequest('a', { cwd: '/home/dev/projects/shop' })]);
    fireEvent.click(screen.getByRole('button', { name: 'Always allow…' }));
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'See every rule of this folder' })),
    );
    const nav = screen.getByRole('navigation', { name: 'Views' });
    expect(within(nav).getByRole('button', { name: 'Rules' }).getAttribute('aria-current')).toBe('page');
    expect(new URLSearchParams(window.location.search).get('cwd')).toBe('/home/dev/projects/shop');
    await waitFor(() =>
      expect(fake.calls.filter((c) => c.channel === 'rules:load').at(-1)?.args).toEqual({
        cwd: '/home/dev/projects/shop',
      }),
    );
  });

  it('asks the desktop app for the rule editor’s window on that folder', async () => {
    const fake = createFakeConsoleApi([pendingRequest('a', { cwd: '/srv/app' })], { windows: true });
    const store = createQueueStore(fake.api, () => 0);
    await store.getState().load();
    const prefs = createPrefsStore(undefined);
    prefs.getState().set({ locale: 'en' });
    render(<App api={fake.api} store={store} prefs={prefs} connection="ipc" />);
    fireEvent.click(screen.getByRole('button', { name: 'Always allow…' }));
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'See every rule of this folder' })),
    );
    expect(fake.calls.filter((c) => c.channel === 'console:show-view').map((c) => c.args)).toEqual([
      { view: 'rules', cwd: '/srv/app' },
    ]);
  });
});
