import { describe, expect, it, vi } from 'vitest';
import { installedBashWasmPaths } from '../node/bash-wasm';

/** A fresh copy of the module, so each test sees its own memo. */
async function freshLoader() {
  vi.resetModules();
  return (await import('./parser')).loadBashAnalyzer;
}

const paths = installedBashWasmPaths();

describe('loadBashAnalyzer', () => {
  it('loads the grammar at the given paths and parses with it', async () => {
    const load = await freshLoader();
    const analysis = (await load(paths)).analyze('git status && ls');
    expect(analysis.ok && analysis.subcommands.map((sub) => sub.text)).toEqual(['git status', 'ls']);
  });

  it('loads once: every call shares one analyser', async () => {
    const load = await freshLoader();
    const first = load(paths);
    expect(load(paths)).toBe(first);
    expect(await load({ ...paths, wasmPath: '/ignored/after/the/first/call.wasm' })).toBe(await first);
  });

  it('does not remember a failed load', async () => {
    const load = await freshLoader();
    await expect(load({ ...paths, wasmPath: '/nonexistent/tree-sitter-bash.wasm' })).rejects.toThrow();
    expect((await load(paths)).analyze('ls').ok).toBe(true);
  });
});
