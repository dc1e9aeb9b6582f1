import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleApi, EventChannel, Result } from '../../../common/console-contract';
import { createFakeConsoleApi, dangerousRequest, pendingRequest } from '../testing/fake-console-api';
import { createQueueStore, partitionForAllow, RESOLVED_LINGER_MS } from './queue-store';

afterEach(() => vi.useRealTimers());

async function loaded(requests = [pendingRequest('a')], now: () => number = () => 10_000) {
  const fake = createFakeConsoleApi(requests);
  const store = createQueueStore(fake.api, now);
  await store.getState().load();
  return { fake, store };
}

const longCommand = Array.from({ length: 40 }, (_, i) => `echo ${i}`).join('\n');

describe('the queue store', () => {
  it('takes no answer once the console is lost, and the next console’s list brings cards back to life', async () => {
    const { store, fake } = await loaded([pendingRequest('a'), pendingRequest('b')]);
    store.getState().toggleSelected('a');
    store.getState().openPanel('b', { kind: 'deny' });
    store.getState().loseConsole();
    expect(store.getState()).toMatchObject({ consoleLost: true, selected: {}, panels: {} });
    expect(await store.getState().decide({ id: 'a', behavior: 'deny' })).toBe(false);
    store.getState().requestAllow('b', { kind: 'once' });
    await store.getState().answerSelected('deny');
    expect(fake.decisions()).toEqual([]);

    await store.getState().load();
    expect(store.getState().consoleLost).toBe(false);
    expect(await store.getState().decide({ id: 'a', behavior: 'deny' })).toBe(true);
  });

  it('loads the waiting requests oldest first, with the grants and the console status', async () => {
    const { store, fake } = await loaded([
      pendingRequest('b', { receivedAt: 20 }),
      pendingRequest('a', { receivedAt: 10 }),
    ]);
    expect(store.getState().requests.map((r) => r.id)).toEqual(['a', 'b']);
    expect(store.getState().status?.version).toBe('0.1.0');
    fake.setGrants([
      {
        id: 'g',
        rule: 'Bash(ls)',
        sessionId: 's',
        cwd: '/p',
        agent: 'a',
        duration: 'session',
        createdAt: 1,
        uses: 0,
      },
    ]);
    expect(store.getState().grants.map((g) => g.id)).toEqual(['g']);
  });

  it('keeps a request or grant pushed after its list arrived, while the rest of the load is on its way', async () => {
    // The console answers the three reads one by one and sends events between them, as over its socket.
    const answers = new Map<string, (result: Result<unknown>) => void>();
    const listeners = new Map<string, (payload: never) => void>();
    const api = {
      invoke: (channel: string) => new Promise((resolve) => answers.set(channel, resolve)),
      on: (channel: EventChannel, listener: (payload: never) => void) => {
        listeners.set(channel, listener);
        return () => undefined;
      },
    } as unknown as ConsoleApi;
    const push = (channel: EventChannel, payload: unknown) => listeners.get(channel)?.(payload as never);
    const store = createQueueStore(api);
    const loading = store.getState().load();
    const grant = {
      id: 'g',
      rule: 'Bash(ls)',
      sessionId: 's',
      cwd: '/p',
      agent: 'a',
      duration: 'session' as const,
    };
    answers.get('queue:list')?.({ ok: true, value: [pendingRequest('a')] });
    answers.get('grants:list')?.({ ok: true, value: [] });
    await Promise.resolve();
    push('queue:changed', { kind: 'added', request: pendingRequest('b') });
    push('grants:changed', [{ ...grant, createdAt: 1, uses: 0 }]);
    expect(store.getState().loaded).toBe(false);
    answers.get('console:status')?.({ ok: false, error: { code: 'internal', message: 'later' } });
    await loading;
    expect(store.getState().requests.map((r) => r.id)).toEqual(['a', 'b']);
    expect(store.getState().grants.map((g) => g.id)).toEqual(['g']);
    expect(store.getState().loaded).toBe(true);
  });

  it('adds pushed requests once, even if the list already had them', async () => {
    const { store, fake } = await loaded();
    fake.add(pendingRequest('b'));
    store.getState().apply({ kind: 'added', request: pendingRequest('b') });
    expect(store.getState().requests.map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('marks a card it decided as its own, then lets it leave', async () => {
    vi.useFakeTimers();
    const { store, fake } = await loaded();
    await store.getState().decide({ id: 'a', behavior: 'allow' });
    expect(fake.decisions()).toEqual([{ id: 'a', behavior: 'allow' }]);
    expect(store.getState().resolutions.a).toEqual({ behavior: 'allow', by: 'console', mine: true });
    vi.advanceTimersByTime(RESOLVED_LINGER_MS);
    expect(store.getState().requests).toEqual([]);
  });

  it('says who won, and why, when a request is decided elsewhere', async () => {
    const { store, fake } = await loaded();
    fake.resolveElsewhere('a', 'agent', 'passthrough', 'answered in the terminal');
    expect(store.getState().resolutions.a).toEqual({
      behavior: 'passthrough',
      by: 'agent',
      mine: false,
      message: 'answered in the terminal',
    });
    await store.getState().decide({ id: 'a', behavior: 'allow' });
    expect(fake.decisions()).toEqual([]);
  });

  it('opens no Edit or Always allow panel on a Codex card, which Codex could not take', async () => {
    const { store } = await loaded([pendingRequest('c', { agent: { name: 'codex' } }), pendingRequest('a')]);
    store.getState().openPanel('c', { kind: 'edit' });
    store.getState().openPanel('c', { kind: 'always' });
    expect(store.getState().panels.c).toBeUndefined();
    store.getState().openPanel('c', { kind: 'deny' });
    expect(store.getState().panels.c).toEqual({ kind: 'deny' });
    store.getState().openPanel('a', { kind: 'edit' });
    expect(store.getState().panels.a).toEqual({ kind: 'edit' });
  });

  it('ignores a second answer while the first is in flight', async () => {
    const { store, fake } = await loaded();
    await Promise.all([
      store.getState().decide({ id: 'a', behavior: 'allow' }),
      store.getState().decide({ id: 'a', behavior: 'deny' }),
    ]);
    expect(fake.decisions()).toHaveLength(1);
  });

  it('sends a dangerous request to its confirm step, and only the confirm sends the allow', async () => {
    const { store, fake } = await loaded([dangerousRequest('x')]);
    store.getState().requestAllow('x', { kind: 'once' });
    expect(fake.decisions()).toEqual([]);
    expect(store.getState().panels.x).toEqual({ kind: 'confirm', choice: { kind: 'once' } });
    store.getState().confirmAllow('x');
    await vi.waitFor(() => expect(fake.decisions()).toEqual([{ id: 'x', behavior: 'allow' }]));
  });

  it('carries a grant through the confirm step', async () => {
    const { store, fake } = await loaded([dangerousRequest('x')]);
    store.getState().requestAllow('x', { kind: 'grant', duration: '5m', rule: 'Bash(rm *)' });
    store.getState().confirmAllow('x');
    await vi.waitFor(() =>
      expect(fake.decisions()).toEqual([
        { id: 'x', behavior: 'allow', grant: { duration: '5m', rule: 'Bash(rm *)' } },
      ]),
    );
  });

  it('refuses to allow a long command until it has been seen to its end', async () => {
    const { store, fake } = await loaded([pendingRequest('long', { input: { command: longCommand } })]);
    store.getState().requestAllow('long', { kind: 'once' });
    expect(fake.decisions()).toEqual([]);
    store.getState().markSeenToEnd('long');
    store.getState().requestAllow('long', { kind: 'once' });
    await vi.waitFor(() => expect(fake.decisions()).toHaveLength(1));
  });

  it('answers the selection one decision each, leaving out what needs its own look', async () => {
    const { store, fake } = await loaded([
      pendingRequest('a'),
      pendingRequest('b'),
      dangerousRequest('c'),
      pendingRequest('d'),
    ]);
    for (const id of ['a', 'b', 'c']) store.getState().toggleSelected(id);
    await store.getState().answerSelected('allow');
    expect(fake.decisions()).toEqual([
      { id: 'a', behavior: 'allow' },
      { id: 'b', behavior: 'allow' },
    ]);
    expect(Object.keys(store.getState().selected)).toEqual(['c']);
    await store.getState().answerSelected('deny');
    expect(fake.decisions().at(-1)).toEqual({ id: 'c', behavior: 'deny' });
  });

  it('partitions a selection for Allow by the same gate as a single card', () => {
    const long = pendingRequest('long', { input: { command: longCommand } });
    const { allow, skipped } = partitionForAllow([pendingRequest('a'), dangerousRequest('x'), long], {});
    expect(allow.map((r) => r.id)).toEqual(['a']);
    expect(skipped.map((r) => r.id)).toEqual(['x', 'long']);
    expect(partitionForAllow([long], { long: true }).allow).toHaveLength(1);
  });

  it('walks the cursor in display order (by session), and moves it on when its card leaves', async () => {
    vi.useFakeTimers();
    const { store } = await loaded([
      pendingRequest('a', { receivedAt: 1 }),
      pendingRequest('b', { receivedAt: 2, sessionId: 'other' }),
      pendingRequest('c', { receivedAt: 3 }),
    ]);
    const cursor = () => store.getState().cursor;
    store.getState().moveCursor(1);
    expect(cursor()).toBe('a');
    store.getState().moveCursor(1);
    expect(cursor()).toBe('c');
    store.getState().moveCursor(1);
    expect(cursor()).toBe('b');
    store.getState().moveCursor(1);
    expect(cursor()).toBe('b');
    store.getState().moveCursor(-1);
    await store.getState().decide({ id: 'c', behavior: 'deny' });
    vi.advanceTimersByTime(RESOLVED_LINGER_MS);
    expect(cursor()).toBe('b');
  });

  it('walks first through the cards about to go back to their agent, and lets one join when its time comes', async () => {
    vi.useFakeTimers();
    let clock = 10_000;
    const { fake, store } = await loaded(
      [
        pendingRequest('a', { receivedAt: 1, deadline: 10_000 + 600_000 }),
        pendingRequest('b', { receivedAt: 2, deadline: 10_000 + 120_000 }),
      ],
      () => clock,
    );
    fake.add(pendingRequest('codex', { receivedAt: 3, sessionId: 'c', deadline: clock + 30_000 }));
    expect(store.getState().lane).toEqual({ codex: true });
    store.getState().moveCursor(1);
    expect(store.getState().cursor).toBe('codex');
    store.getState().moveCursor(1);
    expect(store.getState().cursor).toBe('a');

    // b joins the lane when a minute is left on it, by the store's own timer.
    clock += 60_001;
    vi.advanceTimersByTime(60_001);
    expect(store.getState().lane).toEqual({ codex: true, b: true });
    store.getState().moveCursor(-1);
    expect(store.getState().cursor).toBe('b');
  });

  it('fetches a diff once per request', async () => {
    const { store, fake } = await loaded([
      pendingRequest('e', { tool: 'Edit', input: { file_path: '/p/a' } }),
    ]);
    store.getState().loadDiff('e');
    store.getState().loadDiff('e');
    await vi.waitFor(() => expect(store.getState().diffs.e?.status).toBe('ready'));
    expect(fake.calls.filter((c) => c.channel === 'queue:diff')).toHaveLength(1);
  });

  it('shows a failed answer as an error and lets the card be answered again', async () => {
    const { store } = await loaded();
    const failing = createQueueStore(
      {
        invoke: async () => ({ ok: false, error: { code: 'x', message: 'The console is gone.' } }),
        on: () => () => undefined,
      },
      () => 0,
    );
    failing.setState({ requests: store.getState().requests });
    expect(await failing.getState().decide({ id: 'a', behavior: 'allow' })).toBe(false);
    expect(failing.getState().error).toEqual({ code: 'x', message: 'The console is gone.' });
    expect(failing.getState().inFlight).toEqual({});
  });
});
