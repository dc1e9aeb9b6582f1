// Bundles the `gatehouse` CLI: a tiny dispatcher plus one self-contained file per subcommand, in out/cli/.
// Native and WASM-backed packages stay external and load from node_modules.
import { build } from 'esbuild';

const entries = {
  gatehouse: 'client/cli/gatehouse.ts',
  hook: 'client/cli/commands/hook.ts',
  serve: 'main/headless/serve.ts',
  check: 'client/cli/commands/check.ts',
  rules: 'client/cli/commands/rules.ts',
  install: 'client/cli/commands/install.ts',
  uninstall: 'client/cli/commands/uninstall.ts',
  doctor: 'client/cli/commands/doctor.ts',
};

const { existsSync } = await import('node:fs');
const present = Object.fromEntries(Object.entries(entries).filter(([, file]) => existsSync(file)));

await build({
  entryPoints: present,
  outdir: 'out/cli',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  splitting: false,
  sourcemap: false,
  legalComments: 'none',
  external: [
    'better-sqlite3',
    'keytar',
    'web-tree-sitter',
    'tree-sitter-bash',
    'bufferutil',
    'utf-8-validate',
  ],
  // esbuild's ESM output has no `require`; bundled CommonJS dependencies (ws) need one.
  banner: {
    js: "import { createRequire as __gatehouseRequire } from 'node:module'; const require = __gatehouseRequire(import.meta.url);",
  },
  logLevel: 'warning',
});

const { chmod } = await import('node:fs/promises');
await chmod('out/cli/gatehouse.mjs', 0o755);
