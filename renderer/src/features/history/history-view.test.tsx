import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../app/app';
import { createPrefsStore } from '../../store/prefs-store';
import { createQueueStore } from '../../store/queue-store';
import { createFakeConsoleApi } from '../../testing/fake-console-api';
import { historyEntry, historySession } from '../../testing/fake-history';
import type { FakeHistoryData } from '../../testing/fake-history';

afterEach(cleanup);

function renderHistory(history: FakeHistoryData, locale: 'en' | 'zh-CN' = 'en') {
  const fake = createFakeConsoleApi([], { history });
  const prefs = createPrefsStore(undefined);
  prefs.getState().set({ locale });
  render(
    <App api={fake.api} store={createQueueStore(fake.api)} prefs={prefs} connection="ready" view="history" />,
  );
  return fake;
}

describe('the history view', () => {
  it('says what to do when nothing is recorded yet', async () => {
    renderHistory({});
    expect(await screen.findByText('No history yet')).toBeTruthy();
    expect(screen.getByText(/Install the hook \(gatehouse install claude\)/)).toBeTruthy();
  });

  it('opens a session, then a request as a read-only card with the command in full', async () => {
    renderHistory({
      sessions: [historySession('session-1')],
      entries: [historyEntry('a', { input: { command: 'npm run build && npm test' } })],
    });
    fireEvent.click(await screen.findByRole('button', { name: /shop/ }));
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    const row = await within(timeline).findByRole('button', { name: /Allowed by you at the console window/ });
    expect(row.textContent).toContain('after 2.4 s');
    expect(screen.getByRole('group', { name: 'Export the requests' })).toBeTruthy();
    fireEvent.click(row);
    const card = within(timeline).getByRole('article', { name: 'Recorded Bash request' });
    expect(within(card).getByLabelText('Command').textContent).toBe('npm run build && npm test');
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('says when the agent did not take the console’s Allow, in English and Chinese', async () => {
    const allowed = historyEntry('a');
    const dropped = {
      ...allowed,
      decision: {
        ...allowed.decision!,
        notTaken: { because: 'terminal-no' as const, message: 'use the build folder' },
      },
    };
    for (const locale of ['en', 'zh-CN'] as const) {
      renderHistory({ sessions: [historySession('session-1')], entries: [dropped] }, locale);
      fireEvent.click(await screen.findByRole('button', { name: /shop/ }));
      const row = await screen.findByRole('button', {
        name: locale === 'en' ? /not taken by the agent/ : /代理未采纳/,
      });
      fireEvent.click(row);
      const card = screen.getByRole('article');
      expect(card.textContent).toContain(
        locale === 'en'
          ? 'The agent did not take it: the terminal’s No came first.'
          : '代理没有采纳：终端里的“否”在先。',
      );
      expect(card.textContent).toContain('use the build folder');
      cleanup();
    }
  });

  it('offers a refresh when history changes while it is open', async () => {
    const fake = renderHistory({ sessions: [historySession('session-1')] });
    await screen.findByRole('button', { name: /shop/ });
    expect(screen.queryByText('History has changed since this page loaded.')).toBeNull();
    // The agents' own calls alone (their telemetry, every second while they work) leave the list as it is.
    act(() => fake.historyChanged({ requests: false, activity: true }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('History has changed since this page loaded.')).toBeNull();
    act(() => fake.historyChanged());
    fireEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull());
  });

  it('offers a refresh when an Allow is amended as not taken, and the row then reads as what happened', async () => {
    const fake = renderHistory({ sessions: [historySession('session-1')], entries: [historyEntry('a')] });
    fireEvent.click(await screen.findByRole('button', { name: /shop/ }));
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    const allowed = await within(timeline).findByRole('button', {
      name: /Allowed by you at the console window/,
    });
    expect(allowed.textContent).not.toContain('not taken');
    // Main amends the row once Claude Code's transcript shows the terminal's No came first.
    fake.history.amend('a', { because: 'terminal-no' });
    act(() => fake.historyChanged());
    expect(await screen.findByText('History has changed since this page loaded.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    const row = await within(timeline).findByRole('button', {
      name: /Allowed by you at the console window, not taken by the agent/,
    });
    // Its colour is that of an answer not taken, not the green of one that took effect.
    expect(row.closest('li')?.className).toContain('entry--not-taken');
    expect(within(row).getByText(/not taken by the agent/).className).toContain('outcome--not-taken');
    fireEvent.click(row);
    const card = within(timeline).getByRole('article', { name: 'Recorded Bash request' });
    expect(within(card).getByText('Allowed').className).toContain('outcome--not-taken');
    expect(card.textContent).toContain('The agent did not take it: the terminal’s No came first.');
  });

  it('shows a failing history as one sentence', async () => {
    renderHistory({ failWith: 'The history database is locked.' });
    expect((await screen.findByRole('alert')).textContent).toContain('The history database is locked.');
  });

  it('speaks Chinese when the console does', async () => {
    renderHistory({}, 'zh-CN');
    expect(await screen.findByText('还没有历史')).toBeTruthy();
  });
});
