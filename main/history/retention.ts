import type { Database } from 'better-sqlite3';
import type { PurgeView } from '../../common/history-contract';

/**
 * Deleting a request fires `request_text_delete`, which removes its search terms (the FTS table is
 * contentless_delete, so it can). Decisions are deleted explicitly rather than left to ON DELETE CASCADE,
 * which only acts on a connection with foreign_keys on. A session goes once it has no request left; its
 * first_seen is its oldest request's arrival, so the cutoff bounds that scan too.
 */
export function createPurge(db: Database): (cutoff: number) => PurgeView {
  const deleteDecisions = db.prepare(`
    DELETE FROM decisions WHERE request_id IN (SELECT id FROM requests WHERE received_at < @cutoff)`);
  const deleteRequests = db.prepare('DELETE FROM requests WHERE received_at < @cutoff');
  const deleteSessions = db.prepare(`
    DELETE FROM sessions
    WHERE first_seen < @cutoff AND NOT EXISTS (SELECT 1 FROM requests WHERE session_id = sessions.id)`);
  // The agents' own record of their calls goes a session at a time, once the session was last active before the cutoff.
  const deleteActivity = db.prepare(`
    DELETE FROM activity WHERE session IN (SELECT id FROM activity_sessions WHERE last_seen < @cutoff)`);
  const deleteActivitySessions = db.prepare('DELETE FROM activity_sessions WHERE last_seen < @cutoff');
  const purge = db.transaction((cutoff: number): PurgeView => {
    deleteActivity.run({ cutoff });
    deleteActivitySessions.run({ cutoff });
    deleteDecisions.run({ cutoff });
    const requests = deleteRequests.run({ cutoff }).changes;
    const sessions = deleteSessions.run({ cutoff }).changes;
    return { requests, sessions };
  });
  // IMMEDIATE for the same reason as the writer's transactions: take the write lock before the first read.
  return (cutoff) => purge.immediate(cutoff);
}
