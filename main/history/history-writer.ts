import type { Database } from 'better-sqlite3';
import type { PermissionRequest } from '../../common/protocol';
import { guarded } from '../../common/guarded';
import { SlotMap } from '../../common/slot-map';
import { requestFingerprint } from '../registry/fingerprint';
import type { AgentInfo } from '../registry/race-registry';
import { jsonOrNull } from './rows';
import { RecordRefusedError } from './types';
import type { History, HistoryEntry } from './types';

type HistoryWriter = Pick<History, 'record' | 'batch' | 'recordPending' | 'recordSessionEnd'> & {
  /** Writes the pending requests queued so far; reads call it first, so they see every request. */
  flushPending(): void;
  /** Rows were deleted behind the writer's back (a purge): it must not assume any pending row is still there. */
  forgetStored(): void;
};

/** `onWrite` runs after each transaction that wrote requests (search-indexer.ts indexes them then). */
export function createHistoryWriter(db: Database, onWrite: () => void = () => undefined): HistoryWriter {
  const insertAgent = db
    .prepare<{ name: string; version: string; at: number }, number>(
      'INSERT INTO agents (name, version, first_seen) VALUES (@name, @version, @at) RETURNING id',
    )
    .pluck();
  const agentRow = db
    .prepare<{ name: string; version: string }, number>(
      'SELECT id FROM agents WHERE name = @name AND version = @version',
    )
    .pluck();
  /**
   * The agent's row id. The row is written once, when the agent is first seen, and never changes after, so
   * a request of a known agent writes nothing to the agents table. Callers hold the write lock (IMMEDIATE),
   * so no other connection can insert between the lookup and the insert.
   */
  function agentId(agent: AgentInfo, seenAt: number): number {
    const key = { name: agent.name, version: agent.version ?? '' };
    return agentRow.get(key) ?? insertAgent.get({ ...key, at: seenAt })!;
  }
  // first_seen is in three indexes, and SQLite rewrites an index whose column an UPDATE assigns even to the
  // same value: it is assigned only when it moves, which an arrival out of order alone makes it do.
  const upsertSession = db.prepare(`
    INSERT INTO sessions (id, agent_id, cwd, first_seen, last_seen) VALUES (@id, @agentId, @cwd, @firstSeen, @lastSeen)
    ON CONFLICT (id) DO UPDATE SET last_seen = max(last_seen, excluded.last_seen)`);
  const sessionStartedEarlier = db.prepare(
    'UPDATE sessions SET first_seen = @firstSeen WHERE id = @id AND first_seen > @firstSeen',
  );
  const insertRequest = db.prepare(`
    INSERT INTO requests (id, session_id, tool, input, cwd, mode, fingerprint, received_at, suggestions, provenance)
    VALUES (@id, @sessionId, @tool, @input, @cwd, @mode, @fingerprint, @receivedAt, @suggestions, @provenance)`);
  const storedRequest = db.prepare<[string], { fingerprint: string; received_at: number }>(
    'SELECT fingerprint, received_at FROM requests WHERE id = ?',
  );
  const insertDecision = db.prepare(`
    INSERT INTO decisions (request_id, behavior, decided_by, channel, latency_ms, message, interrupt, updated_input,
                           updated_permissions, rule_written, decided_at)
    VALUES (@requestId, @behavior, @by, @channel, @latencyMs, @message, @interrupt, @updatedInput,
            @updatedPermissions, @ruleWritten, @decidedAt)
    ON CONFLICT (request_id) DO NOTHING`);
  const touchSession = db.prepare('UPDATE sessions SET last_seen = max(last_seen, @lastSeen) WHERE id = @id');
  const endSession = db.prepare(
    'UPDATE sessions SET ended_at = @endedAt, last_seen = max(last_seen, @endedAt) WHERE id = @id AND ended_at IS NULL',
  );

  /** Agent, session and request rows for a request that has no row yet. */
  function insertRequestRows(
    request: PermissionRequest,
    agent: AgentInfo,
    fingerprint: string,
    receivedAt: number,
    seenAt: number,
  ): void {
    upsertSession.run({
      id: request.sessionId,
      agentId: agentId(agent, seenAt),
      cwd: request.cwd,
      firstSeen: receivedAt,
      lastSeen: seenAt,
    });
    sessionStartedEarlier.run({ id: request.sessionId, firstSeen: receivedAt });
    insertRequest.run({
      id: request.id,
      sessionId: request.sessionId,
      tool: request.tool,
      input: JSON.stringify(request.input),
      cwd: request.cwd,
      mode: request.mode,
      fingerprint,
      receivedAt,
      suggestions: jsonOrNull(request.suggestions),
      provenance: jsonOrNull(request.provenance),
    });
  }

  /**
   * When the console first saw the request, if it has a row; a re-sent request keeps its first row (same
   * arrival time, same rowid, one set of search terms). Refuses an id recorded for a different tool call.
   */
  function storedArrival(request: PermissionRequest, fingerprint: string): number | undefined {
    const stored = storedRequest.get(request.id);
    if (stored && stored.fingerprint !== fingerprint)
      throw new RecordRefusedError('different-request', request.id);
    return stored?.received_at;
  }

  /**
   * Requests this writer stored as pending and that await their decision: when it comes, their rows need
   * not be looked up or written again.
   */
  const awaiting = new SlotMap<string, { readonly fingerprint: string; readonly receivedAt: number }>();

  /**
   * One decision, in the transaction the caller holds. Every refusal comes before the record's first write,
   * so a refused record leaves nothing to roll back and needs no savepoint. That is the point: inside a
   * savepoint SQLite copies each page the batch already changed to a sub-journal before changing it again,
   * about 40% of a decision's cost in a batch of twenty.
   */
  function recordIn(entry: HistoryEntry): void {
    const { request, decision } = entry;
    const known = awaiting.get(request.id);
    const stored =
      known && known.fingerprint === entry.fingerprint
        ? known.receivedAt
        : storedArrival(request, entry.fingerprint);
    if (stored === undefined) {
      insertRequestRows(request, entry.agent, entry.fingerprint, entry.receivedAt, entry.decidedAt);
    }
    const firstSeen = stored ?? entry.receivedAt;
    const inserted = insertDecision.run({
      requestId: request.id,
      behavior: decision.behavior,
      by: decision.by,
      channel: entry.channel ?? null,
      // A clock stepped back must not make the CHECK refuse a decision that is about to be sent.
      latencyMs: Math.max(0, entry.decidedAt - firstSeen),
      message: decision.message ?? null,
      interrupt: decision.interrupt === undefined ? null : Number(decision.interrupt),
      updatedInput: jsonOrNull(decision.updatedInput),
      updatedPermissions: jsonOrNull(decision.updatedPermissions),
      ruleWritten: entry.ruleWritten ?? null,
      decidedAt: entry.decidedAt,
    });
    // A decision needs its request's row (a foreign key), so only a request stored before can have one:
    // this refusal follows no write.
    if (inserted.changes === 0) throw new RecordRefusedError('already-decided', request.id);
    if (stored !== undefined) touchSession.run({ id: request.sessionId, lastSeen: entry.decidedAt });
    awaiting.delete(request.id);
  }

  // A pending row only makes an undecided request visible; exactly-once rests on `record`. So arrivals are
  // queued and written together once per turn of the event loop: one transaction for a whole burst.
  const queued: Array<readonly [PermissionRequest, AgentInfo, number]> = [];
  let scheduled = false;
  function writeQueuedIn(): void {
    for (const [request, agent, receivedAt] of queued.splice(0)) {
      const fingerprint = requestFingerprint(request);
      let stored: number | undefined;
      try {
        stored = storedArrival(request, fingerprint);
      } catch (error) {
        // A conflicting id stays refused at `record`; one bad arrival must not drop the rest of the burst.
        if (error instanceof RecordRefusedError) continue;
        throw error;
      }
      if (stored === undefined) insertRequestRows(request, agent, fingerprint, receivedAt, receivedAt);
      else touchSession.run({ id: request.sessionId, lastSeen: receivedAt });
      awaiting.set(request.id, { fingerprint, receivedAt: stored ?? receivedAt });
    }
  }

  /**
   * Runs `work` in the transaction the caller holds, or in one of its own. A refusal wrote nothing, so the
   * transaction still commits what else it holds (a burst of pending rows) before the refusal is thrown on.
   * Any other failure may have written half a record: it fails the whole transaction, and `awaiting` is
   * forgotten, since the pending rows it names may have gone too. IMMEDIATE takes the write lock before the
   * first read; a deferred transaction that reads and then writes fails with SQLITE_BUSY at once, without
   * waiting, when another connection committed in between.
   */
  let failure: { readonly error: unknown } | undefined;
  const transaction = db.transaction((work: () => void): RecordRefusedError | undefined => {
    let refused: RecordRefusedError | undefined;
    try {
      work();
    } catch (error) {
      if (!(error instanceof RecordRefusedError)) throw error;
      refused = error;
    }
    if (failure) throw failure.error;
    return refused;
  });
  function write(work: () => void): void {
    if (db.inTransaction) {
      try {
        work();
      } catch (error) {
        if (!(error instanceof RecordRefusedError)) failure ??= { error };
        throw error;
      }
      return;
    }
    let refused: RecordRefusedError | undefined;
    try {
      refused = transaction.immediate(() => write(work));
    } catch (error) {
      awaiting.clear();
      throw error;
    } finally {
      failure = undefined;
    }
    if (refused) throw refused;
  }

  const flushPending = () => {
    scheduled = false;
    if (queued.length === 0) return;
    write(writeQueuedIn);
    onWrite();
  };

  return {
    record: (entry) => {
      write(() => {
        flushPending();
        recordIn(entry);
      });
      onWrite();
    },
    // Each `record` inside is refused alone; any other failure fails the batch (see `write`).
    batch: (work) => {
      try {
        write(work);
      } finally {
        onWrite();
      }
    },
    recordPending: (request, agent, receivedAt) => {
      queued.push([request, agent, receivedAt]);
      if (scheduled) return;
      scheduled = true;
      // A timer, not setImmediate: it runs after this turn's group commit of decisions (a setImmediate), so
      // a request decided in the turn it arrived has its rows written in that one commit.
      // A failed write loses only the pending rows: each request's decision writes its rows again, and a
      // decision that cannot be recorded goes out as a passthrough (race-registry.ts).
      setTimeout(() => guarded('writing pending requests to history', flushPending), 0);
    },
    recordSessionEnd: (sessionId, endedAt) => {
      flushPending();
      endSession.run({ id: sessionId, endedAt });
    },
    flushPending,
    forgetStored: () => awaiting.clear(),
  };
}
