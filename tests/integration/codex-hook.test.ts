/** `gatehouse hook codex <event>` against a real console core: the agent it names and what it prints. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runHook } from '../../client/cli/commands/hook';
import { startTestCore } from '../support/test-core';
import type { ConsoleCore } from '../../main/core/console-core';
import { makeTempDir } from '../support/temp-dir';

// The shape Codex 0.169 sends (docs/codex.md, 0.169.0 (pinned)): a turn id, a description, and no
// tool_use_id.
const payload = JSON.stringify({
  session_id: 'codex-sess',
  turn_id: 'turn-1',
  transcript_path: '/tmp/rollout.jsonl',
  cwd: '/work/project',
  hook_event_name: 'PermissionRequest',
  model: 'gpt-5.5',
  permission_mode: 'default',
  tool_name: 'Bash',
  tool_input: { command: 'touch marker.txt', description: 'make a marker' },
});

let home: Awaited<ReturnType<typeof makeTempDir>>;
let core: ConsoleCore | undefined;

beforeEach(async () => {
  home = await makeTempDir();
  core = await startTestCore({
    home: home.path,
    port: 0,
    timeoutMs: 60_000,
    timeoutAction: 'passthrough',
  });
});
afterEach(async () => {
  await core?.close();
  core = undefined;
  await home.remove();
});

function hook(args: string[], stdin: string, env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io = {
    stdout: (t: string) => out.push(t),
    stderr: (t: string) => err.push(t),
    env: { GATEHOUSE_HOME: home.path, ...env },
  };
  return { done: runHook(args, io, async () => stdin), out, err };
}

async function waitForPending(c: ConsoleCore) {
  while (c.registry.pending().length === 0) await new Promise((r) => setTimeout(r, 5));
  return c.registry.pending()[0]!;
}

describe('gatehouse hook codex permission-request', () => {
  it('names the agent "codex" and asks for Codex’s short wait, not Claude Code’s', async () => {
    const run = hook(['codex', 'permission-request'], payload);
    const pending = await waitForPending(core!);
    expect(pending).toMatchObject({
      agent: { name: 'codex' },
      sessionId: 'codex-sess',
      tool: 'Bash',
      input: { command: 'touch marker.txt', description: 'make a marker' },
    });
    expect(core!.registry.lookup(pending.id)?.request.timeoutMs).toBe(30_000);
    core!.registry.decide(pending.id, 'console', { behavior: 'allow' });
    await run.done;
    expect(JSON.parse(run.out.join(''))).toEqual({
      hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } },
    });
  });

  it('leaves a Deny and stop to Codex’s own prompt: Codex takes no interrupt, so no verdict is printed', async () => {
    // The console never sends Codex what it fails closed on (common/agent-answers.ts); a racer that answers
    // with it anyway is recorded as the question left with Codex. The hook's own drop of an interrupt is
    // checked in client/hook/codex-permission-request.test.ts.
    const run = hook(['codex', 'permission-request'], payload);
    const pending = await waitForPending(core!);
    core!.registry.decide(pending.id, 'console', { behavior: 'deny', message: 'No.', interrupt: true });
    expect(await run.done).toBe(0);
    expect(run.out).toEqual([]);
  });

  it('prints nothing at its wait, so Codex shows its own prompt, and withdraws the card', async () => {
    // Long enough that a loaded machine still puts the card up before the hook's deadline ends it.
    const run = hook(['codex', 'permission-request'], payload, { GATEHOUSE_HOOK_TIMEOUT_MS: '1500' });
    await waitForPending(core!);
    expect(await run.done).toBe(0);
    expect(run.out).toEqual([]);
    while (core!.registry.pending().length) await new Promise((r) => setTimeout(r, 5));
  });

  it('retires the session’s cards when Codex moves on to a new prompt', async () => {
    const run = hook(['codex', 'permission-request'], payload);
    await waitForPending(core!);
    const prompt = hook(
      ['codex', 'user-prompt-submit'],
      JSON.stringify({ session_id: 'codex-sess', turn_id: 'turn-2', hook_event_name: 'UserPromptSubmit' }),
    );
    await prompt.done;
    await run.done;
    expect(run.out).toEqual([]);
    expect(core!.registry.pending()).toEqual([]);
  });

  it('refuses a Claude-only event with one sentence naming Codex’s events', async () => {
    const run = hook(['codex', 'post-tool-use-failure'], '{}');
    expect(await run.done).toBe(0);
    expect(run.err.join('')).toMatch(
      /unknown event "post-tool-use-failure"; for Codex it takes one of permission-request/,
    );
  });
});
