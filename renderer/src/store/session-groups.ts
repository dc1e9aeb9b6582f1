/**
 * The inbox's shape: first the lane of requests about to go back to their agent, soonest first; then one
 * group per agent session, each with its requests oldest first, the groups ordered by their oldest request;
 * flattened into the rows the virtual list renders.
 */
import { handsBackSoon, HANDS_BACK_SOON_MS } from '../../../common/hand-back';
import type { PendingRequestView } from '../../../common/queue-contract';
import { shortSessionIds } from '../../../common/session-label';

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
  | { readonly kind: 'lane'; readonly key: string; readonly count: number }
  | { readonly kind: 'session'; readonly key: string; readonly group: SessionGroup; readonly label: string }
  | {
      readonly kind: 'request';
      readonly key: string;
      readonly request: PendingRequestView;
      /** In the lane, away from its session's header: the session's short id, for the card to name. */
      readonly laneSession?: string;
    };

/** The ids in the lane: a request stays there once in, so a card held open never leaves it under a pointer. */
export type Lane = Readonly<Record<string, true>>;

export interface QueueLayout {
  /** About to go back to their agent: soonest first. */
  readonly lane: readonly PendingRequestView[];
  readonly groups: readonly SessionGroup[];
  /** Every session shown, by its id as short as keeps it apart from the others. */
  readonly sessionLabels: ReadonlyMap<string, string>;
}

export function needsSecondLook(request: PendingRequestView): boolean {
  return request.explanation?.needsSecondLook === true;
}

export function groupBySession(requests: readonly PendingRequestView[]): SessionGroup[] {
  const sorted = [...requests].sort((a, b) => a.receivedAt - b.receivedAt || a.id.localeCompare(b.id));
  // Looked up by the request's own strings, agent then session: a key built per request (a new string
  // hashed each time) cost a millisecond a render with 1,000 pending, and every arrival renders.
  const byAgent = new Map<
    string,
    Map<string, { first: PendingRequestView; requests: PendingRequestView[] }>
  >();
  const groups: { first: PendingRequestView; requests: PendingRequestView[] }[] = [];
  for (const request of sorted) {
    let sessions = byAgent.get(request.agent.name);
    if (!sessions) byAgent.set(request.agent.name, (sessions = new Map()));
    const group = sessions.get(request.sessionId);
    if (group) group.requests.push(request);
    else {
      const created = { first: request, requests: [request] };
      sessions.set(request.sessionId, created);
      groups.push(created);
    }
  }
  // Each group was pushed at its oldest request: oldest group first.
  return groups.map(({ first, requests: members }) => ({
    key: `${first.agent.name}\u0000${first.sessionId}`,
    sessionId: first.sessionId,
    agent: first.agent.name,
    cwd: first.cwd,
    requests: members,
    secondLook: members.filter(needsSecondLook).length,
    mode: members[members.length - 1]!.mode,
    headless: members.some((request) => request.attended === false),
  }));
}

/**
 * The lane as time `now` finds it: what was in it and is still waiting, and every request with less than
 * a minute before its agent takes it back. Undefined deadlines never join.
 */
export function laneAt(requests: readonly PendingRequestView[], lane: Lane, now: number): Lane {
  const next: Record<string, true> = {};
  for (const request of requests)
    if (lane[request.id] || handsBackSoon(request, now)) next[request.id] = true;
  return next;
}

/** The moment a request joins the lane, or undefined when it never will (it has no deadline). */
export function laneJoinAt(request: PendingRequestView): number | undefined {
  return request.deadline === undefined ? undefined : request.deadline - HANDS_BACK_SOON_MS + 1;
}

/** The first moment at which a request outside the lane joins it, or undefined when none ever will. */
export function nextLaneChange(requests: readonly PendingRequestView[], lane: Lane): number | undefined {
  let next: number | undefined;
  for (const request of requests) {
    const joins = lane[request.id] ? undefined : laneJoinAt(request);
    if (joins !== undefined && (next === undefined || joins < next)) next = joins;
  }
  return next;
}

export function queueLayout(requests: readonly PendingRequestView[], lane: Lane): QueueLayout {
  const inLane = requests
    .filter((request) => lane[request.id])
    .sort(
      (a, b) =>
        (a.deadline ?? Number.POSITIVE_INFINITY) - (b.deadline ?? Number.POSITIVE_INFINITY) ||
        a.receivedAt - b.receivedAt ||
        a.id.localeCompare(b.id),
    );
  const groups = groupBySession(requests.filter((request) => !lane[request.id]));
  return {
    lane: inLane,
    groups,
    sessionLabels: shortSessionIds([
      ...groups.map((group) => group.sessionId),
      ...inLane.map((request) => request.sessionId),
    ]),
  };
}

export function toRows(layout: QueueLayout): QueueRow[] {
  const rows: QueueRow[] = [];
  const label = (sessionId: string) => layout.sessionLabels.get(sessionId) ?? sessionId;
  if (layout.lane.length > 0) rows.push({ kind: 'lane', key: 'lane', count: layout.lane.length });
  for (const request of layout.lane)
    rows.push({ kind: 'request', key: request.id, request, laneSession: label(request.sessionId) });
  for (const group of layout.groups) {
    rows.push({ kind: 'session', key: `session:${group.key}`, group, label: label(group.sessionId) });
    for (const request of group.requests) rows.push({ kind: 'request', key: request.id, request });
  }
  return rows;
}

/** The request ids in the order the inbox shows them: what j/k walk through. */
export function displayOrder(layout: QueueLayout): string[] {
  return [
    ...layout.lane.map((request) => request.id),
    ...layout.groups.flatMap((group) => group.requests.map((request) => request.id)),
  ];
}
