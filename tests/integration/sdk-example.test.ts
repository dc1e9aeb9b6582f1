import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PendingRequestView } from '../../common/queue-contract';
import { startTestCore } from '../support/test-core';
import type { ConsoleCore } from '../../main/core/console-core';
import type { ResolvedEvent } from '../../main/registry/race-registry';
import { makeTempDir } from '../support/temp-dir';

const REPO = resolve(import.meta.dirname, '../..');
/** Spawning bundles the example with esbuild and loads the Bash parser: seconds, not milliseconds. */
const SPAWN_TIMEOUT_MS = 30_000;

let home: Awaited<ReturnType<typeof makeTempDir>>;
let core: ConsoleCore;
let added: PendingRequestView[];
let resolved: ResolvedEvent[];

beforeEach(async () => {
  home = await makeTempDir();
  await mkdir(join(home.path, 'project'));
  await mkdir(join(home.path, 'user'));
  core = await startTestCore({
    home: join(home.path, 'gh'),
    port: 0,
    timeoutMs: 60_000,
    timeoutAction: 'passthrough',
  });
  added = [];
  resolved = [];
  core.registry.added.subscribe((view) => added.push(view));
  core.registry.resolved.subscribe((event) => resolved.push(event));
});
afterEach(async () => {
  await core.close();
  await home.remove();
});

/** The example agent as a user runs it, stdin piped so the test can type into its prompt. */
function seedAgent(tool: string, input: Record<string, unknown>) {
  const { GATEHOUSE_URL: _url, GATEHOUSE_TOKEN: _token, ...env } = process.env;
  const child = spawn(
    process.execPath,
    [
      'scripts/run-ts.mjs',
      'examples/seed-agent/main.ts',
      '--',
      '--cwd',
      join(home.path, 'project'),
      tool,
      JSON.stringify(input),
    ],
    {
      cwd: REPO,
      env: { ...env, GATEHOUSE_HOME: join(home.path, 'gh'), HOME: join(home.path, 'user') },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; stdout: string; stderr: string }>((done) =>
    child.on('close', (code) => done({ code, stdout, stderr })),
  );
  return { child, exited };
}

async function until<T>(probe: () => T | undefined): Promise<T> {
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('the seed-agent example', () => {
  it(
    'terminal answers first: it wins and the console request is cancelled',
    async () => {
      const agent = seedAgent('Bash', { command: 'npm publish' });
      const request = await until(() => added[0]);
      expect(request).toMatchObject({
        tool: 'Bash',
        input: { command: 'npm publish' },
        agent: { name: 'seed-agent' },
        provenance: { type: 'default', message: expect.stringContaining('No rule matched') },
      });
      agent.child.stdin.write('y\n');
      const { code, stdout } = await agent.exited;
      expect(stdout).toMatch(/^engine: ask at step 3/m);
      expect(stdout).toMatch(/^winner: terminal \(allow\)$/m);
      expect(stdout).toMatch(/^withdrawn: the console request \(answered-in-terminal\)$/m);
      expect(code).toBe(0);
      await until(() => resolved.find((e) => e.id === request.id));
      expect(resolved).toEqual([
        expect.objectContaining({ id: request.id, behavior: 'passthrough', by: 'agent' }),
      ]);
      expect(core.registry.pending()).toEqual([]);
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    'console answers first: it wins and the terminal prompt is closed while stdin stays open',
    async () => {
      const agent = seedAgent('Bash', { command: 'npm publish' });
      const request = await until(() => added[0]);
      core.registry.decide(request.id, 'console', { behavior: 'deny', message: 'Publish from CI only.' });
      // stdin is never written to nor ended: the agent exits only because it closed its own prompt.
      const { code, stdout } = await agent.exited;
      expect(stdout).toMatch(/^winner: console \(deny: Publish from CI only\.\)$/m);
      expect(stdout).toMatch(/^withdrawn: the terminal prompt$/m);
      expect(code).toBe(1);
      expect(resolved).toEqual([
        expect.objectContaining({ id: request.id, behavior: 'deny', by: 'console' }),
      ]);
      agent.child.stdin.destroy();
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    'a call the engine allows never reaches the race',
    async () => {
      const agent = seedAgent('Bash', { command: 'ls -la' });
      agent.child.stdin.end();
      const { code, stdout } = await agent.exited;
      expect(stdout).toMatch(/^engine: allow at step 1c/m);
      expect(stdout).not.toMatch(/winner/);
      expect(code).toBe(0);
      expect(added).toEqual([]);
    },
    SPAWN_TIMEOUT_MS,
  );
});
