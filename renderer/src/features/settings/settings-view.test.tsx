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

  it('cancels a started pairing, so its code is gone from the page', async () => {
    const fake = renderSettings();
    fireEvent.change(await screen.findByLabelText('Bot token'), {
      target: { value: '123456:abcdefghijklmnopqrstuvwxyz' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Pair a chat…' }));
    await screen.findByText('K7QW3MPX');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel pairing' }));
    expect(await screen.findByRole('button', { name: 'Pair a chat…' })).toBeTruthy();
    expect(screen.queryByText('K7QW3MPX')).toBeNull();
    expect(fake.calls.filter((call) => call.channel === 'phone:cancel-pairing')).toHaveLength(1);
  });

  it('asks before pairing another chat replaces the paired one, and says which it is', async () => {
    const fake = renderSettings();
    fireEvent.change(await screen.findByLabelText('Bot token'), {
      target: { value: '123456:abcdefghijklmnopqrstuvwxyz' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Pair a chat…' }));
    await screen.findByText('K7QW3MPX');
    act(() => void fake.phone.pairNow());
    expect(
      await screen.findByText(/Connected and paired with Ada Lovelace \(@ada\) \(chat 5150\)/),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Pair another chat…' }));
    const question = screen.getByRole('group', { name: /Pairing another chat replaces it/ });
    expect(question.textContent).toContain('Requests now go to Ada Lovelace (@ada) (chat 5150).');
    expect(fake.calls.filter((call) => call.channel === 'phone:pair')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Keep this chat' }));
    expect(screen.queryByRole('group', { name: /replaces it/ })).toBeNull();
    expect(fake.calls.filter((call) => call.channel === 'phone:pair')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Pair another chat…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Replace it: show a code' }));
    expect(await screen.findByText('K7QW3MPX')).toBeTruthy();
    expect(
      screen.getByText(/Until a chat sends it, requests still go to Ada Lovelace \(@ada\) \(chat 5150\)/),
    ).toBeTruthy();
    expect(fake.calls.filter((call) => call.channel === 'phone:pair').at(-1)?.args).toEqual({
      replace: true,
    });
  });

  it('asks the same in Chinese', async () => {
    const fake = renderSettings('zh-CN');
    await screen.findByLabelText('机器人令牌');
    act(() => void fake.phone.pairNow());
    const line = (await screen.findByText(/聊天 5150/)).textContent;
    // A full-width parenthesis carries its own spacing: no space beside it.
    expect(line).not.toMatch(/[（）] | [（）]/);
    expect(line).toBe('已连接，已配对：Ada Lovelace (@ada)（聊天 5150）。请求可以发到你的手机。');
    act(() => void fake.phone.pairNow({ id: '5150' }));
    await screen.findByText('已连接，已配对：聊天 5150。请求可以发到你的手机。');
    fireEvent.click(screen.getByRole('button', { name: '配对另一个聊天…' }));
    expect(screen.getByRole('group', { name: /替换它/ }).textContent).toContain('请求现在发往 聊天 5150。');
    expect(screen.getByRole('button', { name: '保留这个聊天' })).toBeTruthy();
  });

  it('says since when the channel is down and that it retries, then clears when it is back', async () => {
    const fake = renderSettings();
    await screen.findByText('Not connected.');
    fireEvent.change(screen.getByLabelText('Bot token'), {
      target: { value: '123456:abcdefghijklmnopqrstuvwxyz' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await screen.findByText('Connected; no chat is paired yet.');
    const since = new Date().setHours(9, 5, 0, 0);
    act(() => void fake.phone.setUp(false, { code: 'network', fallback: 'English from main.' }, since));
    // The section's state and every view's banner, until the channel is back.
    expect(await screen.findByText('Phone channel down since 9:05 AM, retrying on its own.')).toBeTruthy();
    expect(screen.getByText(/^Telegram cannot be reached; requests still wait/)).toBeTruthy();
    const banners = screen.getByRole('region', { name: 'Console warnings' });
    expect(banners.textContent).toContain(
      'Phone channel down since 9:05 AM, retrying on its own. Telegram cannot be reached;',
    );
    act(() => void fake.phone.setUp(true));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Console warnings' })).toBeNull());
    expect(await screen.findByText('Connected; no chat is paired yet.')).toBeTruthy();

    act(
      () =>
        void fake.phone.setUp(false, { code: 'token-refused', fallback: 'English from main.' }, since, false),
    );
    expect(
      await screen.findByText('Phone channel down since 9:05 AM; it will not retry on its own.'),
    ).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Console warnings' }).textContent).toContain(
      'Phone channel down since 9:05 AM; it will not retry on its own. Telegram refused the bot token; paste a new one',
    );
    act(() => void fake.phone.setUp(false, { code: 'rate-limited', retryAfter: 1, fallback: '' }, since));
    expect(await screen.findByText(/^Telegram asked Gatehouse to slow down for 1 second;/)).toBeTruthy();
    // A code this console does not know yet is shown in main's English.
    act(
      () =>
        void fake.phone.setUp(false, { code: 'unheard-of', fallback: 'Something new went wrong.' }, since),
    );
    expect(await screen.findByText('Something new went wrong.')).toBeTruthy();
    expect(screen.queryByText('English from main.')).toBeNull();
  });

  it('says it in Chinese too', async () => {
    const fake = renderSettings('zh-CN');
    await screen.findByLabelText('机器人令牌');
    act(() => void fake.phone.pairNow());
    const since = new Date().setHours(14, 32, 0, 0);
    const fallback = 'Telegram cannot be reached.';
    act(() => void fake.phone.setUp(false, { code: 'network', fallback }, since));
    expect(await screen.findByText('手机通道自 14:32 起中断，正在自动重试。')).toBeTruthy();
    // The reason too, on the page and in every view's banner: no English from main, and no space after 。
    expect(screen.getByText('无法连接 Telegram；请求仍在控制台中等待，恢复后会发到手机。')).toBeTruthy();
    expect(screen.getByRole('region', { name: '控制台警告' }).textContent).toContain(
      '手机通道自 14:32 起中断，正在自动重试。无法连接 Telegram；',
    );
    act(() => void fake.phone.setUp(false, { code: 'rate-limited', retryAfter: 30, fallback }, since));
    expect(
      await screen.findByText('Telegram 要求 Gatehouse 放慢速度 30 秒；在此期间请求仍在控制台中等待。'),
    ).toBeTruthy();
    act(() => void fake.phone.setUp(false, { code: 'token-refused', fallback }, since, false));
    expect(await screen.findByText(/^Telegram 拒绝了机器人令牌/)).toBeTruthy();
    expect(screen.queryByText(fallback)).toBeNull();
  });

  it('saves summary-only and says what Telegram then sees, in Chinese too', async () => {
    const fake = renderSettings('zh-CN');
    fireEvent.click(await screen.findByLabelText('只发送工具和一行摘要'));
    expect(await screen.findByText(/只能看到代理、项目文件夹、工具，以及命令所运行程序的名称/)).toBeTruthy();
    expect(fake.calls.find((call) => call.channel === 'phone:configure')?.args).toEqual({
      summaryOnly: true,
    });
  });
});

describe('the classifier settings', () => {
  it('enables a class in one click, saying what it allows, and says the change applies from the next request', async () => {
    const fake = renderSettings();
    const box = await screen.findByRole('checkbox', { name: /Read-only commands/ });
    expect(box).toHaveProperty('checked', false);
    expect(screen.getByText(/Shell commands whose every part only reads/)).toBeTruthy();
    fireEvent.click(box);
    expect(await screen.findByText('Saved; it applies from the next request.')).toBeTruthy();
    const configured = fake.calls.find((call) => call.channel === 'classifier:configure')?.args as {
      settings: { classes: string[] };
    };
    expect(configured.settings.classes).toEqual(['read-only-commands']);
    await waitFor(() => expect(box).toHaveProperty('checked', true));
  });

  it('reads in Chinese, each class with its sentence', async () => {
    renderSettings('zh-CN');
    expect(await screen.findByRole('checkbox', { name: /只读命令/ })).toBeTruthy();
    expect(screen.getByText('分类器允许过的调用')).toBeTruthy();
    expect(await screen.findByText('它还没有允许过任何调用。')).toBeTruthy();
  });
});

describe('the export of decisions', () => {
  it('says what leaves the machine, and turns on only with the collector typed in', async () => {
    const fake = renderSettings();
    expect(await screen.findByText(/nowhere else/)).toBeTruthy();
    const on = screen.getByLabelText('Send Gatehouse’s decisions to a collector') as HTMLInputElement;
    expect(on.checked).toBe(false);
    fireEvent.change(screen.getByLabelText('Collector’s OTLP/HTTP logs address'), {
      target: { value: ' https://collector.example/v1/logs ' },
    });
    fireEvent.click(on);
    await waitFor(() => expect(on.checked).toBe(true));
    expect(fake.calls.find((call) => call.channel === 'export:configure')?.args).toEqual({
      settings: { enabled: true, endpoint: 'https://collector.example/v1/logs' },
    });
  });

  it('says it in Chinese too', async () => {
    renderSettings('zh-CN');
    expect(await screen.findByText(/只发送到下面的收集器/)).toBeTruthy();
  });
});
