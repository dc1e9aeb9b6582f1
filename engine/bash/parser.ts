/**
 * Loads the tree-sitter Bash parser once per process. web-tree-sitter keeps one WebAssembly runtime per
 * process, so the first call's paths win and later calls share its analyser. The caller says where the
 * WebAssembly files are (engine/node finds the installed ones), so this module stays free of Node.
 */
import { Language, Parser } from 'web-tree-sitter';
import { createBashAnalyzer } from './analyzer';
import type { BashAnalyzer } from './types';
import { initTreeSitter } from './wasm-cursor';

export interface BashWasmPaths {
  /** Path or URL of `tree-sitter-bash.wasm`, the grammar. */
  readonly wasmPath: string;
  /** Path or URL of `tree-sitter.wasm`, the web-tree-sitter runtime. */
  readonly treeSitterWasmPath: string;
}

let loading: Promise<BashAnalyzer> | undefined;

export function loadBashAnalyzer(paths: BashWasmPaths): Promise<BashAnalyzer> {
  loading ??= load(paths).catch((error: unknown) => {
    // A failed load (a wrong path) must not poison later attempts.
    loading = undefined;
    throw error;
  });
  return loading;
}

async function load({ wasmPath, treeSitterWasmPath }: BashWasmPaths): Promise<BashAnalyzer> {
  const walker = await initTreeSitter(treeSitterWasmPath);
  const parser = new Parser();
  parser.setLanguage(await Language.load(wasmPath));
  return createBashAnalyzer((command) => parser.parse(command), walker);
}
