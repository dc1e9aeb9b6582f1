/**
 * Tool inputs built to stop the console — nested past SQLite's JSON depth limit, a million keys, and a fuzz
 * of nested, wide, long and odd-typed inputs — sent over a real socket, through the SDK and through the
 * built hook, to a console core with its real SQLite history. Each gets a decision or a `bad-message`, and
 * the console still serves the next agent.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../client/sdk';
import { BridgeError } from '../../client/sdk/errors';
import { INPUT_LIMITS, inputShapeProblem } from '../../common/input-bounds';
import { startTestCore } from '../support/test-core';
import { bridgePeer } from '../support/bridge-peer';
import type { BridgePeer } from '../support/bridge-peer';
import { makeTempDir } from '../support/temp-dir';

const CLI = resolve('out/cli/gatehouse.mjs');
const HOOK_PAYLOAD = JSON.parse(
  readFileSync(resolve('tests/fixtures/claude-code/permission-request.json'), 'utf8'),
) as Record<string, unknown>;

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A console with its real SQLite history, where a person allows every card as soon as it shows. */
async function start() {
  const home = await makeTempDir();
  const ghHome = join(home.path, 'gh');
  const core = await startTestCore({
    home: ghHome,
    port: 0,
    timeoutMs: 120_000,
    timeoutAction: 'passthrough',
  });
  cleanups.push(async () => {
    await core.close();
    await home.remove();
  });
  core.registry.added.subscribe((view) =>
    setImmediate(() => core.registry.decide(view.id, 'console', { behavior: 'allow' })),
  );
  const token = JSON.parse(await readFile(core.discoveryPath, 'utf8')).token as string;
  return { core, token, ghHome };
}

const requestFrame = (id: string, inputJson: string) =>
  `{"type":"permission.request","id":"${id}","sessionId":"s","cwd":"/project","tool":"Bash","input":${inputJson}}`;

const nested = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

async function expectServed(agent: BridgePeer, id: string) {
  agent.send(requestFrame(id, '{"command":"ls"}'));
  expect(await agent.next()).toMatchObject({ type: 'permission.decision', id, behavior: 'allow' });
}

describe('inputs too deep or too large for the console', () => {
  it('refuses a request nested 2,000 deep with bad-message, and serves the next request', async () => {
    const { core, token } = await start();
    const agent = await bridgePeer(core.port, token);
    agent.send(requestFrame('deep', nested(2_000)));
    const reply = await agent.next();
    expect(reply).toMatchObject({ type: 'error', code: 'bad-message', id: 'deep' });
    expect(reply.message).toContain(
      `nested more than ${INPUT_LIMITS.depth} levels deep; send a flatter input or ask in the agent's own dialog`,
    );
    // The history writer's timer runs after this turn: a second request proves the process outlived it.
    await new Promise((r) => setTimeout(r, 0));
    await expectServed(agent, 'after-deep');
    expect(core.registry.has('deep')).toBe(false);
  });

  it('refuses a request whose input has a million keys, and serves the next request', async () => {
    const { core, token } = await start();
    const agent = await bridgePeer(core.port, token);
    const keys = Array.from({ length: 1_000_000 }, (_, i) => `"k${i}":0`);
    agent.send(requestFrame('wide', `{${keys.join(',')}}`));
    const reply = await agent.next();
    expect(reply).toMatchObject({ type: 'error', code: 'bad-message', id: 'wide' });
    expect(reply.message).toContain(`more than 100,000 keys and items; send a smaller input`);
    await expectServed(agent, 'after-wide');
  }, 120_000);
});

/** Inputs of every awkward kind: deep, wide, long, and odd keys and values. */
const awkwardValue = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('\ud800', '\u0000', '\u202e', ''),
  fc.double(),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((n) => Number(n)),
  fc.boolean(),
  fc.constant(null),
);
const awkwardKey = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', '', '\u0000'),
);
const deepInput = fc.tuple(fc.integer({ min: 1, max: 1_200 }), fc.boolean()).map(([depth, arrays]) => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = arrays && i % 2 === 0 ? [value] : { d: value };
  return { nested: value };
});
const wideInput = fc
  .constantFrom(10, 5_000, INPUT_LIMITS.entries - 1, INPUT_LIMITS.entries + 1)
  .map((size) => ({ many: Array.from({ length: size }, (_, i) => i) }));
const oddInput = fc.dictionary(awkwardKey, fc.oneof(awkwardValue, fc.array(awkwardValue, { maxLength: 5 })), {
  maxKeys: 8,
});
/** A multi-megabyte Write, well inside the frame limit. */
const longInput = fc
  .integer({ min: 0, max: 3_000_000 })
  .map((length) => ({ file_path: '/project/big.txt', content: 'é'.repeat(length) }));
const toolInput = fc.oneof(deepInput, wideInput, longInput, oddInput);
/** Not an object at all: the protocol refuses these too. */
const notAnObject = fc.oneof(fc.array(awkwardValue, { maxLength: 3 }), awkwardValue);

/** A failure without the counterexample, which can be megabytes long; seed and path replay it. */
function briefly<T>(run: fc.RunDetails<T>): void {
  if (!run.failed) return;
  const why = run.errorInstance instanceof Error ? run.errorInstance.message : String(run.errorInstance);
  throw new Error(`Failed at seed ${run.seed}, path ${run.counterexamplePath}: ${why.slice(0, 2_000)}`);
}

/** What the input is once on the wire, and whether the console should accept it. */
function onTheWire(input: unknown) {
  const wire = JSON.parse(JSON.stringify(input) ?? 'null') as unknown;
  const isObject = typeof wire === 'object' && wire !== null && !Array.isArray(wire);
  return { wire, accepted: isObject && inputShapeProblem(wire) === undefined };
}

describe('a fuzz of awkward inputs', () => {
  beforeAll(() => {
    if (!existsSync(CLI)) throw new Error('This test spawns the built hook: run "npm run build" first.');
  });

  it('through the SDK: each gets its decision or bad-message, and the console outlives them all', async () => {
    const { core, ghHome } = await start();
    const client = await connect({ env: { GATEHOUSE_HOME: ghHome }, reconnect: false });
    cleanups.push(() => client.close());
    let n = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(toolInput, notAnObject), async (input) => {
        const id = `fuzz-${n++}`;
        const { accepted } = onTheWire(input);
        const answer = await client
          .requestPermission({
            id,
            sessionId: `fuzz-${n % 20}`,
            cwd: '/project',
            tool: 'Bash',
            input: input as Record<string, unknown>,
          })
          .then(
            (decision) => decision,
            (error: unknown) => error,
          );
        if (accepted) expect(answer).toMatchObject({ id, behavior: 'allow', by: 'console' });
        else {
          refused += 1;
          expect(answer).toBeInstanceOf(BridgeError);
          expect((answer as BridgeError).code).toBe('bad-message');
        }
      }),
      { numRuns: 300, seed: 20261203, reporter: briefly },
    );
    expect(n).toBe(300);
    expect(refused).toBeGreaterThan(20);
    expect(refused).toBeLessThan(280);
    expect(core.registry.pending()).toEqual([]);
    const after = await bridgePeer(core.port, JSON.parse(await readFile(core.discoveryPath, 'utf8')).token);
    await expectServed(after, 'after-the-fuzz');
  }, 300_000);

  it('through the built hook: each prints the allow or nothing, exits 0, and the console outlives them', async () => {
    const { core, token, ghHome } = await start();
    let n = 0;
    let printed = 0;
    await fc.assert(
      fc.asyncProperty(toolInput, async (input) => {
        n += 1;
        const { accepted } = onTheWire(input);
        const exit = await runHook({ ...HOOK_PAYLOAD, session_id: `hook-${n}`, tool_input: input }, ghHome);
        expect(exit.code).toBe(0);
        if (accepted) {
          expect(exit.stderr).toBe('');
          printed += 1;
          const output = JSON.parse(exit.stdout) as {
            hookSpecificOutput: { decision: { behavior: string } };
          };
          expect(output.hookSpecificOutput.decision.behavior).toBe('allow');
        } else {
          expect(exit.stdout).toBe('');
          expect(exit.stderr).toContain('leaving the decision to Claude Code');
        }
      }),
      { numRuns: 40, seed: 20261203, reporter: briefly },
    );
    expect(n).toBe(40);
    expect(printed).toBeGreaterThan(5);
    expect(printed).toBeLessThan(40);
    await expectServed(await bridgePeer(core.port, token), 'after-the-hooks');
  }, 300_000);
});

function runHook(payload: unknown, ghHome: string) {
  const child = spawn(process.execPath, [CLI, 'hook', 'permission-request'], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', HOME: ghHome, GATEHOUSE_HOME: ghHome },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.on('error', () => undefined);
  child.stdin.end(JSON.stringify(payload));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) =>
    child.once('close', (code) => done({ code, stdout, stderr })),
  );
}
