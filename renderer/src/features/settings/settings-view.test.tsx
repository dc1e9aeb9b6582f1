import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../app/app';
import { createPrefsStore } from '../../store/prefs-store';
import { createQueueStore } from '../../store/queue-store';
import { createFakeConsoleApi } from '../../testing/fake-console-api';

afterEach(cleanup);

function renderSettings(locale: 'en' | 'zh-CN' = 'en') {
  const fake = createFakeConsoleApi([]);
  const prefs = createPrefsStore(undefined);
  prefs.getState().set({ locale });
  render(
    <App
      api={fake.api}
      store={createQueueStore(fake.api)}
      prefs={prefs}
      connection="ready"
      view="settings"
    />,
  );
  return fake;
}

describe('the phone settings', () => {
  it('connects with a pasted token, shows the pairing code, then offers a test message', async () => {
    const fake = renderSettings();
    expect(await screen.findByText('Not connected.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Bot token'), {
      target: { value: '123456:abcdefghijklmnopqrstuvwxyz' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Connected; no chat is paired yet.')).toBeTruthy();
    expect(fake.calls.find((call) => call.channel === 'phone:connect')?.args).toEqual({
      token: '123456:abcdefghijklmnopqrstuvwxyz',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Pair a chat…' }));
    expect(await screen.findByText('K7QW3MPX')).toBeTruthy();
    act(() => void fake.phone.pairNow());
    expect(await screen.findByText(/Connected and paired/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send a test message' }));
    expect(await screen.findByText('Sent: look for it in Telegram.')).toBeTruthy();
  });

  it('says when Telegram cannot be reached, with the channel’s sentence', async () => {
    const fake = renderSettings();
    await screen.findByText('Not connected.');
    fireEvent.change(screen.getByLabelText('Bot token'), {
      target: { value: '123456:abcdefghijklmnopqrstuvwxyz' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await screen.findByText('Connected; no chat is paired yet.');
    act(() => void fake.phone.setUp(false, 'The network is gone.'));
    expect(await screen.findByText('Telegram cannot be reached. The network is gone.')).toBeTruthy();
    // Every view's banner says it too, until the channel is back.
    const banners = screen.getByRole('region', { name: 'Console warnings' });
    expect(banners.textContent).toContain('The network is gone.');
    act(() => void fake.phone.setUp(true));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Console warnings' })).toBeNull());
  });

  it('saves summary-only and says what Telegram then sees, in Chinese too', async () => {
    const fake = renderSettings('zh-CN');
    fireEvent.click(await screen.findByLabelText('只发送工具和一行摘要'));
    expect(await screen.findByText(/只能看到代理、项目文件夹、工具和一行缩短的摘要/)).toBeTruthy();
    expect(fake.calls.find((call) => call.channel === 'phone:configure')?.args).toEqual({
      summaryOnly: true,
    });
  });
});
