import type { Database } from 'better-sqlite3';
import type { PermissionRequest } from '../../common/protocol';
import { requestFingerprint } from '../registry/fingerprint';
import type { AgentInfo } from '../registry/race-registry';
import { jsonOrNull } from './rows';
import { RecordRefusedError } from './types';
import type { History, HistoryEntry } from './types';

type HistoryWriter = Pick<History, 'record' | 'batch' | 'recordPending' | 'recordSessionEnd'> & {
  /**
   * Writes every journaled decision and every pending request queued so far into the history's tables;
   * reads call it first, so they see every request and decision.
   */
  flushPending(): void;
  /** A decision recorded and not yet written into the tables, as a re-sent request needs it. */
  findJournaled(id: string): Pick<HistoryEntry, 'decision' | 'fingerprint'> | undefined;
  /** Rows were deleted behind the writer's back (a purge): it must not assume any pending row is still there. */
  forgetStored(): void;
  /** No more timers; whatever is journaled is written on the next open, or by a last `flushPending`. */
  stop(): void;
};

interface Arrival {
  readonly request: PermissionRequest;
  readonly agent: AgentInfo;
  readonly receivedAt: number;
  readonly sequence: number;
}

/** Long enough for a burst of decisions to be journaled, so their rows are written together. */
const BACKLOG_DELAY_MS = 10;
/**
 * Requests written per transaction while the console runs: about a millisecond of work, which is what a
 * decision arriving meanwhile may wait. Smaller parts cost throughput: each is a commit of its own.
 */
const BACKLOG_PART = 32;

/**
 * Records decisions in two steps (migration 005): the decision's own commit writes one journal row, which
 * is all a decision waits for before it is sent; a moment later its agent, session, request and decision
 * rows are written from the journal, many to a transaction, and the row leaves the journal in the same
 * transaction, so a crash between the two steps only defers the second to the next open.
 *
 * `onWrite` runs after each transaction that wrote requests (search-indexer.ts indexes them then).
 */
export function createHistoryWriter(db: Database, onWrite: () => void = () => undefined): HistoryWriter {
  const upsertAgent = db.prepare<{ name: string; version: string; at: number }, { id: number }>(`
    INSERT INTO agents (name, version, first_seen, last_seen) VALUES (@name, @version, @at, @at)
    ON CONFLICT (name, version) DO UPDATE SET last_seen = max(last_seen, excluded.last_seen)
    RETURNING id`);
  const upsertSession = db.prepare(`
    INSERT INTO sessions (id, agent_id, cwd, first_seen, last_seen) VALUES (@id, @agentId, @cwd, @firstSeen, @lastSeen)
    ON CONFLICT (id) DO UPDATE SET
      first_seen = min(first_seen, excluded.first_seen),
      last_seen = max(last_seen, excluded.last_seen)`);
  // A re-sent request keeps its first row: same arrival time, same rowid, one set of search terms.
  const insertRequest = db.prepare(`
    INSERT INTO requests (id, session_id, tool, input, cwd, mode, fingerprint, received_at, suggestions, provenance)
    VALUES (@id, @sessionId, @tool, @input, @cwd, @mode, @fingerprint, @receivedAt, @suggestions, @provenance)
    ON CONFLICT (id) DO NOTHING`);
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

  /** Agent, session and request rows for one request; returns when the console first saw it. */
  function storeRequest(
    request: PermissionRequest,
    agent: AgentInfo,
    fingerprint: string,
    receivedAt: number,
    seenAt: number,
  ): number {
    // RETURNING yields the row on the insert and on the update path alike.
    const agentId = upsertAgent.get({ name: agent.name, version: agent.version ?? '', at: seenAt })!.id;
    upsertSession.run({
      id: request.sessionId,
      agentId,
      cwd: request.cwd,
      firstSeen: receivedAt,
      lastSeen: seenAt,
    });
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
    const stored = storedRequest.get(request.id);
    if (!stored || stored.fingerprint !== fingerprint) {
      throw new RecordRefusedError('different-request', request.id);
    }
    return stored.received_at;
  }

  /**
   * Requests this writer stored as pending and that await their decision: their rows need not be written
   * again, so their decision writes its own row alone.
   */
  const awaiting = new Map<string, { readonly fingerprint: string; readonly receivedAt: number }>();

  const decided = db.prepare<[string], number>('SELECT 1 FROM decisions WHERE request_id = ?').pluck();
  const journalInsert = db.prepare<[string, string]>(
    'INSERT INTO decision_journal (request_id, entry) VALUES (?, ?) ON CONFLICT (request_id) DO NOTHING',
  );
  const journalAll = db.prepare<[], string>('SELECT entry FROM decision_journal ORDER BY rowid').pluck();
  const journalDelete = db.prepare<[string]>('DELETE FROM decision_journal WHERE request_id = ?');

  /** The decision's own commit: refused exactly when writing its rows would be, and one row otherwise. */
  const journal = db.transaction((entry: HistoryEntry) => {
    const { id } = entry.request;
    if (decided.get(id) !== undefined) throw new RecordRefusedError('already-decided', id);
    const stored = awaiting.get(id) ?? storedRequest.get(id);
    if (stored && stored.fingerprint !== entry.fingerprint)
      throw new RecordRefusedError('different-request', id);
    if (journalInsert.run(id, JSON.stringify(entry)).changes === 0)
      throw new RecordRefusedError('already-decided', id);
  });

  function writeDecision(entry: HistoryEntry): void {
    const { request, decision } = entry;
    const known = awaiting.get(request.id);
    let firstSeen: number;
    if (known && known.fingerprint === entry.fingerprint) {
      touchSession.run({ id: request.sessionId, lastSeen: entry.decidedAt });
      firstSeen = known.receivedAt;
    } else {
      firstSeen = storeRequest(request, entry.agent, entry.fingerprint, entry.receivedAt, entry.decidedAt);
    }
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
    // Throwing rolls the entry's savepoint back, so a refused entry leaves no trace.
    if (inserted.changes === 0) throw new RecordRefusedError('already-decided', request.id);
    awaiting.delete(request.id);
  }

  // Nested in the backlog's transaction, so a SAVEPOINT: an entry refused halfway leaves none of its rows.
  const writeOne = db.transaction(writeDecision);
  function writeJournaled(entry: HistoryEntry): void {
    try {
      writeOne(entry);
    } catch (error) {
      // Checked when it was journaled, so only a row written since could refuse it; that row stands.
      if (!(error instanceof RecordRefusedError)) throw error;
    }
    journalDelete.run(entry.request.id);
  }

  // A pending row only makes an undecided request visible; exactly-once rests on `record`. So arrivals are
  // queued and written together once per turn of the event loop: one transaction for a whole burst.
  const queued = new Map<string, Arrival>();
  /** The order requests reached this writer, which is the order their rows are written in. */
  let sequence = 0;
  /**
   * The journaled decisions whose rows are not written yet, where each falls in that order, and what a
   * re-sent request needs of it. The journal on disk holds exactly these: opening reads what an earlier
   * process left into it, and writes it.
   */
  const journaled = new Map<string, { readonly at: number; readonly entry: HistoryEntry }>();
  function writeArrival(request: PermissionRequest, agent: AgentInfo, receivedAt: number): void {
    try {
      const fingerprint = requestFingerprint(request);
      const firstSeen = storeRequest(request, agent, fingerprint, receivedAt, receivedAt);
      awaiting.set(request.id, { fingerprint, receivedAt: firstSeen });
    } catch (error) {
      // A conflicting id stays refused at `record`; one bad arrival must not drop the rest of the batch.
      if (!(error instanceof RecordRefusedError)) throw error;
    }
  }

  /**
   * Writes the oldest `limit` of the journaled decisions and queued arrivals into the tables in one
   * transaction, in the order the requests arrived (rowid order is arrival order, which search relies on);
   * how many it wrote.
   */
  const writeBacklog = db.transaction((limit: number): number => {
    const backlog = [
      ...[...journaled.values()].map(({ at, entry }) => ({
        at,
        write: () => writeJournaled(entry),
        done: () => journaled.delete(entry.request.id),
      })),
      ...[...queued.values()].map((arrival) => ({
        at: arrival.sequence,
        write: () => writeArrival(arrival.request, arrival.agent, arrival.receivedAt),
        done: () => queued.delete(arrival.request.id),
      })),
    ]
      .sort((a, b) => a.at - b.at)
      .slice(0, limit);
    for (const item of backlog) item.write();
    // Only once all is written: a transaction that fails leaves everything for the next try.
    for (const item of backlog) item.done();
    return backlog.length;
  });

  let timer: ReturnType<typeof setTimeout> | undefined;
  let due = Number.POSITIVE_INFINITY;
  /** When the oldest decision journaled since the backlog was last empty was journaled. */
  let journaledSince = Number.POSITIVE_INFINITY;
  const idle = () => {
    clearTimeout(timer);
    timer = undefined;
    due = Number.POSITIVE_INFINITY;
  };
  const flushPending = () => {
    idle();
    journaledSince = Number.POSITIVE_INFINITY;
    if (writeBacklog.immediate(Number.POSITIVE_INFINITY) > 0) onWrite();
  };
  /**
   * Writes the backlog a part at a time, one part per turn of the event loop and from a timer: timers run
   * before the turn reads its sockets, and decisions are committed after, so a decision claimed in a turn is
   * sent in that turn without waiting for the backlog, and one that arrives meanwhile waits for one part.
   * A part grows with the backlog, so a backlog that outruns parts of the usual size still drains.
   */
  const writeSome = () => {
    idle();
    const waiting = journaled.size + queued.size;
    if (writeBacklog.immediate(Math.max(BACKLOG_PART, Math.ceil(waiting / 4))) > 0) onWrite();
    if (journaled.size + queued.size === 0) journaledSince = Number.POSITIVE_INFINITY;
    else {
      due = performance.now();
      timer = setTimeout(writeSome, 0);
    }
  };
  /**
   * Arrivals are written in the next turn, so an undecided request shows at once; decisions alone wait a
   * little, so a burst of them is written together. A request decided in the turn it arrived takes its
   * arrival out of the queue, and with it the reason to write in the next turn.
   */
  const schedule = () => {
    const at = Math.min(
      queued.size > 0 ? performance.now() : Number.POSITIVE_INFINITY,
      journaledSince + BACKLOG_DELAY_MS,
    );
    if (at === due) return;
    clearTimeout(timer);
    due = at;
    timer = at === Number.POSITIVE_INFINITY ? undefined : setTimeout(writeSome, at - performance.now());
  };
  // What a crash left journaled is written before anything reads the history, in the journal's order.
  for (const [index, text] of journalAll.all().entries()) {
    const entry = JSON.parse(text) as HistoryEntry;
    journaled.set(entry.request.id, { at: index - Number.MAX_SAFE_INTEGER, entry });
  }
  flushPending();

  // Inside it, each `record` and the pending flush are nested transactions, so SAVEPOINTs: one refused
  // record rolls back alone, and the whole burst reaches the WAL in one commit.
  const batch = db.transaction((work: () => void) => work());

  // IMMEDIATE takes the write lock before the first read. A deferred transaction that reads and then writes
  // fails with SQLITE_BUSY at once, without waiting, when another connection committed in between.
  return {
    record: (entry) => {
      const { id } = entry.request;
      const arrival = queued.get(id);
      // A request decided in the turn it arrived gets its rows from the journal alone, in its arrival's place;
      // an arrival that is another call under the same id is written first, so the journal refuses this one.
      const sameCall =
        arrival !== undefined &&
        (arrival.request === entry.request || requestFingerprint(arrival.request) === entry.fingerprint);
      if (arrival && !sameCall) flushPending();
      journal.immediate(entry);
      if (sameCall) queued.delete(id);
      journaled.set(id, { at: sameCall ? arrival.sequence : (sequence += 1), entry });
      journaledSince = Math.min(journaledSince, performance.now());
      schedule();
    },
    batch: (work) => batch.immediate(work),
    recordPending: (request, agent, receivedAt) => {
      if (!queued.has(request.id))
        queued.set(request.id, { request, agent, receivedAt, sequence: (sequence += 1) });
      // A timer, not setImmediate: it runs after this turn's group commit of decisions (a setImmediate), so
      // a request decided in the turn it arrived is journaled with its decision and never written pending.
      schedule();
    },
    recordSessionEnd: (sessionId, endedAt) => {
      flushPending();
      endSession.run({ id: sessionId, endedAt });
    },
    flushPending,
    findJournaled(id) {
      const entry = journaled.get(id)?.entry;
      return entry && { decision: entry.decision, fingerprint: entry.fingerprint };
    },
    forgetStored: () => awaiting.clear(),
    stop: idle,
  };
}
