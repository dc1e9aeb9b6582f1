import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  Caller,
  ConsoleHandlers,
  InvokeArgs,
  InvokeChannel,
  InvokeValues,
} from '../../common/console-contract';
import type { ExportFormatView, HistoryFilter, RequestCursorView } from '../../common/history-contract';
import { makeTempDir } from '../../tests/support/temp-dir';
import { createSqliteHistory } from '../history';
import type { History } from '../history';
import { openActivityRecord } from '../history/activity-access';
import type { ActivityRecord } from '../history/activity-access';
import { sampleEntry, sampleRequest } from '../history/testing/sample';
import { dispatchInvoke } from './dispatch-invoke';
import { createHistoryHandlers, EXPORT_PAGE_BYTES } from './history-handlers';
import { DAY_MS, startRetention } from '../history/retention-schedule';
import type { RetentionKeeper } from '../history/retention-schedule';
import { saveRetentionDays } from '../history/retention-setting';

const NOW = Date.UTC(2026, 5, 1);
const caller: Caller = { id: 'test', channel: 'web' };

let dir: Awaited<ReturnType<typeof makeTempDir>>;
let history: History;
let activity: ActivityRecord;
let retention: RetentionKeeper;
let purged: ReturnType<typeof vi.fn<() => void>>;
let handlers: ConsoleHandlers;

const invoke = async (channel: InvokeChannel, args: unknown) =>
  dispatchInvoke(handlers, channel, args, caller);
const value = async <C extends InvokeChannel>(channel: C, args: InvokeArgs<C>): Promise<InvokeValues[C]> => {
  const result = await invoke(channel, args);
  if (!result.ok) throw new Error(result.error.message);
  return result.value as InvokeValues[C];
};

/** Three sessions a day apart, each with four requests of different tools and outcomes. */
function fill() {
  for (let s = 0; s < 3; s++) {
    const base = NOW - (3 - s) * DAY_MS;
    const cwd = s === 2 ? '/srv/shop-admin' : '/srv/shop';
    const calls = [
      {
        tool: 'Bash',
        input: { command: `npm test --session ${s}` },
        behavior: 'allow' as const,
        by: 'console' as const,
      },
      {
        tool: 'Edit',
        input: { file_path: `${cwd}/src/cart-${s}.ts` },
        behavior: 'deny' as const,
        by: 'notification' as const,
      },
      {
        tool: 'WebFetch',
        input: { url: `https://docs.example/page-${s}` },
        behavior: 'allow' as const,
        by: 'grant' as const,
      },
    ];
    calls.forEach((call, index) =>
      history.record(
        sampleEntry(
          sampleRequest({
            id: `s${s}-r${index}`,
            sessionId: `s${s}`,
            cwd,
            tool: call.tool,
            input: call.input,
          }),
          { behavior: call.behavior, by: call.by },
          { receivedAt: base + index * 1_000, decidedAt: base + index * 1_000 + 400 },
        ),
      ),
    );
    history.recordPending(
      sampleRequest({ id: `s${s}-pending`, sessionId: `s${s}`, cwd }),
      { name: 'claude-code' },
      base + 10_000,
    );
  }
}

beforeEach(async () => {
  dir = await makeTempDir();
  history = createSqliteHistory(join(dir.path, 'history.sqlite3'));
  activity = openActivityRecord({
    activity: join(dir.path, 'activity.sqlite3'),
    history: join(dir.path, 'history.sqlite3'),
  });
  fill();
  purged = vi.fn<() => void>();
  retention = startRetention({
    history,
    days: undefined,
    now: () => NOW,
    onPurged: purged,
    onError: () => {},
  });
  const historyHandlers = createHistoryHandlers({
    history,
    activity,
    retention,
    saveRetention: (days) => saveRetentionDays(dir.path, days),
    now: () => NOW,
    purged,
  });
  handlers = historyHandlers as ConsoleHandlers;
});

afterEach(async () => {
  retention.close();
  activity.close();
  history.close();
  await dir.remove();
});

describe('the agents’ own record', () => {
  it('reads a session’s calls through the record beside the history file', async () => {
    await activity.ingest([
      {
        kind: 'decision',
        agent: 'claude',
        sessionId: 'agent-s',
        callId: 'toolu_1',
        tool: 'Bash',
        input: { command: 'ls' },
        at: NOW,
        sequence: 1,
        decision: 'accept',
        allowed: true,
        source: 'config',
        permissionMode: 'default',
      },
    ]);
    expect((await value('history:activity', { sessionId: 'agent-s', limit: 10 })).calls).toEqual([
      expect.objectContaining({ callId: 'toolu_1', summary: 'ls', source: 'config' }),
    ]);
  });

  it('says in one sentence when the record cannot be read', async () => {
    activity.close();
    const result = await invoke('history:activity-sessions', { limit: 10 });
    expect(result).toMatchObject({ ok: false, error: { code: 'no-history' } });
    expect(!result.ok && result.error.message).toMatch(
      /^The agents' activity could not be read \(.+\); restart the console to read it again\.$/,
    );
    activity = openActivityRecord({
      activity: join(dir.path, 'activity.sqlite3'),
      history: join(dir.path, 'history.sqlite3'),
    });
  });
});

describe('history:sessions', () => {
  it('pages sessions newest first with a cursor until the last page', async () => {
    const first = await value('history:sessions', { limit: 2 });
    expect(first.sessions.map((s: { id: string }) => s.id)).toEqual(['s2', 's1']);
    expect(first.sessions[0]?.counts).toEqual({ allow: 2, deny: 1, passthrough: 0, pending: 1 });
    const second = await value('history:sessions', { limit: 2, before: first.next });
    expect(second.sessions.map((s: { id: string }) => s.id)).toEqual(['s0']);
    expect(second.next).toBeUndefined();
  });
});

describe("a session's timeline", () => {
  it('is its requests by session id, newest first, each with its decision', async () => {
    const { entries } = await value('history:requests', { filter: { sessionId: 's1' }, limit: 10 });
    expect(entries.map((e) => e.request.id)).toEqual(['s1-pending', 's1-r2', 's1-r1', 's1-r0']);
    expect(entries[2]?.decision).toMatchObject({
      decision: { behavior: 'deny', by: 'notification' },
      latencyMs: 400,
    });
    expect(entries[0]?.decision).toBeUndefined();
  });
});

describe('history:requests', () => {
  const ids = async (filter: HistoryFilter) =>
    (await value('history:requests', { filter, limit: 50 })).entries.map(
      (e: { request: { id: string } }) => e.request.id,
    );

  it.each<[string, HistoryFilter, string[]]>([
    ['tool', { tool: 'Edit' }, ['s2-r1', 's1-r1', 's0-r1']],
    ['outcome', { outcome: 'pending' }, ['s2-pending', 's1-pending', 's0-pending']],
    ['decided by', { decidedBy: 'grant' }, ['s2-r2', 's1-r2', 's0-r2']],
    [
      'project, not its look-alike sibling',
      { project: '/srv/shop', tool: 'Bash' },
      ['s1-pending', 's1-r0', 's0-pending', 's0-r0'],
    ],
    ['date range', { from: NOW - 2 * DAY_MS, to: NOW - 2 * DAY_MS + 1_500 }, ['s1-r1', 's1-r0']],
    ['text over commands, paths and URLs', { text: 'docs.example' }, ['s2-r2', 's1-r2', 's0-r2']],
    ['blank text as no text', { text: '   ', outcome: 'deny' }, ['s2-r1', 's1-r1', 's0-r1']],
  ])('filters by %s', async (_name, filter, expected) => {
    expect(await ids(filter)).toEqual(expected);
  });

  it('follows the cursor across pages without gaps or repeats', async () => {
    const seen: string[] = [];
    let before: RequestCursorView | undefined;
    do {
      const page = await value('history:requests', { filter: {}, limit: 5, ...(before ? { before } : {}) });
      seen.push(...page.entries.map((e: { request: { id: string } }) => e.request.id));
      before = page.next;
    } while (before);
    expect(seen).toHaveLength(12);
    expect(new Set(seen).size).toBe(12);
  });

  it.each([
    ['a page too large', { filter: {}, limit: 201 }, /limit/],
    ['a search too long', { filter: { text: 'x'.repeat(501) }, limit: 10 }, /filter\.text/],
    ['a range that ends before it starts', { filter: { from: 10, to: 5 }, limit: 10 }, /must not be after/],
    ['a date no calendar has', { filter: { from: 9e15 }, limit: 10 }, /a date a calendar can show/],
    ['an unknown racer', { filter: { decidedBy: 'someone' }, limit: 10 }, /filter\.decidedBy/],
    ['an unknown field', { filter: { sql: '1=1' }, limit: 10 }, /filter/],
    ['an empty session id', { filter: { sessionId: '' }, limit: 10 }, /filter\.sessionId/],
  ])('refuses %s with a sentence', async (_name, args, message) => {
    const result = await invoke('history:requests', args);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('bad-arguments');
      expect(result.error.message).toMatch(message);
    }
  });
});

describe('history:export', () => {
  async function pages(format: ExportFormatView, filter: HistoryFilter) {
    const texts: string[] = [];
    let before: RequestCursorView | undefined;
    do {
      const page = await value('history:export', { filter, format, ...(before ? { before } : {}) });
      texts.push(page.text);
      before = page.next;
    } while (before);
    return texts;
  }

  it.each(['jsonl', 'csv'] as const)(
    'pages a large %s export that concatenates to the whole',
    async (format) => {
      const big = 'y'.repeat(4_000);
      for (let i = 0; i < 300; i++)
        history.record(
          sampleEntry(
            sampleRequest({ id: `big${i}`, sessionId: 'big', input: { command: `echo ${big} ${i}` } }),
            {},
            {
              receivedAt: NOW - 1_000 + i,
            },
          ),
        );
      const texts = await pages(format, { outcome: 'allow' });
      const whole: string[] = [];
      history.exportRequests({ outcome: 'allow' }, format, (chunk) => whole.push(chunk));
      expect(texts.length).toBeGreaterThan(3);
      expect(texts.join('')).toBe(whole.join(''));
      // Each page's frame, JSON and all, stays well under the web console's 1 MiB.
      for (const text of texts) expect(Buffer.byteLength(JSON.stringify({ text }))).toBeLessThan(700 * 1024);
      expect(Math.max(...texts.map((t) => Buffer.byteLength(t)))).toBeLessThanOrEqual(EXPORT_PAGE_BYTES);
    },
  );

  it('exports only what the filter selects', async () => {
    const lines = (await pages('jsonl', { tool: 'WebFetch' })).join('').trim().split('\n');
    expect(lines.map((line) => JSON.parse(line).request.tool)).toEqual(['WebFetch', 'WebFetch', 'WebFetch']);
  });
});

describe('retention and purge', () => {
  it('purges what is older than the days given and says how much went', async () => {
    expect(await value('history:purge', { olderThanDays: 2 })).toEqual({ requests: 4, sessions: 1 });
    expect(purged).toHaveBeenCalledTimes(1);
    expect(
      (await value('history:sessions', { limit: 10 })).sessions.map((s: { id: string }) => s.id),
    ).toEqual(['s2', 's1']);
    expect(await value('history:purge', { olderThanDays: 2 })).toEqual({ requests: 0, sessions: 0 });
    expect(purged).toHaveBeenCalledTimes(1);
  });

  it('saves the retention keeping the other settings, purges at once, and can keep everything again', async () => {
    const path = join(dir.path, 'settings.json');
    await writeFile(
      path,
      JSON.stringify({ bridge: { allowedOrigins: ['https://a.example'] }, history: { note: 1 } }),
    );
    expect(await value('history:set-retention', { days: 1 })).toEqual({
      days: 1,
      purged: { requests: 8, sessions: 2 },
    });
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({
      bridge: { allowedOrigins: ['https://a.example'] },
      history: { note: 1, retentionDays: 1 },
    });
    expect(await value('history:retention', {})).toEqual({ days: 1 });
    expect(await value('history:set-retention', { days: null })).toEqual({});
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({
      bridge: { allowedOrigins: ['https://a.example'] },
      history: { note: 1 },
    });
    expect(await value('history:retention', {})).toEqual({});
  });

  it('leaves a broken settings file alone and says what to fix', async () => {
    const path = join(dir.path, 'settings.json');
    await writeFile(path, '{ "bridge": ');
    const result = await invoke('history:set-retention', { days: 7 });
    expect(result).toMatchObject({ ok: false, error: { code: 'settings-not-saved' } });
    if (!result.ok) expect(result.error.message).toMatch(/is not valid JSON; fix it/);
    expect(await readFile(path, 'utf8')).toBe('{ "bridge": ');
    expect(await value('history:retention', {})).toEqual({});
  });

  it.each([0, 1.5, 36_501, '30'])('refuses a retention of %j days', async (days) => {
    expect((await invoke('history:set-retention', { days })).ok).toBe(false);
  });
});
