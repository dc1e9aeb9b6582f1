/**
 * Where the installed packages keep the Bash parser's WebAssembly files. Kept apart from engine/bash/ so
 * the analyser itself stays free of Node built-ins; a bundled app passes its own paths instead.
 */
import { createRequire } from 'node:module';

export interface BashWasmPaths {
  /** `tree-sitter-bash.wasm`, the grammar. */
  readonly wasmPath: string;
  /** `tree-sitter.wasm`, the web-tree-sitter runtime. */
  readonly treeSitterWasmPath: string;
}

export function installedBashWasmPaths(): BashWasmPaths {
  const require = createRequire(import.meta.url);
  return {
    wasmPath: require.resolve('tree-sitter-bash/tree-sitter-bash.wasm'),
    treeSitterWasmPath: require.resolve('web-tree-sitter/tree-sitter.wasm'),
  };
}
