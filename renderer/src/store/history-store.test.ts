import { describe, expect, it } from 'vitest';
import { createFakeConsoleApi } from '../testing/fake-console-api';
import { historyEntry, historySession } from '../testing/fake-history';
import type { FakeHistoryData } from '../testing/fake-history';
import { createHistoryStore, HISTORY_PAGE, isFiltering } from './history-store';

function setUp(history: FakeHistoryData) {
  const fake = createFakeConsoleApi([], { history });
  return { fake, store: createHistoryStore(fake.api) };
}

const manySessions = Array.from({ length: HISTORY_PAGE + 5 }, (_, i) =>
  historySession(`s${i}`, { firstSeen: 10_000 - i }),
);

describe('the history store', () => {
  it('loads the first page of sessions and the retention, then the next page by its cursor', async () => {
    const { store, fake } = setUp({ sessions: manySessions, retentionDays: 30 });
    await store.getState().load();
    expect(store.getState().sessions.items).toHaveLength(HISTORY_PAGE);
    expect(store.getState().retention).toEqual({ days: 30 });
    await store.getState().loadMoreSessions();
    expect(store.getState().sessions.items.map((s) => s.id)).toEqual(manySessions.map((s) => s.id));
    expect(store.getState().sessions.next).toBeUndefined();
    const cursors = fake.calls.filter((c) => c.channel === 'history:sessions').map((c) => c.args);
    expect(cursors).toEqual([
      { limit: HISTORY_PAGE },
      { limit: HISTORY_PAGE, before: { firstSeen: 10_000 - 49, id: 's49' } },
    ]);
  });

  it('says a loaded empty history is empty, not loading', async () => {
    const { store } = setUp({});
    expect(store.getState().sessions.loaded).toBe(false);
    await store.getState().load();
    expect(store.getState().sessions).toMatchObject({ items: [], loaded: true, loading: false });
  });

  it('opens a session timeline newest first and closes it', async () => {
    const { store } = setUp({
      entries: [
        historyEntry('b', { receivedAt: 2 }),
        historyEntry('a', { receivedAt: 1 }),
        historyEntry('x', { sessionId: 'other' }),
      ],
    });
    await store.getState().openSession('session-1');
    expect(store.getState().timeline?.page.items.map((e) => e.request.id)).toEqual(['b', 'a']);
    await store.getState().openSession(undefined);
    expect(store.getState().timeline).toBeUndefined();
  });

  it('queries across sessions while filtering, pages on, and drops the results when the filter clears', async () => {
    const entries = Array.from({ length: 60 }, (_, i) =>
      historyEntry(`r${i}`, { receivedAt: i, tool: i % 2 ? 'Edit' : 'Bash' }),
    );
    const { store } = setUp({ entries });
    await store.getState().setFilter({ tool: 'Bash' });
    expect(store.getState().results.items).toHaveLength(30);
    expect(store.getState().results.next).toBeUndefined();
    await store.getState().setFilter({ text: 'npm' });
    expect(store.getState().results.items).toHaveLength(HISTORY_PAGE);
    await store.getState().loadMoreResults();
    expect(store.getState().results.items).toHaveLength(60);
    await store.getState().setFilter({ text: '  ' });
    expect(store.getState().results).toMatchObject({ items: [], loaded: false });
  });

  it('keeps only the newest query when answers arrive out of order', async () => {
    const { store } = setUp({ entries: [historyEntry('bash'), historyEntry('edit', { tool: 'Edit' })] });
    const older = store.getState().setFilter({ tool: 'Bash' });
    const newer = store.getState().setFilter({ tool: 'Edit' });
    await Promise.all([newer, older]);
    expect(store.getState().results.items.map((e) => e.request.id)).toEqual(['edit']);
  });

  it('pages a long timeline back to its start', async () => {
    const entries = Array.from({ length: HISTORY_PAGE + 3 }, (_, i) =>
      historyEntry(`r${i}`, { receivedAt: i }),
    );
    const { store, fake } = setUp({ entries });
    await store.getState().openSession('session-1');
    expect(store.getState().timeline?.page.items).toHaveLength(HISTORY_PAGE);
    await store.getState().loadEarlier();
    expect(store.getState().timeline?.page.items.at(-1)?.request.id).toBe('r0');
    expect(store.getState().timeline?.page.next).toBeUndefined();
    const filters = fake.calls
      .filter((c) => c.channel === 'history:requests')
      .map((c) => (c.args as { filter: unknown }).filter);
    expect(filters).toEqual([{ sessionId: 'session-1' }, { sessionId: 'session-1' }]);
  });

  it('exports the filters, else the open session, else everything', async () => {
    const { store, fake } = setUp({
      entries: [historyEntry('a'), historyEntry('x', { sessionId: 'other' })],
    });
    const exported = () =>
      fake.calls
        .filter((c) => c.channel === 'history:export')
        .map((c) => (c.args as { filter: unknown }).filter)
        .at(-1);
    await store.getState().exportSelection('jsonl');
    expect(exported()).toEqual({});
    await store.getState().openSession('other');
    await store.getState().exportSelection('jsonl');
    expect(exported()).toEqual({ sessionId: 'other' });
    await store.getState().setFilter({ tool: 'Bash' });
    await store.getState().exportSelection('jsonl');
    expect(exported()).toEqual({ tool: 'Bash' });
  });

  it('assembles an export from all its pages', async () => {
    const { store } = setUp({
      entries: [historyEntry('a', { receivedAt: 1 }), historyEntry('b', { receivedAt: 2 })],
    });
    const csv = await store.getState().exportSelection('csv');
    expect(csv?.join('')).toBe('id\r\nb\r\na\r\n');
    expect(store.getState().exporting).toBeUndefined();
  });

  it('turns a failed channel into one error and leaves the list as it was', async () => {
    const { store } = setUp({ failWith: 'The history database is locked.' });
    await store.getState().load();
    expect(store.getState().error?.message).toBe('The history database is locked.');
    expect(await store.getState().exportSelection('jsonl')).toBeUndefined();
    store.getState().dismissError();
    expect(store.getState().error).toBeUndefined();
  });

  it('marks itself stale on a change and clears that on refresh', async () => {
    const { store } = setUp({ sessions: [historySession('s1')] });
    store.getState().markStale();
    expect(store.getState().stale).toBe(true);
    await store.getState().refresh();
    expect(store.getState().stale).toBe(false);
    expect(store.getState().sessions.items.map((s) => s.id)).toEqual(['s1']);
  });

  it('saves a retention and purges', async () => {
    const { store } = setUp({ entries: [historyEntry('a')] });
    expect(await store.getState().setRetention(7)).toBeUndefined();
    expect(store.getState().retention).toEqual({ days: 7 });
    expect(await store.getState().purge(0)).toEqual({ requests: 1, sessions: 0 });
  });

  it('counts only set fields and non-blank text as filtering', () => {
    expect(isFiltering({})).toBe(false);
    expect(isFiltering({ text: ' ' })).toBe(false);
    expect(isFiltering({ outcome: 'pending' })).toBe(true);
  });
});
