/** The bridge's documented limits (docs/protocol.md). Over them an agent gets an `error`, never a crash. */
export interface BridgeLimits {
  /** Largest frame accepted, in bytes: room for a Write of a multi-megabyte file, JSON-escaped. */
  readonly maxFrameBytes: number;
  /** Undecided requests one session may hold at once. */
  readonly maxPendingPerSession: number;
  /** Sustained messages per second per connection; a burst of twice that is absorbed. */
  readonly maxMessagesPerSecond: number;
  /** Interval of the liveness ping; a peer that misses one pong is dropped. */
  readonly heartbeatMs: number;
}

export const DEFAULT_LIMITS: BridgeLimits = {
  maxFrameBytes: 16 * 1024 * 1024,
  maxPendingPerSession: 200,
  maxMessagesPerSecond: 500,
  heartbeatMs: 15_000,
};

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
