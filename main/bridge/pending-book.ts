/**
 * Who holds each undecided request the bridge admitted: its session, its connection and the token that
 * connection was admitted with. Counts them against the bridge's caps, so that one flooding agent leaves
 * the others room (docs/protocol.md, Limits).
 */
import type { PermissionRequest } from '../../common/protocol';
import type { RaceRegistry } from '../registry/race-registry';
import type { BridgeLimits } from './limits';

export interface Holder {
  /** Any object that stands for one connection. */
  readonly connection: object;
  readonly token: string;
}

export interface PendingBook {
  /** The sentence refusing one more request from this holder, or undefined when it fits every cap. */
  refusal(request: Pick<PermissionRequest, 'sessionId'>, holder: Holder): string | undefined;
  /** Counts an admitted request until the registry resolves it. */
  hold(request: Pick<PermissionRequest, 'id' | 'sessionId'>, holder: Holder): void;
}

type Limits = Pick<
  BridgeLimits,
  'maxPendingPerSession' | 'maxPendingPerConnection' | 'maxPendingPerToken' | 'maxPendingTotal'
>;

const n = (count: number) => count.toLocaleString('en');

export function createPendingBook(registry: RaceRegistry, limits: Limits): PendingBook {
  const held = new Map<string, readonly [string, object, string]>();
  const counts = new Map<unknown, number>();
  // Sessions and tokens are strings from different namespaces: a prefix keeps them apart in one map.
  const sessionKey = (sessionId: string) => `session:${sessionId}`;
  const tokenKey = (token: string) => `token:${token}`;
  const count = (key: unknown) => counts.get(key) ?? 0;
  const add = (key: unknown, by: number) => {
    const next = count(key) + by;
    if (next === 0) counts.delete(key);
    else counts.set(key, next);
  };

  registry.resolved.subscribe(({ id }) => {
    const keys = held.get(id);
    if (!keys) return;
    held.delete(id);
    for (const key of keys) add(key, -1);
  });

  return {
    refusal(request, holder) {
      if (held.size >= limits.maxPendingTotal)
        return `The console already holds ${n(limits.maxPendingTotal)} undecided requests; ask in the agent's own dialog or wait for some to be answered.`;
      if (count(tokenKey(holder.token)) >= limits.maxPendingPerToken)
        return `Agents using this token already hold ${n(limits.maxPendingPerToken)} undecided requests; wait for some to be answered.`;
      if (count(holder.connection) >= limits.maxPendingPerConnection)
        return `This connection already holds ${n(limits.maxPendingPerConnection)} undecided requests; wait for some to be answered.`;
      if (count(sessionKey(request.sessionId)) >= limits.maxPendingPerSession)
        return `Session "${request.sessionId}" already has ${n(limits.maxPendingPerSession)} undecided requests; wait for some to be answered.`;
      return undefined;
    },
    hold(request, holder) {
      if (held.has(request.id)) return;
      const keys = [sessionKey(request.sessionId), holder.connection, tokenKey(holder.token)] as const;
      held.set(request.id, keys);
      for (const key of keys) add(key, 1);
    },
  };
}
