/**
 * docs/security.md, section 5: a burst of Edit cards must not take every one of Node's four file threads, so
 * previews read at most two files at once. The real reader reads real files; each read is held open until the
 * test lets it finish, so the number of reads in flight can be counted.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { PermissionRequest } from '../../common/protocol';
import { makeTempDir } from '../../tests/support/temp-dir';
import type * as ReadBoundedModule from '../../files/read-bounded';

const reads = vi.hoisted(() => ({ inFlight: 0, most: 0, held: [] as Array<() => void> }));

vi.mock('../../files/read-bounded', async (importOriginal) => {
  const real = await importOriginal<typeof ReadBoundedModule>();
  return {
    ...real,
    readBounded: async (...args: Parameters<typeof real.readBounded>) => {
      reads.inFlight += 1;
      reads.most = Math.max(reads.most, reads.inFlight);
      try {
        const read = await real.readBounded(...args);
        await new Promise<void>((finish) => reads.held.push(finish));
        return read;
      } finally {
        reads.inFlight -= 1;
      }
    },
  };
});

const { previewEdit } = await import('./edit-preview');

let dir: Awaited<ReturnType<typeof makeTempDir>>;
beforeAll(async () => (dir = await makeTempDir()));
afterAll(() => dir.remove());

const edit = (id: string, file_path: string): PermissionRequest => ({
  type: 'permission.request',
  id,
  sessionId: 's',
  cwd: dir.path,
  tool: 'Edit',
  input: { file_path, old_string: 'one', new_string: 'two' },
  mode: 'default',
});

async function until(probe: () => boolean): Promise<void> {
  while (!probe()) await new Promise((r) => setImmediate(r));
}

it('reads at most two files at once for a burst of eight Edit cards, and previews every one', async () => {
  const files = await Promise.all(
    Array.from({ length: 8 }, async (_, i) => {
      const path = join(dir.path, `file-${i}.txt`);
      await writeFile(path, `one ${i}\n`);
      return path;
    }),
  );
  const previews = Promise.all(files.map((path, i) => previewEdit(edit(`e${i}`, path))));
  let released = 0;
  while (released < files.length) {
    await until(() => reads.held.length > 0);
    // Every read that can start has started by now: the rest wait on the two in flight.
    expect(reads.inFlight).toBeLessThanOrEqual(2);
    reads.held.shift()!();
    released += 1;
  }
  const shown = await previews;
  expect(shown.map((p) => p.kind)).toEqual(files.map(() => 'diff'));
  expect(reads.most).toBe(2);
});
