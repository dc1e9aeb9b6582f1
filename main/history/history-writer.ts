import type { Database } from 'better-sqlite3';
import type { AgentInfo, PermissionRequest } from '../../common/protocol';
import { requestFingerprint } from './request-fingerprint';
import { jsonOrNull } from './rows';
import { RecordRefusedError } from './types';
import type { DecisionToRecord, History } from './types';

type HistoryWriter = Pick<
  History,
  | 'record'
  | 'batch'
  | 'recordPending'
  | 'recordSessionStart'
  | 'recordSessionEnd'
  | 'recordSessionSeen'
  | 'recordNotTaken'
  | 'recordRetryGrant'
  | 'recordRetryUsed'
>;

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
  // Looked up before insert, so a known agent's request writes nothing; the IMMEDIATE lock keeps it atomic.
  function agentId(agent: AgentInfo, seenAt: number): number {
    const key = { name: agent.name, version: agent.version ?? '' };
    return agentRow.get(key) ?? insertAgent.get({ ...key, at: seenAt })!;
  }
  // first_seen is assigned only when it moves: SQLite rewrites its three indexes on any assignment.
  const upsertSession = db.prepare(`
    INSERT INTO sessions (id, agent_id, cwd, first_seen, last_seen) VALUES (@id, @agentId, @cwd, @firstSeen, @lastSeen)
    ON CONFLICT (id) DO UPDATE SET last_seen = max(last_seen, excluded.last_seen), ended_at = NULL, ended_by = NULL`);
  const sessionStartedEarlier = db.prepare(
    'UPDATE sessions SET first_seen = @firstSeen WHERE id = @id AND first_seen > @firstSeen',
  );
  const insertRequest = db.prepare(`
    INSERT INTO requests (id, session_id, tool, input, cwd, mode, fingerprint, received_at, suggestions, provenance,
                          turn_id)
    VALUES (@id, @sessionId, @tool, @input, @cwd, @mode, @fingerprint, @receivedAt, @suggestions, @provenance,
            @turnId)`);
  const storedRequest = db.prepare<[string], { fingerprint: string; received_at: number }>(
    'SELECT fingerprint, received_at FROM requests WHERE id = ?',
  );
  const insertDecision = db.prepare(`
    INSERT INTO decisions (request_id, behavior, decided_by, channel, latency_ms, message, interrupt, updated_input,
                           updated_permissions, rule_written, decided_at, option_id, option_kind, option_name,
                           agent_end)
    VALUES (@requestId, @behavior, @by, @channel, @latencyMs, @message, @interrupt, @updatedInput,
            @updatedPermissions, @ruleWritten, @decidedAt, @optionId, @optionKind, @optionName, @agentEnd)
    ON CONFLICT (request_id) DO NOTHING`);
  const notTaken = db.prepare(
    'UPDATE decisions SET not_taken = @because, not_taken_message = @message WHERE request_id = @id AND not_taken IS NULL',
  );
  const retryGrant = db.prepare(
    'UPDATE decisions SET retry_until = @until WHERE request_id = @id AND retry_used_at IS NULL',
  );
  const retryUsed = db.prepare(`
    UPDATE decisions SET retry_used_at = @usedAt, retry_used_by = @usedBy, retry_call_id = @callId
    WHERE request_id = @id AND retry_until IS NOT NULL AND retry_used_at IS NULL`);
  const touchSession = db.prepare('UPDATE sessions SET last_seen = max(last_seen, @lastSeen) WHERE id = @id');
  // A request an agent re-sends to the next console waits again: it was not handed back for good.
  const waitsAgain = db.prepare(
    'UPDATE requests SET handed_back_at = NULL, handed_back_because = NULL WHERE id = ? AND handed_back_at IS NOT NULL',
  );
  const endSession = db.prepare(
    'UPDATE sessions SET ended_at = @endedAt, ended_by = @by, last_seen = max(last_seen, @endedAt) WHERE id = @id AND ended_at IS NULL',
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
      turnId: request.turnId ?? null,
    });
  }

  /** A re-sent request keeps its first row (arrival, rowid, search terms); another call's id is refused. */
  function storedArrival(request: PermissionRequest, fingerprint: string): number | undefined {
    const stored = storedRequest.get(request.id);
    if (stored && stored.fingerprint !== fingerprint)
      throw new RecordRefusedError('different-request', request.id);
    return stored?.received_at;
  }

  /** Refusals come before the first write, so none needs a savepoint (one cost 40% of a decision). */
  function recordIn(entry: DecisionToRecord): void {
    const { request, decision } = entry;
    const stored = storedArrival(request, entry.fingerprint);
    if (stored === undefined) {
      insertRequestRows(request, entry.agent, entry.fingerprint, entry.receivedAt, entry.decidedAt);
    }
    const firstSeen = stored ?? entry.receivedAt;
    // History keeps no request's options: the one chosen is kept with the decision, as the agent named it.
    const option = decision.optionId
      ? request.options?.find((each) => each.optionId === decision.optionId)
      : undefined;
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
      optionId: decision.optionId ?? null,
      optionKind: option?.kind ?? null,
      optionName: option?.name ?? null,
      agentEnd: entry.ended ?? null,
    });
    // Only a request stored before can have a decision, so this refusal follows no write.
    if (inserted.changes === 0) throw new RecordRefusedError('already-decided', request.id);
    if (stored !== undefined) touchSession.run({ id: request.sessionId, lastSeen: entry.decidedAt });
  }

  /** An undecided request's rows, in the transaction `write` holds; a re-send only touches its session. */
  function pendingIn(request: PermissionRequest, agent: AgentInfo, receivedAt: number): void {
    const fingerprint = requestFingerprint(request);
    const stored = storedArrival(request, fingerprint);
    if (stored === undefined) {
      insertRequestRows(request, agent, fingerprint, receivedAt, receivedAt);
      return;
    }
    touchSession.run({ id: request.sessionId, lastSeen: receivedAt });
    waitsAgain.run(request.id);
  }

  // `work` joins the batch around it or gets its own IMMEDIATE transaction (no SQLITE_BUSY mid-way); a
  // refusal wrote nothing, so the rest still commits, and any other failure fails the whole transaction.
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
    } finally {
      failure = undefined;
      onWrite();
    }
    if (refused) throw refused;
  }

  return {
    record: (entry) => write(() => recordIn(entry)),
    batch: write,
    recordPending: (request, agent, receivedAt) => write(() => pendingIn(request, agent, receivedAt)),
    recordSessionStart: (sessionId, agent, cwd, startedAt) =>
      write(() => {
        upsertSession.run({
          id: sessionId,
          agentId: agentId(agent, startedAt),
          cwd,
          firstSeen: startedAt,
          lastSeen: startedAt,
        });
        sessionStartedEarlier.run({ id: sessionId, firstSeen: startedAt });
      }),
    recordSessionEnd: (sessionId, endedAt, by) => {
      endSession.run({ id: sessionId, endedAt, by });
    },
    recordSessionSeen: (sessionId, seenAt) => {
      touchSession.run({ id: sessionId, lastSeen: seenAt });
    },
    recordNotTaken: (id, { because, message }) => {
      notTaken.run({ id, because, message: message ?? null });
    },
    recordRetryGrant: (id, until) => {
      retryGrant.run({ id, until });
    },
    recordRetryUsed: (id, { usedAt, usedBy, callId }) => {
      retryUsed.run({ id, usedAt, usedBy, callId: callId ?? null });
    },
  };
}
