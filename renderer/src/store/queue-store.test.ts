import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeConsoleApi, pendingRequest } from '../testing/fake-console-api';
import { createQueueStore, RESOLVED_LINGER_MS } from './queue-store';

afterEach(() => vi.useRealTimers());

describe('the queue store', () => {
  it('loads the waiting requests oldest first', async () => {
    const fake = createFakeConsoleApi([
      pendingRequest('b', { receivedAt: 20 }),
      pendingRequest('a', { receivedAt: 10 }),
    ]);
    const store = createQueueStore(fake.api);
    await store.getState().load();
    expect(store.getState().requests.map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('adds pushed requests once, even if the list already had them', async () => {
    const fake = createFakeConsoleApi([pendingRequest('a')]);
    const store = createQueueStore(fake.api);
    await store.getState().load();
    fake.add(pendingRequest('b'));
    store.getState().apply({ kind: 'added', request: pendingRequest('b') });
    expect(store.getState().requests.map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('marks a card it decided as its own, then lets it leave', async () => {
    vi.useFakeTimers();
    const fake = createFakeConsoleApi([pendingRequest('a')]);
    const store = createQueueStore(fake.api);
    await store.getState().load();
    await store.getState().decide('a', 'allow');
    expect(fake.calls).toContainEqual({ channel: 'queue:decide', args: { id: 'a', behavior: 'allow' } });
    expect(store.getState().resolutions.a).toEqual({ behavior: 'allow', by: 'console', mine: true });
    vi.advanceTimersByTime(RESOLVED_LINGER_MS);
    expect(store.getState().requests).toEqual([]);
  });

  it('says who won when a request is decided elsewhere', async () => {
    const fake = createFakeConsoleApi([pendingRequest('a')]);
    const store = createQueueStore(fake.api);
    await store.getState().load();
    fake.resolveElsewhere('a', 'agent', 'passthrough');
    expect(store.getState().resolutions.a).toEqual({ behavior: 'passthrough', by: 'agent', mine: false });
  });

  it('ignores a second click while the first is in flight', async () => {
    const fake = createFakeConsoleApi([pendingRequest('a')]);
    const store = createQueueStore(fake.api);
    await store.getState().load();
    await Promise.all([store.getState().decide('a', 'allow'), store.getState().decide('a', 'deny')]);
    expect(fake.calls.filter((c) => c.channel === 'queue:decide')).toHaveLength(1);
  });
});
