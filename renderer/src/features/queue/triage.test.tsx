import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PendingRequestView } from '../../../../common/queue-contract';
import { dangerousRequest, pendingRequest } from '../../testing/fake-console-api';
import { renderApp } from '../../testing/render-app';
import { placeOf, titleFor, unseenArrivals } from './triage';

afterEach(cleanup);

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });
});

async function renderWith(requests: PendingRequestView[], locale: 'en' | 'zh-CN' = 'en') {
  return renderApp(requests, { locale });
}

describe('the window title', () => {
  it('carries the count of waiting requests, and only the name when nothing waits', () => {
    expect(titleFor(0)).toBe('Gatehouse');
    expect(titleFor(3)).toBe('(3) Gatehouse');
    expect(titleFor(3, '1 hands back in 0:12')).toBe('(3) 1 hands back in 0:12 · Gatehouse');
    expect(titleFor(0, '1 hands back in 0:12')).toBe('Gatehouse');
  });

  it('follows the queue as requests come and go, once the cards are painted', async () => {
    const { fake } = await renderWith([pendingRequest('a'), pendingRequest('b')]);
    await vi.waitFor(() => expect(document.title).toBe('(2) Gatehouse'));
    await act(async () => fake.add(pendingRequest('c', { receivedAt: 3_000 })));
    await vi.waitFor(() => expect(document.title).toBe('(3) Gatehouse'));
    await act(async () => fake.resolveElsewhere('a', 'agent', 'deny'));
    await vi.waitFor(() => expect(document.title).toBe('(2) Gatehouse'));
  });

  it('follows at once in a hidden window, where no frame comes to paint', async () => {
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const frames = vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    try {
      const { fake } = await renderWith([pendingRequest('a')]);
      expect(document.title).toBe('(1) Gatehouse');
      await act(async () => fake.add(pendingRequest('b', { receivedAt: 3_000 })));
      expect(document.title).toBe('(2) Gatehouse');
    } finally {
      visibility.mockRestore();
      frames.mockRestore();
    }
  });
});

describe('the second-look count', () => {
  it('counts the requests that need a second look across sessions and goes to the first in the list', async () => {
    const { store } = await renderWith([
      pendingRequest('a'),
      dangerousRequest('b', { sessionId: 'session-2', receivedAt: 2_000 }),
      dangerousRequest('c', { receivedAt: 3_000 }),
    ]);
    const count = screen.getByRole('button', { name: '2 need a second look: show the first' });
    fireEvent.click(count);
    // Session 1 (a, c) comes before session 2 (b): the first second-look card in the list is c.
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(store.getState().cursor).toBe('c');
  });

  it('is absent when nothing needs one, and speaks Chinese in the Chinese UI', async () => {
    await renderWith([pendingRequest('a')]);
    expect(screen.queryByRole('button', { name: /second look/ })).toBeNull();
    cleanup();
    await renderWith([dangerousRequest('a')], 'zh-CN');
    expect(screen.getByRole('button', { name: '1 个需要复核：查看' })).toBeTruthy();
  });
});

describe('arrivals out of view', () => {
  const view = { start: 1_000, end: 1_700 };
  const spans: Record<string, { start: number; end: number }> = {
    up: { start: 100, end: 400 },
    edge: { start: 900, end: 1_000 },
    here: { start: 1_200, end: 1_500 },
    down: { start: 2_000, end: 2_300 },
    further: { start: 2_400, end: 2_700 },
  };

  it('places a row above, in or below the view; a row that reaches into it is seen', () => {
    expect(placeOf(spans.up!, view)).toBe('above');
    expect(placeOf(spans.edge!, view)).toBe('above');
    expect(placeOf({ start: 950, end: 1_010 }, view)).toBe('in');
    expect(placeOf(spans.here!, view)).toBe('in');
    expect(placeOf({ start: 1_700, end: 1_900 }, view)).toBe('below');
  });

  it('splits the arrivals by side in list order and drops the ones gone from the queue', () => {
    const order = ['up', 'edge', 'here', 'down', 'further'];
    const split = unseenArrivals(['further', 'here', 'up', 'gone', 'down'], order, (id) => spans[id], view);
    expect(split).toEqual({ above: ['up'], below: ['down', 'further'], seen: ['here'] });
  });
});

describe('subcommands', () => {
  const compound = pendingRequest('a', {
    input: { command: 'npm test && git status && du -sh . && curl -s localhost' },
    explanation: {
      ...pendingRequest('a').explanation!,
      subcommands: [
        {
          text: 'npm test',
          allowedBy: { text: 'Bash(npm test *)', behavior: 'allow', source: 'projectSettings' },
        },
        {
          text: 'git status',
          allowedBy: { text: 'Bash(git status)', behavior: 'allow', source: 'projectSettings' },
        },
        { text: 'du -sh .' },
        { text: 'curl -s localhost' },
      ],
    },
  });

  it('lists only the parts that need the person, with the allowed ones behind "N more"', async () => {
    await renderWith([compound]);
    const list = () => screen.getByRole('list', { name: 'Subcommands' });
    expect([...list().querySelectorAll('code')].map((code) => code.textContent)).toEqual([
      'du -sh .',
      'curl -s localhost',
    ]);
    fireEvent.click(screen.getByRole('button', { name: '2 more, allowed or only reading' }));
    expect([...list().querySelectorAll('code')].map((code) => code.textContent)).toEqual([
      'npm test',
      'git status',
      'du -sh .',
      'curl -s localhost',
    ]);
    expect(screen.queryByRole('button', { name: /more, allowed or only reading/ })).toBeNull();
  });

  it('keeps a read-only part quiet and a dangerous part in front, whatever rule allows it', async () => {
    const allowed = { text: 'Bash(cat *)', behavior: 'allow', source: 'projectSettings' } as const;
    await renderWith([
      pendingRequest('b', {
        input: { command: 'pwd && cat ~/.ssh/id_rsa && date' },
        explanation: {
          ...pendingRequest('b').explanation!,
          subcommands: [
            { text: 'pwd', readOnly: true },
            { text: 'cat ~/.ssh/id_rsa', readOnly: true, allowedBy: allowed, danger: 'reads-secret' },
            { text: 'date' },
          ],
        },
      }),
    ]);
    const items = screen.getByRole('list', { name: 'Subcommands' }).querySelectorAll('li');
    expect([...items].map((item) => item.querySelector('.subcommand__verdict')?.textContent)).toEqual([
      'reads a key, token or credential and hands it to the agent',
      'no rule allows it',
    ]);
    fireEvent.click(screen.getByRole('button', { name: '1 more, allowed or only reading' }));
    expect(screen.getByText('only reads')).toBeTruthy();
    expect(screen.queryByText('needs you')).toBeNull();
  });
});
