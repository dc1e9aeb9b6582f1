import type { Database } from 'better-sqlite3';
import type { Migration } from './migrations';

/** Thrown instead of opening a database that a newer Gatehouse wrote: guessing at its schema could lose rows. */
export class NewerSchemaError extends Error {
  override readonly name = 'NewerSchemaError';
}

/**
 * Brings the database to the last migration's version. All pending steps run in one IMMEDIATE transaction,
 * so a crash mid-upgrade leaves the old version intact, and a second process opening the same file at the
 * same moment waits for the write lock and then finds nothing left to do.
 */
export function migrate(db: Database, migrations: readonly Migration[], label: string): void {
  const latest = migrations.at(-1)?.version ?? 0;
  db.transaction(() => {
    const current = db.pragma('user_version', { simple: true }) as number;
    if (current > latest) {
      throw new NewerSchemaError(
        `The history database ${label} was written by a newer Gatehouse (schema ${current}, this one knows up to ${latest}), so it was left untouched; update Gatehouse to open it.`,
      );
    }
    for (const step of migrations) {
      if (step.version <= current) continue;
      db.exec(step.sql);
      // user_version lives in the database header, which the transaction covers like any page.
      db.pragma(`user_version = ${step.version}`);
    }
  }).immediate();
}
