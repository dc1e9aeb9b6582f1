// Bundles the `gatehouse` CLI into out/cli/: a tiny dispatcher plus one self-contained file per subcommand,
// and the hook bundle Claude Code runs. Native and WASM-backed packages stay external (node_modules).
import { chmod } from 'node:fs/promises';
import { build } from 'esbuild';

const subcommands = {
  gatehouse: 'client/cli/gatehouse.ts',
  hook: 'client/cli/commands/hook.ts',
  serve: 'main/headless/serve.ts',
  token: 'main/headless/token.ts',
  check: 'client/cli/commands/check.ts',
  rules: 'client/cli/commands/rules.ts',
  install: 'client/cli/commands/install.ts',
  uninstall: 'client/cli/commands/uninstall.ts',
  doctor: 'client/cli/commands/doctor.ts',
  acp: 'client/cli/commands/acp.ts',
  // Not a subcommand: the worker `serve` and the app work rule proposals out in (PROPOSALS_WORKER).
  'proposals-worker': 'main/console/proposals-worker.ts',
  // Nor is this: the worker that decodes and keeps the agents' telemetry (ACTIVITY_WORKER).
  'activity-worker': 'main/telemetry/activity-worker.ts',
};

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'warning',
  external: [
    'better-sqlite3',
    'keytar',
    'node-notifier',
    'web-tree-sitter',
    'tree-sitter-bash',
    'bufferutil',
    'utf-8-validate',
  ],
};

await build({
  ...common,
  entryPoints: subcommands,
  outdir: 'out/cli',
  outExtension: { '.js': '.mjs' },
  format: 'esm',
  splitting: false,
  // esbuild's ESM output has no `require`; bundled CommonJS dependencies (ws) need one.
  banner: {
    js: "import { createRequire as __gatehouseRequire } from 'node:module'; const require = __gatehouseRequire(import.meta.url);",
  },
});

// What `gatehouse install claude` points Claude Code at: one self-running CommonJS file, which Node starts
// faster than the ESM dispatcher plus the module it imports (bench/hook measures both).
await build({
  ...common,
  entryPoints: { 'gatehouse-hook': 'client/cli/gatehouse-hook.ts' },
  // files/hook-copy.ts HOOK_BANNER: how doctor tells an older Gatehouse hook from someone else's file.
  banner: { js: '// Gatehouse hook bundle' },
  outdir: 'out/cli',
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  // `import('node:net')` in CommonJS would start Node's whole ESM loader, a few milliseconds on every
  // prompt; as a lazy `require` it loads just the module.
  supported: { 'dynamic-import': false },
});

// What `gatehouse install opencode` puts in OpenCode's plugins folder, which loads `*.js` files as ES
// modules in its own runtime.
await build({
  ...common,
  entryPoints: { 'gatehouse-opencode': 'client/opencode/plugin-entry.ts' },
  // client/opencode/opencode-install.ts PLUGIN_BANNER: how doctor and uninstall know the file as Gatehouse's.
  banner: { js: '// Gatehouse OpenCode plugin' },
  outdir: 'out/cli',
  format: 'esm',
});

await chmod('out/cli/gatehouse.mjs', 0o755);
