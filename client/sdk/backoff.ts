/**
 * How long to wait before the next reconnect attempt: exponential, capped, with jitter so that many agents
 * dropped by the same console restart do not all knock at the same instant.
 */
import { MAX_TIMER_MS } from '../../common/timer-delay';

export interface ReconnectPolicy {
  readonly initialDelayMs: number;
  readonly maxDelayMs: number;
  /** Each failed attempt multiplies the delay by this (≥ 1). */
  readonly factor: number;
  /** 0…1: the share of each delay that is randomised away (0 = exact delays, 1 = anywhere in [0, delay]). */
  readonly jitter: number;
}

/**
 * The cap stays well below the console's 10 s disconnect grace (docs/protocol.md), so an agent that lost
 * its socket is back and has re-sent its requests before the console withdraws them.
 */
export const DEFAULT_RECONNECT: ReconnectPolicy = {
  initialDelayMs: 100,
  maxDelayMs: 2_000,
  factor: 2,
  jitter: 0.3,
};

export function validatePolicy(policy: ReconnectPolicy): ReconnectPolicy {
  const { initialDelayMs, maxDelayMs, factor, jitter } = policy;
  const delays = initialDelayMs >= 0 && maxDelayMs >= initialDelayMs && maxDelayMs <= MAX_TIMER_MS;
  if (!(delays && factor >= 1 && jitter >= 0 && jitter <= 1)) {
    throw new RangeError(
      `reconnect needs 0 ≤ initialDelayMs ≤ maxDelayMs ≤ ${MAX_TIMER_MS} (the longest timer Node keeps), factor ≥ 1 and 0 ≤ jitter ≤ 1.`,
    );
  }
  return policy;
}

/** The delay before retry number `attempt` (0 for the first retry after a drop). */
export function backoffDelay(
  policy: ReconnectPolicy,
  attempt: number,
  random: () => number = Math.random,
): number {
  const base = Math.min(policy.maxDelayMs, policy.initialDelayMs * policy.factor ** attempt);
  return Math.round(base * (1 - policy.jitter * random()));
}
