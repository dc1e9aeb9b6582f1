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

/** SHA-1 for the accept key, HMAC-SHA256 for the token's proof (common/bridge-proof.ts). */
const NOBLE = ['legacy.js', '_md.js', 'utils.js', 'hmac.js', 'sha2.js'].map(
  (file) => `node_modules/@noble/hashes/esm/${file}`,
);
// endsWith: in a git worktree node_modules may be a link to another checkout's.
const isNoble = (input: string) => NOBLE.some((file) => input.endsWith(file));

describe('the hook bundle', () => {
  it('loads only client/hook/, the command, common/cli.ts, the discovery, the proof, the input limits, the transcript watch and the engine’s plain constants: no dependency, no console', async () => {
    const { inputs, bytes } = await bundleInputs('client/cli/commands/hook.ts');
    const outside = inputs.filter(
      (input) =>
        !input.startsWith('client/hook/') &&
        input !== 'client/cli/commands/hook.ts' &&
        input !== 'common/cli.ts' &&
        // Constants only (the modes, the sources): no parser, no pipeline.
        input !== 'engine/types.ts' &&
        // Where the console announces itself, read without zod as the SDK reads it.
        input !== 'common/discovery.ts' &&
        // The handshake's proof, pure and without zod.
        input !== 'common/bridge-proof.ts' &&
        // The input limits the console holds it to, plain code without zod.
        input !== 'common/input-bounds.ts' &&
        // The transcript watch and its reading of the lines, which the console shares.
        input !== 'files/transcript-watch.ts' &&
        input !== 'common/transcript-verdict.ts' &&
        input !== 'common/canonical-json.ts' &&
        // The refusal's provenance type, which the console reads back.
        input !== 'common/classifier-refusal.ts' &&
        // Copilot's saved approvals, matched alike by its hook and the card's "why": plain code.
        input !== 'common/copilot-approvals.ts' &&
        // The handshake's hashes, without node:crypto (client/hook/entropy.ts).
        !isNoble(input),
    );
    expect(outside).toEqual([]);
    expect(inputs.some((input) => input.startsWith('client/hook/') && input.endsWith('.test.ts'))).toBe(
      false,
    );
    // About 61 KB with the three agents' adapters, Claude Code's refusal hook, Copilot's saved approvals,
    // the transcript watch, the handshake's hashes and the input limits; the bound catches a dependency
    // creeping in.
    expect(bytes).toBeLessThan(66 * 1024);
  });
});
