/**
 * The inbox's shape: one group per agent session, each with its requests oldest first, the groups ordered
 * by their oldest request, flattened into the rows the virtual list renders.
 */
import type { PendingRequestView } from '../../../common/queue-contract';

export interface SessionGroup {
  readonly key: string;
  readonly sessionId: string;
  readonly agent: string;
  readonly cwd: string;
  readonly requests: readonly PendingRequestView[];
  /** Requests that are dangerous or touch a protected path. */
  readonly secondLook: number;
  /** The session's mode as its newest request gives it. */
  readonly mode: PendingRequestView['mode'];
  /** Nobody is at the agent's terminal: what the console leaves unanswered, the agent denies. */
  readonly headless: boolean;
}

export type QueueRow =
  | { readonly kind: 'session'; readonly key: string; readonly group: SessionGroup }
  | { readonly kind: 'request'; readonly key: string; readonly request: PendingRequestView };

export function needsSecondLook(request: PendingRequestView): boolean {
  return request.explanation?.needsSecondLook === true;
}

export function groupBySession(requests: readonly PendingRequestView[]): SessionGroup[] {
  const sorted = [...requests].sort((a, b) => a.receivedAt - b.receivedAt || a.id.localeCompare(b.id));
  const groups = new Map<string, { first: PendingRequestView; requests: PendingRequestView[] }>();
  for (const request of sorted) {
    const key = `${request.agent.name}\u0000${request.sessionId}`;
    const group = groups.get(key);
    if (group) group.requests.push(request);
    else groups.set(key, { first: request, requests: [request] });
  }
  // Map keeps insertion order, and each group was inserted at its oldest request: oldest group first.
  return [...groups].map(([key, { first, requests: members }]) => ({
    key,
    sessionId: first.sessionId,
    agent: first.agent.name,
    cwd: first.cwd,
    requests: members,
    secondLook: members.filter(needsSecondLook).length,
    mode: members[members.length - 1]!.mode,
    headless: members.some((request) => request.attended === false),
  }));
}

export function toRows(groups: readonly SessionGroup[]): QueueRow[] {
  const rows: QueueRow[] = [];
  for (const group of groups) {
    rows.push({ kind: 'session', key: `session:${group.key}`, group });
    for (const request of group.requests) rows.push({ kind: 'request', key: request.id, request });
  }
  return rows;
}

/** The request ids in the order the inbox shows them: what j/k walk through. */
export function displayOrder(groups: readonly SessionGroup[]): string[] {
  return groups.flatMap((group) => group.requests.map((request) => request.id));
}
