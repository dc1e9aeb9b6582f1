import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueueStore } from '../store/queue-store';
import { createFakeConsoleApi, pendingRequest } from '../testing/fake-console-api';
import { App } from './app';

afterEach(cleanup);

async function renderWith(requests = [pendingRequest('a')]) {
  const fake = createFakeConsoleApi(requests);
  const store = createQueueStore(fake.api);
  await store.getState().load();
  render(<App store={store} connection="ready" />);
  return { fake, store };
}

describe('the queue window', () => {
  it('shows the whole command and who asked', async () => {
    await renderWith();
    expect(screen.getByLabelText('Command').textContent).toBe('npm run build && npm test');
    expect(screen.getByText(/claude-code · shop/)).toBeTruthy();
    expect(screen.getByLabelText('Waiting requests').textContent).toBe('1 waiting');
  });

  it('shows a non-Bash input as JSON', async () => {
    await renderWith([pendingRequest('w', { tool: 'Write', input: { file_path: '/p/a.ts', content: 'x' } })]);
    expect(JSON.parse(screen.getByLabelText('Tool input').textContent ?? '')).toEqual({
      file_path: '/p/a.ts',
      content: 'x',
    });
  });

  it('decides with the Allow and Deny buttons', async () => {
    const { fake } = await renderWith([pendingRequest('a'), pendingRequest('b', { receivedAt: 2_000 })]);
    const [allowA] = screen.getAllByRole('button', { name: 'Allow' });
    await act(async () => fireEvent.click(allowA!));
    expect(fake.calls).toContainEqual({ channel: 'queue:decide', args: { id: 'a', behavior: 'allow' } });
    expect(screen.getByText('Allowed here')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Deny' })));
    expect(fake.calls).toContainEqual({ channel: 'queue:decide', args: { id: 'b', behavior: 'deny' } });
  });

  it('uses plain buttons, so Return in a form can never submit an Allow', async () => {
    await renderWith();
    for (const button of screen.getAllByRole('button')) expect(button.getAttribute('type')).toBe('button');
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
});
