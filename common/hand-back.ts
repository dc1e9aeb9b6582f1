/**
 * When the agent gets a request back unanswered: the window in which a waiting request counts as about to
 * be handed back, and the one wording of time left (`m:ss`) that the cards, the window title, the tray and
 * the notifications share.
 */
import { isClassifierRefusal } from './classifier-refusal';
import type { PendingRequestView } from './queue-contract';

/** A request with less than this left is about to go back to its agent; Codex waits 30 s in all. */
export const HANDS_BACK_SOON_MS = 60_000;

/** `m:ss`, or `h:mm:ss` from an hour on; never negative. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Whether the request's time runs out within the window, whatever then happens to it. */
export function endsSoon(request: Pick<PendingRequestView, 'deadline'>, now: number): boolean {
  return request.deadline !== undefined && request.deadline - now < HANDS_BACK_SOON_MS;
}

/**
 * Whether the request goes back to its agent within the window. An automated refusal brought to the
 * console never does: when its time runs out the refusal stands, and the agent has already moved on.
 */
export function handsBackSoon(
  request: Pick<PendingRequestView, 'deadline' | 'provenance'>,
  now: number,
): boolean {
  return endsSoon(request, now) && !isClassifierRefusal(request);
}

export interface HandBack {
  /** How many waiting requests go back to their agent within the window. */
  readonly count: number;
  /** Time left on the first of them. */
  readonly left: number;
}

/** The requests about to go back to their agent, and how long the first has; undefined when none is. */
export function handBack(
  requests: readonly Pick<PendingRequestView, 'deadline' | 'provenance'>[],
  now: number,
): HandBack | undefined {
  let count = 0;
  let first = Number.POSITIVE_INFINITY;
  for (const request of requests) {
    if (!handsBackSoon(request, now)) continue;
    count++;
    first = Math.min(first, request.deadline!);
  }
  return count === 0 ? undefined : { count, left: Math.max(0, first - now) };
}

/** "1 hands back in 0:12": the tray's and the notifications' English. */
export function handBackText(soon: HandBack): string {
  return `${soon.count} ${soon.count === 1 ? 'hands' : 'hand'} back in ${formatRemaining(soon.left)}`;
}
