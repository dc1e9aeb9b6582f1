import { cleanup, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPrefsStore } from '../store/prefs-store';
import { createQueueStore } from '../store/queue-store';
import { createFakeConsoleApi, pendingRequest } from '../testing/fake-console-api';
import { ConsoleRoot, createConnectionStore } from './console-root';
import type { ConnectionStore } from './console-root';

afterEach(cleanup);

// jsdom lays nothing out: give elements a window's size so the virtual list has room to render cards.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });
});

/** The socket's `ready` landing after the first render was committed, before its effects subscribed. */
function ReadyDuringCommit({ connection }: { connection: ConnectionStore }) {
  useLayoutEffect(() => connection.setState('ready', true), [connection]);
  return null;
}

describe('the console root', () => {
  it('loads the queue when the connection is ready before the root has subscribed to it', async () => {
    const fake = createFakeConsoleApi([pendingRequest('a')]);
    const connection = createConnectionStore('connecting');
    render(
      <>
        <ConsoleRoot
          api={fake.api}
          store={createQueueStore(fake.api)}
          prefs={createPrefsStore(undefined)}
          connection={connection}
        />
        <ReadyDuringCommit connection={connection} />
      </>,
    );
    expect((await screen.findByLabelText('Command')).textContent).toBe('npm run build && npm test');
    expect(screen.getByRole('status').textContent).toBe('Connected');
  });
});
