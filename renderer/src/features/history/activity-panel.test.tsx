import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/app';
import { createPrefsStore } from '../../store/prefs-store';
import { createQueueStore } from '../../store/queue-store';
import { createFakeConsoleApi } from '../../testing/fake-console-api';
import type { FakeHistoryData } from '../../testing/fake-history';

afterEach(cleanup);

const activity: NonNullable<FakeHistoryData['activity']> = {
  sessions: [
    { sessionId: '57dadb34-4348', agent: 'claude', firstSeen: 1, lastSeen: 2, calls: 3 },
    { sessionId: '019b2c4e-77aa', agent: 'codex', firstSeen: 1, lastSeen: 1, calls: 1 },
  ],
  calls: {
    '019b2c4e-77aa': [
      {
        callId: 'c1',
        tool: 'Bash',
        summary: 'rm -r dist',
        allowed: true,
        source: 'Config',
        success: true,
        durationMs: 9,
      },
    ],
    '57dadb34-4348': [
      {
        callId: 't1',
        tool: 'Bash',
        summary: 'touch ruled.txt',
        allowed: true,
        source: 'user_permanent',
        success: true,
        durationMs: 48,
      },
      { callId: 't2', tool: 'Bash', summary: 'rm -r build', allowed: false, source: 'classifier' },
      {
        callId: 't3',
        tool: 'Bash',
        summary: 'false',
        allowed: true,
        source: 'config',
        success: false,
        durationMs: 22,
        error: 'ShellError',
      },
    ],
  },
};

function renderActivity(locale: 'en' | 'zh-CN' = 'en') {
  const fake = createFakeConsoleApi([], { history: { activity } });
  renderWith(fake, locale);
  return fake;
}

function renderWith(fake: ReturnType<typeof createFakeConsoleApi>, locale: 'en' | 'zh-CN') {
  const prefs = createPrefsStore(undefined);
  prefs.getState().set({ locale });
  render(
    <App api={fake.api} store={createQueueStore(fake.api)} prefs={prefs} connection="ready" view="history" />,
  );
}

describe('the agents’ own calls in the history view', () => {
  it('lists a session’s calls in order with who settled each and how it ended, and filters them', async () => {
    renderActivity();
    fireEvent.click(await screen.findByRole('button', { name: 'Agents’ own calls' }));
    const panel = screen.getByRole('region', { name: 'Every tool call, as the agents report it' });
    const rows = await within(panel).findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Bash: touch ruled.txtAllowed by a rule in Claude Code’s settingsran 48 ms, succeeded',
      'Bash: rm -r buildRefused by Claude Code’s classifierdid not run',
      'Bash: falseAllowed by Claude Code itself, with no person (its settings or mode)ran 22 ms, failed ShellError',
    ]);
    fireEvent.change(within(panel).getByLabelText('Show'), { target: { value: 'classifier' } });
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['Bash: rm -r buildRefused by Claude Code’s classifierdid not run']);
    fireEvent.change(within(panel).getByLabelText('Show'), { target: { value: 'no-person' } });
    expect(within(panel).getAllByRole('listitem')).toHaveLength(1);
  });

  it('says in a line that no question reached Gatehouse, not that there is no history', async () => {
    renderActivity();
    expect(await screen.findByText('No history yet')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Agents’ own calls' }));
    expect(await screen.findByText(/^No question has reached Gatehouse yet/)).toBeTruthy();
    expect(screen.queryByText('No history yet')).toBeNull();
  });

  it('speaks Chinese', async () => {
    renderActivity('zh-CN');
    fireEvent.click(await screen.findByRole('button', { name: '代理自己的调用' }));
    const panel = screen.getByRole('region', { name: '代理报告的每次工具调用' });
    expect(await within(panel).findByText('被 Claude Code 的分类器拒绝')).toBeTruthy();
  });

  it('exports every call of the open session as one file, page by page, whatever the filter shows', async () => {
    const saved: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => (saved.push(blob), 'blob:x'),
        revokeObjectURL: () => {},
      }),
    );
    const fake = renderActivity();
    fireEvent.click(await screen.findByRole('button', { name: 'Agents’ own calls' }));
    const panel = screen.getByRole('region', { name: 'Every tool call, as the agents report it' });
    await within(panel).findAllByRole('listitem');
    fireEvent.change(within(panel).getByLabelText('Show'), { target: { value: 'classifier' } });
    // Its own name, so that it is not taken for History's export of the requests beside it.
    const group = within(panel).getByRole('group', { name: 'Export this session’s calls' });
    fireEvent.click(within(group).getByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(await saved[0]!.text()).toBe('call_id\r\nt1\r\nt2\r\nt3\r\n');
    expect(fake.calls.filter((call) => call.channel === 'history:activity-export')).toHaveLength(3);
    vi.unstubAllGlobals();
  });

  it('searches every session’s calls, says whose each is, and goes back to the session when cleared', async () => {
    renderActivity();
    fireEvent.click(await screen.findByRole('button', { name: 'Agents’ own calls' }));
    const panel = screen.getByRole('region', { name: 'Every tool call, as the agents report it' });
    await within(panel).findAllByRole('listitem');
    fireEvent.change(within(panel).getByLabelText('Search every session'), { target: { value: 'rm -r' } });
    await within(panel).findByText('Codex CLI · 019b2c4e');
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([
      'Claude Code · 57dadb34Bash: rm -r buildRefused by Claude Code’s classifierdid not run',
      'Codex CLI · 019b2c4eBash: rm -r distAllowed by Codex’s configuration, with no personran 9 ms, succeeded',
    ]);
    fireEvent.change(within(panel).getByLabelText('Search every session'), {
      target: { value: 'terraform' },
    });
    expect(await within(panel).findByText('No call of any session matches.')).toBeTruthy();
    fireEvent.change(within(panel).getByLabelText('Search every session'), { target: { value: '' } });
    expect(await within(panel).findAllByRole('listitem')).toHaveLength(3);
  });

  it('sends the search as typed, so a space after the last word says it is finished', async () => {
    const fake = createFakeConsoleApi([], { history: { activity } });
    const invoke = vi.spyOn(fake.api, 'invoke');
    renderWith(fake, 'en');
    fireEvent.click(await screen.findByRole('button', { name: 'Agents’ own calls' }));
    const panel = screen.getByRole('region', { name: 'Every tool call, as the agents report it' });
    await within(panel).findAllByRole('listitem');
    fireEvent.change(within(panel).getByLabelText('Search every session'), { target: { value: 'rm ' } });
    await within(panel).findByText('Codex CLI · 019b2c4e');
    expect(invoke).toHaveBeenCalledWith('history:activity-search', expect.objectContaining({ text: 'rm ' }));
  });

  it('searches in Chinese too', async () => {
    renderActivity('zh-CN');
    fireEvent.click(await screen.findByRole('button', { name: '代理自己的调用' }));
    const panel = screen.getByRole('region', { name: '代理报告的每次工具调用' });
    await within(panel).findAllByRole('listitem');
    fireEvent.change(within(panel).getByLabelText('搜索全部会话'), { target: { value: 'terraform' } });
    expect(await within(panel).findByText('没有任何会话的调用匹配。')).toBeTruthy();
  });
});
