/**
 * Each start of a console on this history is a run: its heartbeat says when it was last seen alive, and a
 * clean stop says when it stopped. A request still undecided when its console went away went back to the
 * agent's own prompt then (the hook answers for itself once its socket closes), and is marked so: at the
 * clean stop, or at the next start from what the last run left (its stop, else its last heartbeat).
 */
import type { Database } from 'better-sqlite3';
import type { HandedBackView } from '../../common/history-contract';

/** How often a running console notes that it is alive: the error of a crash's recorded time. */
export const HEARTBEAT_MS = 5_000;

export interface ConsoleRun {
  /** The console stops cleanly: what it still held is handed back now. */
  stop(): void;
}

interface RunRow {
  readonly id: number;
  readonly alive_at: number;
  readonly stopped_at: number | null;
}

export function startConsoleRun(db: Database, now: () => number, heartbeatMs = HEARTBEAT_MS): ConsoleRun {
  const markUndecided = db.prepare<{ at: number; because: HandedBackView['because'] }>(`
    UPDATE requests SET handed_back_at = @at, handed_back_because = @because
    WHERE handed_back_at IS NULL AND NOT EXISTS (SELECT 1 FROM decisions d WHERE d.request_id = requests.id)`);
  const lastRun = db.prepare<[], RunRow>(
    'SELECT id, alive_at, stopped_at FROM console_runs ORDER BY id DESC LIMIT 1',
  );
  const startRun = db
    .prepare<{ at: number }, number>(
      'INSERT INTO console_runs (started_at, alive_at) VALUES (@at, @at) RETURNING id',
    )
    .pluck();
  const alive = db.prepare<{ id: number; at: number }>(
    'UPDATE console_runs SET alive_at = @at WHERE id = @id',
  );
  const stopped = db.prepare<{ id: number; at: number }>(
    'UPDATE console_runs SET stopped_at = @at, alive_at = @at WHERE id = @id',
  );

  const id = db
    .transaction(() => {
      const at = now();
      const last = lastRun.get();
      if (last === undefined) markUndecided.run({ at, because: 'unknown' });
      else if (last.stopped_at === null) markUndecided.run({ at: last.alive_at, because: 'crashed' });
      else markUndecided.run({ at: last.stopped_at, because: 'stopped' });
      return startRun.get({ at })!;
    })
    .immediate();

  // A history closed without `stop` (a test's, or a console that lost its database) has no heart to beat.
  const heartbeat = setInterval(() => db.open && alive.run({ id, at: now() }), heartbeatMs);
  heartbeat.unref();
  return {
    stop() {
      clearInterval(heartbeat);
      db.transaction(() => {
        const at = now();
        markUndecided.run({ at, because: 'stopped' });
        stopped.run({ id, at });
      }).immediate();
    },
  };
}
