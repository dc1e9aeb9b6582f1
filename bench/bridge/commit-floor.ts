/**
 * The durable half of the console's floor: one commit of one decision's rows (its request, session and
 * decision), written by the console's own SQLite history, opened as the console opens it, on a file of its
 * own.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteHistory, HISTORY_FILE } from '../../main/history';
import type { DecisionToRecord } from '../../main/history';
import { requestFingerprint } from '../../main/history/request-fingerprint';
import { summarize } from '../support/stats';
import type { RunSummary } from '../support/stats';
import { benchCall } from './agents';

const WARMUP = 500;

/** One decided request's rows, as the console records an allowed bench call; `id` must be new to the file. */
export function decisionRows(id: string): DecisionToRecord {
  const request = { type: 'permission.request' as const, mode: 'default' as const, ...benchCall(id, 0) };
  const now = Date.now();
  return {
    request,
    agent: { name: 'bench-0' },
    fingerprint: requestFingerprint(request),
    decision: { type: 'permission.decision', id: request.id, behavior: 'allow', by: 'console' },
    receivedAt: now,
    decidedAt: now,
  };
}

/** The commit alone, in this process: each `record` of one decision's rows, timed. */
export async function commitFloor(samples: number): Promise<RunSummary> {
  const root = await mkdtemp(join(tmpdir(), 'gatehouse-bench-floor-'));
  const history = createSqliteHistory(join(root, HISTORY_FILE));
  try {
    const latencies = new Float64Array(samples);
    let elapsed = 0;
    for (let i = -WARMUP; i < samples; i += 1) {
      const entry = decisionRows(`f-${i}`);
      const t0 = performance.now();
      history.record(entry);
      const took = performance.now() - t0;
      if (i >= 0) {
        latencies[i] = took;
        elapsed += took;
      }
      // A turn of the event loop between decisions, as in the console: the search indexer runs in between.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return summarize(latencies, elapsed);
  } finally {
    history.close();
    await rm(root, { recursive: true, force: true });
  }
}
