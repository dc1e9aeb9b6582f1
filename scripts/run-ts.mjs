// Runs a TypeScript file of this repo in plain Node: esbuild bundles it (dependencies stay external) into a
// temporary module, which is then imported. For scripts and benchmarks; tests run under vitest.
import { build } from 'esbuild';
import { mkdtemp, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/run-ts.mjs <file.ts> [args...]');
  process.exit(2);
}
const dir = await mkdtemp(join(resolve('node_modules'), '.run-ts-'));
const outfile = join(dir, 'entry.mjs');
try {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  process.argv = [process.argv[0], entry, ...args];
  await import(pathToFileURL(outfile).href);
} finally {
  await rm(dir, { recursive: true, force: true });
}
