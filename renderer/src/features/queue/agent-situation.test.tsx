/**
 * What a card and its session say about the agent's situation (Claude Code 2.1.3xx): the MCP server's
 * source, no terminal to fall back on (headless, or denyInsteadOfPrompting), and auto mode.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PendingRequestView } from '../../../../common/queue-contract';
import { pendingRequest } from '../../testing/fake-console-api';
import { renderApp } from '../../testing/render-app';

afterEach(cleanup);

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });
});

async function renderWith(requests: PendingRequestView[]) {
  await renderApp(requests, { fake: { status: { version: '0.1.0', tokenStorage: 'file', warnings: [] } } });
}

describe('a card', () => {
  it('names an MCP tool’s server and where it was configured', async () => {
    await renderWith([
      pendingRequest('a', {
        tool: 'mcp__github__create_issue',
        input: { title: 'x' },
        mcpServer: { name: 'github', source: 'project' },
      }),
      pendingRequest('b', {
        tool: 'mcp__odd__x',
        input: {},
        mcpServer: { name: 'odd', source: 'elsewhere' },
      }),
    ]);
    const [first, second] = screen.getAllByRole('article');
    expect(within(first!).getByText('MCP server github · the project’s settings')).toBeTruthy();
    expect(within(second!).getByText('MCP server odd · an unknown source “elsewhere”')).toBeTruthy();
  });

  it('says when the agent has no terminal to fall back on, and why', async () => {
    const base = pendingRequest('x');
    await renderWith([
      pendingRequest('a', { attended: false }),
      pendingRequest('b', {
        sessionId: 'session-2',
        explanation: { ...base.explanation!, denyInsteadOfPrompting: '/home/dev/.claude/settings.json' },
      }),
      pendingRequest('c', { sessionId: 'session-3', attended: true }),
    ]);
    const [headless, denying, attended] = screen.getAllByRole('article');
    expect(within(headless!).getByRole('note').textContent).toMatch(
      /runs without a terminal.*unless you answer here, it denies this call/,
    );
    expect(within(denying!).getByRole('note').textContent).toMatch(
      /settings\.json sets denyInsteadOfPrompting.*unless you answer here, it denies this call/,
    );
    expect(within(attended!).queryByRole('note')).toBeNull();
  });
});

describe('a session', () => {
  it('in auto mode, or with no terminal, says so in its header and on its cards', async () => {
    await renderWith([
      pendingRequest('a', { mode: 'auto' }),
      pendingRequest('b', { sessionId: 'session-2', attended: false }),
    ]);
    const [auto, headless] = screen.getAllByRole('heading', { level: 2 });
    expect(within(auto!).getByText('auto mode')).toBeTruthy();
    expect(within(auto!).queryByText('no terminal')).toBeNull();
    expect(within(headless!).getByText('no terminal')).toBeTruthy();
    expect(within(headless!).queryByText('auto mode')).toBeNull();
    expect(
      within(screen.getAllByRole('article')[0]!).getByText(
        'auto: Claude Code’s classifier did not approve this on its own',
      ),
    ).toBeTruthy();
  });
});
