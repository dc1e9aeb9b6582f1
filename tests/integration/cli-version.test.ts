/**
 * The version is written only in package.json. The `gatehouse` dispatcher, bundled as scripts/build-cli.mjs
 * bundles it and run from a folder with no package.json near it, still says that version: the bundler
 * inlined it, and only it.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../support/temp-dir';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
beforeEach(async () => (dir = await makeTempDir()));
afterEach(() => dir.remove());

describe('gatehouse --version', () => {
  it("prints package.json's version from a bundle standing alone", async () => {
    const manifest = JSON.parse(await readFile('package.json', 'utf8')) as {
      version: string;
      description: string;
    };
    const outfile = join(dir.path, 'gatehouse.mjs');
    await build({
      entryPoints: ['client/cli/gatehouse.ts'],
      outfile,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      logLevel: 'silent',
    });
    const { stdout } = await promisify(execFile)(process.execPath, [outfile, '--version'], { cwd: dir.path });
    expect(stdout).toBe(`gatehouse ${manifest.version}\n`);
    expect(await readFile(outfile, 'utf8')).not.toContain(manifest.description);
  });
});
