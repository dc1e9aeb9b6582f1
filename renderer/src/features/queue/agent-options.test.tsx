import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PendingRequestView } from '../../../../common/queue-contract';
import { dangerousRequest, pendingRequest } from '../../testing/fake-console-api';
import { renderApp } from '../../testing/render-app';

afterEach(cleanup);

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });
});

const options: PendingRequestView['options'] = [
  { optionId: 'always', name: 'Always Allow', kind: 'allow_always' },
  { optionId: 'once', name: 'Allow', kind: 'allow_once' },
  { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
];
const acp = (id: string) =>
  pendingRequest(id, { agent: { name: 'claude-agent-acp' }, tool: 'touch made.txt', options });

async function renderWith(requests: PendingRequestView[]) {
  return renderApp(requests, { fake: { status: { version: '0.1.0', tokenStorage: 'file', warnings: [] } } });
}

const press = (key: string) => act(() => void fireEvent.keyDown(window, { key }));

describe('a card with the agent’s own options', () => {
  it('offers exactly the agent’s options, by its names, and nothing the agent cannot take', async () => {
    await renderWith([acp('a')]);
    for (const name of ['Always Allow', 'Allow', 'Reject'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    for (const absent of ['Allow once', 'Edit…', 'Always allow…', 'Deny with message…'])
      expect(screen.queryByRole('button', { name: new RegExp(`^${absent}`) })).toBeNull();
  });

  it('answers with the option clicked, named', async () => {
    const { fake } = await renderWith([acp('a'), acp('b')]);
    const [first, second] = screen.getAllByRole('article');
    await act(async () => fireEvent.click(within(first!).getByRole('button', { name: 'Always Allow' })));
    await act(async () => fireEvent.click(within(second!).getByRole('button', { name: /^Reject/ })));
    expect(fake.decisions()).toEqual([
      { id: 'a', behavior: 'allow', optionId: 'always' },
      { id: 'b', behavior: 'deny', optionId: 'reject' },
    ]);
  });

  it('keeps Return from allowing, and the allow key names the allow-once option', async () => {
    const { fake, store } = await renderWith([acp('a')]);
    for (const button of screen.getAllByRole('button', { name: /Allow/ }))
      expect(fireEvent.keyDown(button, { key: 'Enter' })).toBe(false);
    expect(fake.decisions()).toEqual([]);
    store.getState().setCursor('a');
    press('e');
    expect(store.getState().panels.a).toBeUndefined();
    press('a');
    await act(async () => undefined);
    expect(fake.decisions()).toEqual([{ id: 'a', behavior: 'allow', optionId: 'once' }]);
  });

  it('keeps the second look of a dangerous call for every allow option', async () => {
    const { fake, store } = await renderWith([
      dangerousRequest('d', { agent: { name: 'claude-agent-acp' }, options }),
    ]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Always Allow' })));
    expect(fake.decisions()).toEqual([]);
    expect(store.getState().panels.d).toMatchObject({ kind: 'confirm', choice: { optionId: 'always' } });
  });
});
