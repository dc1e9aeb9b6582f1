/**
 * The built `gatehouse hook` run as Claude Code runs it, with the event named as in Claude Code's own
 * settings and docs: it forwards the request like `permission-request`, and an event it does not know gets one
 * sentence and exit 0, so the agent's own dialog stays in charge.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../main/core/console-core';
import { makeTempDir } from '../support/temp-dir';
import { startTestCore } from '../support/test-core';

const CLI = resolve('out/cli/gatehouse.mjs');

let tmp: Awaited<ReturnType<typeof makeTempDir>>;
let core: ConsoleCore | undefined;
beforeEach(async () => {
  if (!existsSync(CLI)) throw new Error('This test runs the built CLI: run "npm run build" first.');
  tmp = await makeTempDir();
});
afterEach(async () => {
  await core?.close();
  core = undefined;
  await tmp.remove();
});

function hook(args: readonly string[], stdin: string) {
  const child = spawn(process.execPath, [CLI, 'hook', ...args], {
    cwd: tmp.path,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', HOME: tmp.path, GATEHOUSE_HOME: join(tmp.path, 'gh') },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(stdin);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) =>
    child.once('exit', (code) => done({ code, stdout, stderr })),
  );
}

const request = (hookEventName: string) =>
  JSON.stringify({
    session_id: 'names-1',
    cwd: '/work/project',
    permission_mode: 'default',
    hook_event_name: hookEventName,
    tool_name: 'Bash',
    tool_input: { command: 'npm publish' },
  });

async function decideWhenPending(c: ConsoleCore) {
  while (c.registry.pending().length === 0) await new Promise((r) => setTimeout(r, 5));
  const [pending] = c.registry.pending();
  await c.service.handlers['queue:decide'](
    { id: pending!.id, behavior: 'allow' },
    { id: 'test', channel: 'web' },
  );
  return pending!;
}

describe('gatehouse hook <event>, by the agent’s own event name', () => {
  it.each([
    ['PermissionRequest', []],
    ['PermissionRequest', ['codex']],
  ] as const)('forwards %s (%j) to the console and prints its allow', async (event, agent) => {
    core = await startTestCore({
      home: join(tmp.path, 'gh'),
      port: 0,
      timeoutMs: 120_000,
      timeoutAction: 'passthrough',
    });
    const run = hook([...agent, event], request(event));
    expect(await decideWhenPending(core)).toMatchObject({ tool: 'Bash', input: { command: 'npm publish' } });
    const result = await run;
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } },
    });
  });

  it('tells the console a session ended when named SessionEnd, as session-end does', async () => {
    core = await startTestCore({
      home: join(tmp.path, 'gh'),
      port: 0,
      timeoutMs: 120_000,
      timeoutAction: 'passthrough',
    });
    const waiting = hook(['permission-request'], request('PermissionRequest'));
    while (core.registry.pending().length === 0) await new Promise((r) => setTimeout(r, 5));
    const ended = await hook(
      ['SessionEnd'],
      JSON.stringify({
        session_id: 'names-1',
        cwd: '/work/project',
        hook_event_name: 'SessionEnd',
        reason: 'exit',
      }),
    );
    expect(ended).toMatchObject({ code: 0, stdout: '' });
    // The session's end retires its card, and the waiting hook hears it is withdrawn.
    expect((await waiting).code).toBe(0);
    expect(core.registry.pending()).toEqual([]);
  });

  it.each([[['pre-flight']], [['codex', 'PostToolUseFailure']]])(
    'answers an event it does not know (%j) with one sentence on stderr and exit 0',
    async (args) => {
      const result = await hook(args, '{}');
      expect(result.code).toBe(0);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^gatehouse hook: unknown event "[^"]+"; for [^\n]+\n$/);
    },
  );
});
