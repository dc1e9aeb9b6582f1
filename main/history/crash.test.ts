import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteHistory } from './sqlite-history';

/** How many records each writer reports before it is killed; enough that it dies with work in flight. */
const REPORTS_BEFORE_KILL = 300;
const ROUNDS = 3;

let dir: string;
let writer: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-crash-'));
  writer = join(dir, 'record-until-killed.cjs');
  // CommonJS so that the external better-sqlite3 resolves through NODE_PATH from the temp folder.
  await build({
    entryPoints: [resolve(import.meta.dirname, 'testing/record-until-killed.ts')],
    outfile: writer,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['better-sqlite3'],
    logLevel: 'warning',
  });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the writer from `first` and SIGKILLs it once it has reported enough ids; returns every id it reported. */
function recordUntilKilled(
  database: string,
  first: number,
): Promise<{ reported: string[]; signal: NodeJS.Signals | null }> {
  const child = spawn(process.execPath, [writer, database, String(first)], {
    env: { ...process.env, NODE_PATH: resolve('node_modules') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const reported: string[] = [];
  createInterface({ input: child.stdout }).on('line', (id) => {
    reported.push(id);
    if (reported.length === REPORTS_BEFORE_KILL) child.kill('SIGKILL');
  });
  return new Promise((done, fail) => {
    child.on('error', fail);
    // 'close' waits for stdout to drain, so ids written before the kill are all counted.
    child.on('close', (_code, signal) => done({ reported, signal }));
  });
}

describe('a writer killed with SIGKILL mid-run', () => {
  it('loses no decision it reported, leaves no partial row, and the next run carries on', async () => {
    const database = join(dir, 'history.db');
    const reported: string[] = [];
    let recorded = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const run = await recordUntilKilled(database, recorded);
      expect(run.signal).toBe('SIGKILL');
      reported.push(...run.reported);

      const history = createSqliteHistory(database);
      const before = recorded;
      recorded = history.countDecisions();
      for (const id of reported) expect(history.find(id), id).toBeDefined();
      // At most the one record of this run that had committed when the kill landed, before its id was
      // printed; an earlier run's such record is already in `before`.
      expect(recorded - before - run.reported.length).toBeGreaterThanOrEqual(0);
      expect(recorded - before - run.reported.length).toBeLessThanOrEqual(1);

      const timeline = [0, 1, 2, 3].flatMap((session) => history.sessionTimeline(`session-${session}`));
      expect(timeline).toHaveLength(recorded);
      expect(timeline.filter((entry) => entry.decision === undefined)).toEqual([]);
      expect(new Set(timeline.map((entry) => entry.request.id))).toEqual(
        new Set(Array.from({ length: recorded }, (_, index) => `crash-${index}`)),
      );
      expect(history.search('crashproof', { limit: 1_000_000 })).toHaveLength(recorded);
      history.close();
    }

    const db = new Database(database, { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.pragma('foreign_key_check')).toEqual([]);
    db.close();
  });
});
