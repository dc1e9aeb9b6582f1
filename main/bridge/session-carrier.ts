/**
 * Which sessions a connection carries, so its close can end them in history. A hook is a process per call:
 * it sends one request or one event and closes, which says nothing of its session. A connection that spoke
 * for a session twice or more (an SDK agent, `gatehouse acp`) is that session's line to the console, and
 * its close means the agent went away, unless the agent had already said the session ended.
 */
export function createSessionCarrier() {
  const spoken = new Map<string, number>();
  const ended = new Set<string>();
  return {
    /** A request or event of `sessionId` arrived on this connection; `sessionEnded` when it said it ended. */
    note(sessionId: string, sessionEnded = false): void {
      spoken.set(sessionId, (spoken.get(sessionId) ?? 0) + 1);
      if (sessionEnded) ended.add(sessionId);
    },
    /** The sessions this connection carried and that did not end before it closed. */
    carried(): string[] {
      return [...spoken].filter(([id, count]) => count >= 2 && !ended.has(id)).map(([id]) => id);
    },
  };
}
