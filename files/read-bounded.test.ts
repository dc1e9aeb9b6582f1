import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../tests/support/temp-dir';
import { readBounded, readBoundedSync, type BoundedRead } from './read-bounded';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
const at = (name: string) => join(dir.path, name);
beforeAll(async () => {
  dir = await makeTempDir();
  writeFileSync(at('small.txt'), 'héllo\n');
  writeFileSync(at('big.txt'), 'x'.repeat(2048));
  mkdirSync(at('folder'));
  execFileSync('mkfifo', [at('pipe')]);
  symlinkSync(at('loop'), at('loop'));
  symlinkSync('/dev/zero', at('zero-link'));
});
afterAll(() => dir.remove());

describe.each([
  ['readBounded', readBounded],
  ['readBoundedSync', async (path: string, limit: number) => readBoundedSync(path, limit)],
] as const)('%s', (_name, read: (path: string, limit: number) => Promise<BoundedRead>) => {
  it('reads a regular file within the limit as text', async () => {
    expect(await read(at('small.txt'), 1024)).toEqual({ kind: 'text', text: 'héllo\n' });
  });

  it('says a missing file, or one under a file, is missing', async () => {
    expect(await read(at('gone.txt'), 1024)).toEqual({ kind: 'missing' });
    expect(await read(join(at('small.txt'), 'x'), 1024)).toEqual({ kind: 'missing' });
  });

  it('refuses a file over the limit without reading it', async () => {
    expect(await read(at('big.txt'), 1024)).toEqual({
      kind: 'refused',
      reason: 'too-large',
      size: 2048,
      limit: 1024,
    });
  });

  it('refuses what is not a regular file: a folder, a FIFO, a device behind a link', async () => {
    expect(await read(at('folder'), 1024)).toEqual({
      kind: 'refused',
      reason: 'not-a-regular-file',
      type: 'folder',
    });
    expect(await read(at('pipe'), 1024)).toEqual({
      kind: 'refused',
      reason: 'not-a-regular-file',
      type: 'fifo',
    });
    expect(await read(at('zero-link'), 1024)).toEqual({
      kind: 'refused',
      reason: 'not-a-regular-file',
      type: 'device',
    });
  });

  it('reads a file that claims size 0 up to its real end, and refuses it past the limit', async () => {
    const status = await read('/proc/self/status', 1024 * 1024);
    expect(status.kind === 'text' && status.text).toMatch(/^Name:/);
    expect(await read('/proc/self/status', 16)).toMatchObject({
      kind: 'refused',
      reason: 'too-large',
      limit: 16,
    });
  });

  it('names the error of a path that cannot be opened', async () => {
    expect(await read(at('loop'), 1024)).toEqual({ kind: 'refused', reason: 'unreadable', code: 'ELOOP' });
  });
});
