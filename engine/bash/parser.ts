/**
 * Loads the tree-sitter Bash parser once per process. web-tree-sitter keeps one WebAssembly runtime per
 * process, so the first call's options win and later calls share its analyser.
 */
import { Language, Parser } from 'web-tree-sitter';
import { createBashAnalyzer } from './analyzer';
import type { BashAnalyzer } from './types';
import { initTreeSitter } from './wasm-cursor';

export interface BashAnalyzerOptions {
  /** Path or URL of `tree-sitter-bash.wasm`; defaults to the installed `tree-sitter-bash` package. */
  readonly wasmPath?: string;
  /** Path or URL of web-tree-sitter's `tree-sitter.wasm`; defaults to the installed `web-tree-sitter`. */
  readonly treeSitterWasmPath?: string;
}

let loading: Promise<BashAnalyzer> | undefined;

export function loadBashAnalyzer(options: BashAnalyzerOptions = {}): Promise<BashAnalyzer> {
  loading ??= load(options).catch((error: unknown) => {
    // A failed load (a wrong path) must not poison later attempts.
    loading = undefined;
    throw error;
  });
  return loading;
}

async function load(options: BashAnalyzerOptions): Promise<BashAnalyzer> {
  const { wasmPath, treeSitterWasmPath } = await resolvePaths(options);
  const walker = await initTreeSitter(treeSitterWasmPath);
  const parser = new Parser();
  parser.setLanguage(await Language.load(wasmPath));
  return createBashAnalyzer((command) => parser.parse(command), walker);
}

async function resolvePaths(options: BashAnalyzerOptions): Promise<Required<BashAnalyzerOptions>> {
  if (options.wasmPath !== undefined && options.treeSitterWasmPath !== undefined) {
    return { wasmPath: options.wasmPath, treeSitterWasmPath: options.treeSitterWasmPath };
  }
  // Imported only when needed, so a caller that passes both paths never loads Node-only code.
  const { installedBashWasmPaths } = await import('../node/bash-wasm');
  return { ...installedBashWasmPaths(), ...definedOnly(options) };
}

function definedOnly(options: BashAnalyzerOptions): BashAnalyzerOptions {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}
