/** Search terms written after the decision's commit, on a real SQLite file read by a second connection. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteHistory } from './sqlite-history';
import { sampleEntry, sampleRequest } from './testing/sample';
import type { History } from './types';

let dir: string;
let path: string;
let history: History | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-search-index-'));
  path = join(dir, 'history.db');
});

afterEach(() => {
  history?.close();
  history = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** How many requests have search terms, as another process would see the file. */
function indexedRows(): number {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare('SELECT count(*) FROM request_text').pluck().get() as number;
  } finally {
    db.close();
  }
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 1_000 && !check(); i++) await new Promise((done) => setTimeout(done, 10));
  expect(check()).toBe(true);
}

const record = (h: History, id: string, command: string) =>
  h.record(sampleEntry(sampleRequest({ id, input: { command } }), {}, { receivedAt: 1_000 }));

describe('the search indexer', () => {
  it('leaves the terms out of the decision’s transaction and writes them just after', async () => {
    history = createSqliteHistory(path);
    record(history, 'r1', 'terraform apply');
    expect(indexedRows()).toBe(0);
    await until(() => indexedRows() === 1);
  });

  it('indexes a burst of requests until every one has its terms', async () => {
    history = createSqliteHistory(path);
    history.batch(() => {
      for (let i = 0; i < 300; i++) record(history!, `r${i}`, `make target-${i}`);
    });
    await until(() => indexedRows() === 300);
    expect(history.search('target-299', { limit: 5 }).map((entry) => entry.request.id)).toEqual(['r299']);
  });

  it('indexes everything before a search, so a search never misses a request just written', () => {
    history = createSqliteHistory(path);
    record(history, 'r1', 'terraform apply');
    expect(history.search('terraform', { limit: 5 }).map((entry) => entry.request.id)).toEqual(['r1']);
  });

  it('indexes on open what a crash left unindexed', () => {
    history = createSqliteHistory(path);
    history.close();
    // Rows as a console killed between its decision's commit and the indexing would leave them.
    const db = new Database(path);
    db.exec(`
      INSERT INTO agents (id, name, version, first_seen) VALUES (1, 'claude-code', '', 1);
      INSERT INTO sessions (id, agent_id, cwd, first_seen, last_seen) VALUES ('s', 1, '/p', 1, 1);
      INSERT INTO requests (id, session_id, tool, input, cwd, mode, fingerprint, received_at)
        VALUES ('crashed', 's', 'Bash', '{"command":"terraform destroy"}', '/p', 'default', 'f', 1);`);
    db.close();
    expect(indexedRows()).toBe(0);
    history = createSqliteHistory(path);
    expect(indexedRows()).toBe(1);
  });
});
