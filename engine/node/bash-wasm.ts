/**
 * Where the installed packages keep the Bash parser's WebAssembly files. Kept apart from engine/bash/ so
 * the analyser itself stays free of Node built-ins; a bundled app passes its own paths instead.
 */
import { createRequire } from 'node:module';
import { loadBashSupport } from '../bash-support';
import type { BashWasmPaths } from '../bash/parser';
import type { BashSupport } from '../tools/bash-tool';

export function installedBashWasmPaths(): BashWasmPaths {
  const require = createRequire(import.meta.url);
  return {
    wasmPath: require.resolve('tree-sitter-bash/tree-sitter-bash.wasm'),
    treeSitterWasmPath: require.resolve('web-tree-sitter/tree-sitter.wasm'),
  };
}

/** The Bash support loaded from the installed `tree-sitter-bash` and `web-tree-sitter` packages. */
export function loadInstalledBashSupport(): Promise<BashSupport> {
  return loadBashSupport(installedBashWasmPaths());
}
