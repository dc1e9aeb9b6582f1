/** Countdown and age texts: pure, so the card and its tests agree on every boundary. */
import { formatRemaining } from '../../../common/hand-back';
import type { PendingRequestView } from '../../../common/queue-contract';

/** Under this the countdown turns to a warning colour. */
export const SOON_MS = 30_000;

export type CountdownState =
  | { readonly kind: 'held' }
  | { readonly kind: 'running'; readonly text: string; readonly soon: boolean }
  // The console's timer waits for the person, but the agent stops waiting at its own deadline anyway.
  | { readonly kind: 'held-agent'; readonly text: string; readonly soon: boolean }
  | { readonly kind: 'none' };

export function countdownState(
  request: Pick<PendingRequestView, 'held' | 'deadline'>,
  now: number,
): CountdownState {
  if (request.held && request.deadline === undefined) return { kind: 'held' };
  if (request.deadline === undefined) return { kind: 'none' };
  const left = request.deadline - now;
  if (request.held) return { kind: 'held-agent', text: formatRemaining(left), soon: left < SOON_MS };
  return { kind: 'running', text: formatRemaining(left), soon: left < SOON_MS };
}

export type Age = { readonly unit: 'now' } | { readonly unit: 'minutes' | 'hours'; readonly count: number };

export function ageOf(receivedAt: number, now: number): Age {
  const minutes = Math.floor((now - receivedAt) / 60_000);
  if (minutes < 1) return { unit: 'now' };
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  return { unit: 'hours', count: Math.floor(minutes / 60) };
}
