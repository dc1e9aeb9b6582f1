import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runHook } from '../../client/cli/commands/hook';
import { startTestCore } from '../support/test-core';
import type { ConsoleCore } from '../../main/core/console-core';
import { makeTempDir } from '../support/temp-dir';

const payload = JSON.stringify({
  session_id: 'sess-1',
  cwd: '/work/project',
  permission_mode: 'default',
  hook_event_name: 'PermissionRequest',
  tool_name: 'Bash',
  tool_input: { command: 'npm publish' },
});

let home: Awaited<ReturnType<typeof makeTempDir>>;
let core: ConsoleCore | undefined;

beforeEach(async () => {
  home = await makeTempDir();
});
afterEach(async () => {
  await core?.close();
  core = undefined;
  await home.remove();
});

function hook(stdin: string, env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io = {
    stdout: (t: string) => out.push(t),
    stderr: (t: string) => err.push(t),
    env: { GATEHOUSE_HOME: home.path, ...env },
  };
  const done = runHook(['permission-request'], io, async () => stdin);
  return { done, out, err };
}

async function waitForPending(c: ConsoleCore) {
  while (c.registry.pending().length === 0) await new Promise((r) => setTimeout(r, 5));
  return c.registry.pending()[0]!;
}

describe('gatehouse hook permission-request', () => {
  it('prints nothing and exits 0 when no console is running', async () => {
    const run = hook(payload);
    expect(await run.done).toBe(0);
    expect(run.out).toEqual([]);
  });

  it('prints nothing when bridge.json is stale (the console died)', async () => {
    await writeFile(
      join(home.path, 'bridge.json'),
      JSON.stringify({ protocol: 1, port: 1, pid: 999999, token: 'x'.repeat(43) }),
    );
    const run = hook(payload);
    expect(await run.done).toBe(0);
    expect(run.out).toEqual([]);
  });

  it('leaves a malformed payload to Claude Code, saying why on stderr only', async () => {
    const run = hook('{"tool_name": 3');
    expect(await run.done).toBe(0);
    expect(run.out).toEqual([]);
    expect(run.err.join('')).toMatch(/not a Claude Code PermissionRequest payload/);
  });

  it('forwards the call and prints the console’s allow', async () => {
    core = await startTestCore({
      home: home.path,
      port: 0,
      timeoutMs: 60_000,
      timeoutAction: 'passthrough',
    });
    const run = hook(payload);
    const pending = await waitForPending(core);
    expect(pending).toMatchObject({
      sessionId: 'sess-1',
      cwd: '/work/project',
      tool: 'Bash',
      input: { command: 'npm publish' },
    });
    core.registry.decide(pending.id, 'console', { behavior: 'allow' });
    expect(await run.done).toBe(0);
    expect(JSON.parse(run.out.join(''))).toEqual({
      hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } },
    });
  });

  it('prints a deny with the person’s message', async () => {
    core = await startTestCore({
      home: home.path,
      port: 0,
      timeoutMs: 60_000,
      timeoutAction: 'passthrough',
    });
    const run = hook(payload);
    const pending = await waitForPending(core);
    core.registry.decide(pending.id, 'console', { behavior: 'deny', message: 'Publish from CI only.' });
    await run.done;
    expect(JSON.parse(run.out.join('')).hookSpecificOutput.decision).toEqual({
      behavior: 'deny',
      message: 'Publish from CI only.',
    });
  });

  it('prints nothing at its own deadline, handing the prompt back to the terminal', async () => {
    core = await startTestCore({
      home: home.path,
      port: 0,
      timeoutMs: 60_000,
      timeoutAction: 'passthrough',
    });
    const started = Date.now();
    const withdrawn = new Promise<{ behavior: string; by: string; at: number }>((done) =>
      core!.registry.resolved.subscribe((event) => done({ ...event, at: Date.now() })),
    );
    // Long enough that a loaded machine still puts the card up before the hook's deadline ends it.
    const run = hook(payload, { GATEHOUSE_HOOK_TIMEOUT_MS: '1500' });
    expect(await waitForPending(core)).toMatchObject({ tool: 'Bash', input: { command: 'npm publish' } });
    expect(await run.done).toBe(0);
    expect(run.out).toEqual([]);
    // The card is withdrawn undecided, by the hook or by the console's racer for the deadline it was told,
    // and not before that deadline (a little slack for the clocks' millisecond rounding).
    const event = await withdrawn;
    expect(event).toMatchObject({ behavior: 'passthrough' });
    expect(['agent', 'timeout']).toContain(event.by);
    expect(event.at - started).toBeGreaterThanOrEqual(1_490);
    expect(core.registry.pending()).toEqual([]);
  });

  it('answers an unknown event with one sentence and exit 0, leaving the dialog to Claude Code', async () => {
    const err: string[] = [];
    const code = await runHook(
      ['pre-flight'],
      { stdout: () => undefined, stderr: (t) => err.push(t), env: {} },
      async () => '',
    );
    expect(code).toBe(0);
    expect(err.join('')).toMatch(/unknown event "pre-flight"/);
  });
});
