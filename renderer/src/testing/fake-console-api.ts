import type {
  ConsoleApi,
  EventPayloads,
  InvokeChannel,
  PendingRequestView,
  Result,
} from '../../../common/console-contract';

/** A ConsoleApi whose main process is a list in memory: what the store and components are tested against. */
export function createFakeConsoleApi(initial: PendingRequestView[] = []) {
  let pending = [...initial];
  const listeners = new Set<(event: EventPayloads['queue:changed']) => void>();
  const calls: Array<{ channel: InvokeChannel; args: unknown }> = [];
  const emit = (event: EventPayloads['queue:changed']) => listeners.forEach((l) => l(event));

  const api: ConsoleApi = {
    async invoke(channel, args) {
      calls.push({ channel, args });
      if (channel === 'queue:list') return { ok: true, value: pending } as Result<never>;
      if (channel === 'queue:viewing') return { ok: true, value: { held: true } } as Result<never>;
      const { id, behavior } = args as { id: string; behavior: 'allow' | 'deny' };
      if (!pending.some((r) => r.id === id))
        return { ok: true, value: { won: false, winner: 'timeout' } } as Result<never>;
      pending = pending.filter((r) => r.id !== id);
      emit({ kind: 'resolved', id, behavior, by: 'console' });
      return { ok: true, value: { won: true } } as Result<never>;
    },
    on(_channel, listener) {
      listeners.add(listener as never);
      return () => listeners.delete(listener as never);
    },
  };
  return {
    api,
    calls,
    add(request: PendingRequestView) {
      pending.push(request);
      emit({ kind: 'added', request });
    },
    resolveElsewhere(
      id: string,
      by: 'timeout' | 'agent' | 'notification',
      behavior: 'allow' | 'deny' | 'passthrough',
    ) {
      pending = pending.filter((r) => r.id !== id);
      emit({ kind: 'resolved', id, behavior, by });
    },
  };
}

export function pendingRequest(id: string, overrides: Partial<PendingRequestView> = {}): PendingRequestView {
  return {
    id,
    sessionId: 'session-1',
    agent: { name: 'claude-code' },
    cwd: '/home/dev/projects/shop',
    tool: 'Bash',
    input: { command: 'npm run build && npm test', description: 'Build and test' },
    mode: 'default',
    receivedAt: 1_000,
    ...overrides,
  };
}
