/** The history channels of the fake console: sessions and entries in memory, paged like the real ones. */
import type { Result } from '../../../common/console-contract';
import type {
  ActivityCallView,
  ActivitySessionView,
  HistoryEntryView,
  HistoryFilter,
  HistoryInvokeValues,
  NotTakenView,
  SessionSummaryView,
} from '../../../common/history-contract';

export interface FakeHistoryData {
  sessions?: SessionSummaryView[];
  entries?: HistoryEntryView[];
  retentionDays?: number;
  /** Makes every history channel fail with this sentence. */
  failWith?: string;
  /** The agents' own calls, by session. */
  activity?: { sessions: ActivitySessionView[]; calls: Record<string, ActivityCallView[]> };
}

const matches = (entry: HistoryEntryView, filter: HistoryFilter) => {
  const { request, decision } = entry;
  const outcome = decision?.decision.behavior ?? 'pending';
  return (
    (filter.sessionId === undefined || request.sessionId === filter.sessionId) &&
    (filter.tool === undefined || request.tool === filter.tool) &&
    (filter.outcome === undefined || outcome === filter.outcome) &&
    (filter.decidedBy === undefined || decision?.decision.by === filter.decidedBy) &&
    (filter.project === undefined || request.cwd.startsWith(filter.project)) &&
    (filter.from === undefined || request.receivedAt >= filter.from) &&
    (filter.to === undefined || request.receivedAt <= filter.to) &&
    (filter.text === undefined || JSON.stringify(request.input).includes(filter.text))
  );
};

export function createFakeHistory(data: FakeHistoryData = {}) {
  const sessions = [...(data.sessions ?? [])].sort((a, b) => b.firstSeen - a.firstSeen);
  let entries = [...(data.entries ?? [])].sort((a, b) => b.request.receivedAt - a.request.receivedAt);
  let retentionDays = data.retentionDays;
  const ok = <T>(value: T): Result<T> => ({ ok: true, value });

  const handlers: { [C in keyof HistoryInvokeValues]: (args: never) => Result<HistoryInvokeValues[C]> } = {
    'history:sessions': ({ limit, before }: { limit: number; before?: { id: string } }) => {
      const start = before ? sessions.findIndex((s) => s.id === before.id) + 1 : 0;
      const page = sessions.slice(start, start + limit);
      const last = page.at(-1);
      return ok(
        start + limit < sessions.length && last
          ? { sessions: page, next: { firstSeen: last.firstSeen, id: last.id } }
          : { sessions: page },
      );
    },
    'history:requests': ({
      filter,
      limit,
      before,
    }: {
      filter: HistoryFilter;
      limit: number;
      before?: { rowid: number };
    }) => {
      const selected = entries.filter((e) => matches(e, filter));
      const start = before ? before.rowid : 0;
      const page = selected.slice(start, start + limit);
      const last = page.at(-1);
      return ok(
        start + limit < selected.length && last
          ? { entries: page, next: { receivedAt: last.request.receivedAt, rowid: start + limit } }
          : { entries: page },
      );
    },
    'history:export': ({
      filter,
      format,
      before,
    }: {
      filter: HistoryFilter;
      format: string;
      before?: { rowid: number };
    }) => {
      // One record a page, so a test sees the pages put together.
      const selected = entries.filter((e) => matches(e, filter));
      const index = before?.rowid ?? 0;
      const entry = selected[index];
      const header = format === 'csv' && !before ? 'id\r\n' : '';
      const line = entry ? (format === 'csv' ? `${entry.request.id}\r\n` : `${JSON.stringify(entry)}\n`) : '';
      return ok(
        index + 1 < selected.length
          ? { text: header + line, next: { receivedAt: 0, rowid: index + 1 } }
          : { text: header + line },
      );
    },
    'history:retention': () => ok(retentionDays === undefined ? {} : { days: retentionDays }),
    'history:set-retention': ({ days }: { days: number | null }) => {
      retentionDays = days ?? undefined;
      return ok(retentionDays === undefined ? {} : { days: retentionDays });
    },
    'history:purge': ({ olderThanDays }: { olderThanDays: number }) => {
      const before = entries.length;
      entries = olderThanDays === 0 ? [] : entries;
      return ok({ requests: before - entries.length, sessions: 0 });
    },
    'history:activity-sessions': () => ok({ sessions: data.activity?.sessions ?? [] }),
    'history:activity': ({ sessionId }: { sessionId: string }) =>
      ok({ calls: data.activity?.calls[sessionId] ?? [] }),
    'history:activity-export': ({
      sessionId,
      format,
      after = 0,
    }: {
      sessionId: string;
      format: string;
      after?: number;
    }) => {
      // One call a page, as for requests.
      const calls = data.activity?.calls[sessionId] ?? [];
      const call = calls[after];
      const header = format === 'csv' && after === 0 ? 'call_id\r\n' : '';
      const line = call ? (format === 'csv' ? `${call.callId}\r\n` : `${JSON.stringify(call)}\n`) : '';
      return ok(
        after + 1 < calls.length ? { text: header + line, next: after + 1 } : { text: header + line },
      );
    },
    // Every word somewhere in the summary, as the console's full-text search finds them.
    'history:activity-search': ({ text }: { text: string }) => {
      const words = text.toLowerCase().split(/\s+/).filter(Boolean);
      return ok({
        calls: (data.activity?.sessions ?? []).flatMap(({ sessionId, agent }) =>
          (data.activity?.calls[sessionId] ?? [])
            .filter((call) => words.every((word) => call.summary?.toLowerCase().includes(word)))
            .map((call) => ({ ...call, sessionId, agent })),
        ),
      });
    },
  };

  return {
    invoke(channel: keyof HistoryInvokeValues, args: unknown): Result<unknown> {
      if (data.failWith) return { ok: false, error: { code: 'internal', message: data.failWith } };
      return handlers[channel](args as never);
    },
    /** What an export or a purge would now see. */
    entries: () => entries,
    /** What main's amendment does once Claude Code's transcript shows the answer was not taken. */
    amend(id: string, notTaken: NotTakenView) {
      entries = entries.map((entry) =>
        entry.request.id === id && entry.decision
          ? { ...entry, decision: { ...entry.decision, notTaken } }
          : entry,
      );
    },
  };
}

/** A session summary with any field overridden. */
export function historySession(id: string, overrides: Partial<SessionSummaryView> = {}): SessionSummaryView {
  return {
    id,
    agent: { name: 'claude-code' },
    cwd: '/home/dev/projects/shop',
    firstSeen: 1_000,
    lastSeen: 2_000,
    counts: { allow: 1, deny: 0, passthrough: 0, pending: 0 },
    ...overrides,
  };
}

/** A recorded request, decided by a person at the window unless `decided` is false. */
export function historyEntry(
  id: string,
  overrides: { sessionId?: string; tool?: string; input?: Record<string, unknown>; receivedAt?: number } = {},
  decided = true,
): HistoryEntryView {
  const receivedAt = overrides.receivedAt ?? 1_000;
  const request = {
    id,
    sessionId: overrides.sessionId ?? 'session-1',
    cwd: '/home/dev/projects/shop',
    tool: overrides.tool ?? 'Bash',
    input: overrides.input ?? { command: 'npm test' },
    mode: 'default' as const,
    fingerprint: `fp-${id}`,
    receivedAt,
  };
  const agent = { name: 'claude-code', version: '2.1.328' };
  if (!decided) return { request, agent };
  return {
    request,
    agent,
    decision: {
      decision: { type: 'permission.decision', id, behavior: 'allow', by: 'console' },
      channel: 'window',
      latencyMs: 2_400,
      decidedAt: receivedAt + 2_400,
    },
  };
}
