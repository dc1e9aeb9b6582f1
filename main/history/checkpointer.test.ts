/** The worker thread that checkpoints the log, on a real SQLite file. */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCheckpointer } from './checkpointer';
import { MIGRATIONS } from './migrations';
import { openHistoryDatabase } from './open-database';

let dir: string;
let path: string;
let db: Database;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-checkpoint-'));
  path = join(dir, 'history.db');
  db = openHistoryDatabase(path, MIGRATIONS);
});

afterEach(() => {
  if (db.open) db.close();
  rmSync(dir, { recursive: true, force: true });
});

const automaticPages = () => db.pragma('wal_autocheckpoint', { simple: true }) as number;

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((done) => setTimeout(done, 10));
  expect(check()).toBe(true);
}

function writeRows(count: number): void {
  const insert = db.prepare("INSERT INTO agents (name, version, first_seen) VALUES (?, '', 1)");
  // One transaction per row, as decisions are written: each a commit appended to the log.
  for (let i = 0; i < count; i++) insert.run(`agent-${i}-${'x'.repeat(200)}`);
}

describe('the background checkpointer', () => {
  it('takes the checkpoints off the writer: its automatic checkpoint is off, and the worker copies the log back', async () => {
    expect(automaticPages()).toBe(1_000);
    const checkpointer = startCheckpointer(db, path);
    await until(() => automaticPages() === 0);
    const before = statSync(path).size;
    writeRows(2_000);
    // Only a checkpoint moves pages from the -wal file into the database file.
    await until(() => statSync(path).size > before);
    checkpointer.stop();
  });

  it('gives the writer its automatic checkpoint back when stopped', async () => {
    const checkpointer = startCheckpointer(db, path);
    await until(() => automaticPages() === 0);
    checkpointer.stop();
    expect(automaticPages()).toBe(1_000);
  });

  it('lets go of the file before stop returns, so the folder can be deleted at once', async () => {
    const checkpointer = startCheckpointer(db, path);
    writeRows(50);
    checkpointer.stop();
    db.close();
    rmSync(dir, { recursive: true });
    await new Promise((done) => setTimeout(done, 300));
    expect(existsSync(dir)).toBe(false);
  });

  it('leaves the writer checkpointing for itself when the worker cannot open the file', async () => {
    const checkpointer = startCheckpointer(db, join(dir, 'missing', 'history.db'));
    await new Promise((done) => setTimeout(done, 300));
    expect(automaticPages()).toBe(1_000);
    checkpointer.stop();
  });
});
