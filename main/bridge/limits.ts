/** The bridge's documented limits (docs/protocol.md). Over them an agent gets an `error`, never a crash. */
import { BRIDGE_LIMITS } from '../../common/bridge-limits';

export type BridgeLimits = { readonly [K in keyof typeof BRIDGE_LIMITS]: number };

export const DEFAULT_LIMITS: BridgeLimits = BRIDGE_LIMITS;

/** A token bucket: `capacity` messages at once, refilled at `ratePerSecond`. */
export function createRateLimiter(ratePerSecond: number, capacity: number, now: () => number = Date.now) {
  let tokens = capacity;
  let last = now();
  return {
    take(): boolean {
      const t = now();
      tokens = Math.min(capacity, tokens + ((t - last) / 1000) * ratePerSecond);
      last = t;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
