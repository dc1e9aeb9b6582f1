/**
 * Gatehouse's copy of the hook, which installed hooks run: the built `gatehouse serve` brings it up to the
 * bundle shipped beside it at every start, so an update reaches every agent's hook without a re-install.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOOK_BANNER } from '../../files/hook-copy';
import { makeTempDir } from '../support/temp-dir';
import { webConsoleUrl } from '../support/web-console-url';

const CLI = resolve('out/cli/gatehouse.mjs');
const SHIPPED = resolve('out/cli/gatehouse-hook.cjs');

let tmp: Awaited<ReturnType<typeof makeTempDir>>;
let child: ChildProcess | undefined;
beforeEach(async () => (tmp = await makeTempDir()));
afterEach(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((done) => child!.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }
  child = undefined;
  await tmp.remove();
});

describe('gatehouse serve', () => {
  it('replaces a stale copy of the hook with the one it ships, privately, at start', async () => {
    if (!existsSync(CLI)) throw new Error('This test runs the built console: run "npm run build" first.');
    const home = join(tmp.path, 'gatehouse');
    const copy = join(home, 'gatehouse-hook.cjs');
    await mkdir(home, { recursive: true, mode: 0o700 });
    await writeFile(copy, `${HOOK_BANNER}\n// an older build\n`, { mode: 0o600 });

    child = spawn(process.execPath, [CLI, 'serve', '--home', home, '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await webConsoleUrl(child);

    expect(await readFile(copy)).toEqual(await readFile(SHIPPED));
    expect((await stat(copy)).mode & 0o777).toBe(0o600);
    expect((await readdir(home)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});
