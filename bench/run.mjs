// Runs one benchmark: `npm run bench -- engine` bundles bench/engine/run.ts with esbuild into out/bench/
// (inside the repo, so its external packages resolve from node_modules) and runs it with node.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const name = process.argv[2];
const entry = `bench/${name}/run.ts`;
if (!name || !existsSync(entry)) {
  console.error(
    `Usage: npm run bench -- <name>, where bench/<name>/run.ts exists (got ${name ?? 'nothing'}).`,
  );
  process.exit(2);
}
const outfile = `out/bench/${name}.mjs`;
await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // The parser loads its WebAssembly from the installed packages.
  external: ['web-tree-sitter', 'tree-sitter-bash'],
  logLevel: 'warning',
});
const run = spawnSync(process.execPath, [outfile, ...process.argv.slice(3)], { stdio: 'inherit' });
process.exit(run.status ?? 1);
