/**
 * Claude Code spawns the hook for every prompt and every tool call, so its bundle must hold only the hook:
 * no zod, no `ws`, no engine, nothing of the console. Built here as scripts/build-cli.mjs builds it, with
 * esbuild's metafile saying what went in.
 */
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

async function bundleInputs(entry: string) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    write: false,
    metafile: true,
    outfile: 'out/hook-bundle-check.mjs',
    logLevel: 'silent',
  });
  const [output] = Object.values(result.metafile.outputs);
  // What went into the output: a module esbuild resolved but tree-shook away (noble's node:crypto
  // import, which the hook never calls) is not loaded.
  const inputs = Object.entries(output?.inputs ?? {})
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([path]) => path);
  return { inputs, bytes: output?.bytes ?? 0 };
}

const NOBLE_SHA1 = ['legacy.js', '_md.js', 'utils.js'].map(
  (file) => `node_modules/@noble/hashes/esm/${file}`,
);

describe('the hook bundle', () => {
  it('loads only client/hook/, the command, common/cli.ts and the engine’s plain constants: no dependency, no console', async () => {
    const { inputs, bytes } = await bundleInputs('client/cli/commands/hook.ts');
    const outside = inputs.filter(
      (input) =>
        !input.startsWith('client/hook/') &&
        input !== 'client/cli/commands/hook.ts' &&
        input !== 'common/cli.ts' &&
        // Constants only (the modes, the sources): no parser, no pipeline.
        input !== 'engine/types.ts' &&
        // SHA-1 for the handshake's accept key, without node:crypto (client/hook/entropy.ts).
        !NOBLE_SHA1.includes(input),
    );
    expect(outside).toEqual([]);
    expect(inputs.some((input) => input.startsWith('client/hook/') && input.endsWith('.test.ts'))).toBe(
      false,
    );
    expect(bytes).toBeLessThan(40 * 1024);
  });
});
