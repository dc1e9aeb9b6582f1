/**
 * The bridge's documented limits: main/bridge applies them, and docs/protocol.md's table is generated from
 * them (`npm run docs:protocol`), so the two cannot disagree.
 */
export const BRIDGE_LIMITS = {
  /** Largest frame accepted, in bytes: room for a Write of a multi-megabyte file, JSON-escaped. */
  maxFrameBytes: 16 * 1024 * 1024,
  /** Undecided requests one session may hold at once, whichever connections sent them. */
  maxPendingPerSession: 200,
  /** Undecided requests one connection may hold at once: one agent's share. */
  maxPendingPerConnection: 1_000,
  /** Undecided requests all connections admitted with one token may hold at once. */
  maxPendingPerToken: 2_000,
  /** Undecided requests the console holds at once, in all. */
  maxPendingTotal: 5_000,
  /** Sustained messages per second per connection; a burst of twice that is absorbed. */
  maxMessagesPerSecond: 500,
  /** Interval of the liveness ping; a peer that misses one pong is dropped. */
  heartbeatMs: 15_000,
} as const;
