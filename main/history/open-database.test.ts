import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../tests/support/temp-dir';
import { MIGRATIONS } from './migrations';
import { openHistoryDatabase } from './open-database';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
beforeEach(async () => (dir = await makeTempDir()));
afterEach(() => dir.remove());

describe('a new history database', () => {
  it('is created 0600 with its -wal and -shm files, whatever the umask', async () => {
    const path = join(dir.path, 'history.db');
    const before = process.umask(0o022);
    try {
      const db = openHistoryDatabase(path, MIGRATIONS);
      try {
        for (const file of [path, `${path}-wal`, `${path}-shm`])
          expect({ file, mode: (await stat(file)).mode & 0o777 }).toEqual({ file, mode: 0o600 });
      } finally {
        db.close();
      }
    } finally {
      process.umask(before);
    }
  });
});
