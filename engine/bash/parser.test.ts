import { describe, expect, it, vi } from 'vitest';
import { installedBashWasmPaths } from '../node/bash-wasm';

/** A fresh copy of the module, so each test sees its own memo. */
async function freshLoader() {
  vi.resetModules();
  return (await import('./parser')).loadBashAnalyzer;
}

describe('loadBashAnalyzer', () => {
  it('loads the installed grammar by default and parses with it', async () => {
    const load = await freshLoader();
    const analysis = (await load()).analyze('git status && ls');
    expect(analysis.ok && analysis.subcommands.map((sub) => sub.text)).toEqual(['git status', 'ls']);
  });

  it('loads once: every call shares one analyser', async () => {
    const load = await freshLoader();
    const first = load();
    expect(load()).toBe(first);
    expect(await load({ wasmPath: '/ignored/after/the/first/call.wasm' })).toBe(await first);
  });

  it('accepts explicit wasm paths', async () => {
    const load = await freshLoader();
    const analyzer = await load(installedBashWasmPaths());
    expect(analyzer.analyze('ls').ok).toBe(true);
  });

  it('does not remember a failed load', async () => {
    const load = await freshLoader();
    await expect(load({ wasmPath: '/nonexistent/tree-sitter-bash.wasm' })).rejects.toThrow();
    expect((await load()).analyze('ls').ok).toBe(true);
  });
});
