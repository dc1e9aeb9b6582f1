import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PendingRequestView } from '../../../../common/queue-contract';
import { pendingRequest } from '../../testing/fake-console-api';
import { renderApp } from '../../testing/render-app';

afterEach(cleanup);

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });
});

const cwd = '/home/dev/projects/shop';
const outside = '/home/dev/shared/notes.txt';
/** What Claude Code 2.1.328 sends for `touch` outside the working directories (tests/agents). */
const suggestions: PendingRequestView['suggestions'] = [
  { type: 'addDirectories', directories: ['/home/dev/shared'], destination: 'session' },
  { type: 'setMode', mode: 'acceptEdits', destination: 'session' },
];
const request = pendingRequest('a', {
  input: { command: `touch ${outside}`, description: 'Make notes' },
  suggestions,
  explanation: {
    behavior: 'ask',
    step: '1c',
    reason: {
      type: 'workingDirectories',
      path: outside,
      message: `The path ${outside} that touch writes is outside the working directories for this session (${cwd}).`,
    },
    nearMisses: [],
    risk: 'writes files',
    needsSecondLook: false,
    outsidePath: outside,
    workingDirectories: [cwd],
    suggestedRules: [],
  },
});

async function renderWith(requests: PendingRequestView[]) {
  return renderApp(requests, { fake: { status: { version: '0.1.0', tokenStorage: 'file', warnings: [] } } });
}

describe('a card for a path outside the working directories', () => {
  it('says why it asked and names the path and the session’s directories', async () => {
    await renderWith([request]);
    const why = screen.getByRole('region', { name: /^Why it asked: / });
    expect(within(why).getByText('Outside the working directories')).toBeTruthy();
    expect(within(why).getByText(outside)).toBeTruthy();
    expect(why.textContent).toContain(`(the session works in ${cwd})`);
  });

  it('offers the agent’s own fixes as answers and hands the one clicked back', async () => {
    const { fake } = await renderWith([request]);
    await act(async () =>
      fireEvent.click(
        screen.getByRole('button', { name: 'Allow, and add /home/dev/shared for this session' }),
      ),
    );
    expect(
      screen.getByRole('button', { name: 'Allow, and switch to acceptEdits for this session' }),
    ).toBeTruthy();
    expect(fake.decisions()).toEqual([{ id: 'a', behavior: 'allow', updatedPermissions: [suggestions[0]] }]);
  });
});
