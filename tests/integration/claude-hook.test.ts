/**
 * The built hook, spawned exactly as Claude Code spawns it (node + out/cli/gatehouse.mjs, JSON on stdin,
 * pipes for every stream so there is no TTY, a minimal environment), against a live console core. Every
 * printed decision is checked against the JSON Schema of Claude Code's PermissionRequest output.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { PendingRequestView } from '../../common/queue-contract';
import type { PermissionUpdate } from '../../common/protocol';
import { startTestCore } from '../support/test-core';
import type { ConsoleCore } from '../../main/core/console-core';
import { createMemoryDecisionStore } from '../../main/history/decision-store';
import type { ResolvedEvent } from '../../main/registry/race-registry';
import { replayAgainst, startRelay, startSquatter } from '../support/squatter';
import { makeTempDir } from '../support/temp-dir';
import { PRE_TOOL_USE_PATH, readTelemetryToken, TELEMETRY_HEADER } from '../../files/telemetry-token';

const CLI = resolve('out/cli/gatehouse.mjs');
/** What `gatehouse install claude` points Claude Code at. */
const INSTALLED_HOOK = resolve('out/cli/gatehouse-hook.cjs');
const FIXTURES = resolve('tests/fixtures/claude-code');
const fixture = (name: string) =>
  JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8')) as Record<string, unknown>;
const outputSchema = z.fromJSONSchema(
  JSON.parse(readFileSync(join(FIXTURES, 'permission-request-output.schema.json'), 'utf8')),
);

interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

let home: Awaited<ReturnType<typeof makeTempDir>>;
let core: ConsoleCore | undefined;
let store: ReturnType<typeof createMemoryDecisionStore>;

beforeAll(() => {
  if (!existsSync(CLI) || !existsSync(resolve('out/cli/hook.mjs')))
    throw new Error('These tests spawn the built hook: run "npm run build" first.');
});
beforeEach(async () => {
  home = await makeTempDir();
  store = createMemoryDecisionStore();
});
afterEach(async () => {
  await core?.close();
  core = undefined;
  await home.remove();
});

async function startConsole(): Promise<ConsoleCore> {
  core = await startTestCore({
    home: home.path,
    port: 0,
    timeoutMs: 60_000,
    timeoutAction: 'passthrough',
    store,
  });
  return core;
}

/** As Claude Code runs it: no shell, stdin/stdout/stderr all pipes, only the environment it passes. */
function spawnHook(
  /** The event, or the words after `hook` (`['codex', 'permission-request']`). */
  event: string | readonly string[],
  payload: unknown,
  env: Record<string, string> = {},
  command: readonly string[] = [CLI],
  /** Leaves stdin open: the test writes `payload` itself with `feed`. */
  held = false,
) {
  const child = spawn(
    process.execPath,
    [...command, 'hook', ...(typeof event === 'string' ? [event] : event)],
    {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        HOME: home.path,
        GATEHOUSE_HOME: home.path,
        CLAUDE_PROJECT_DIR: '/home/dev/shop',
        ...env,
      },
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // A hook that exits before reading all of stdin must not fail the test through EPIPE.
  child.stdin.on('error', () => undefined);
  const feed = () => child.stdin.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
  if (!held) feed();
  const exit = new Promise<Exit>((done) =>
    child.once('close', (code, signal) => done({ code, signal, stdout, stderr })),
  );
  return { child, exit, feed };
}

/** Resolves once the process is blocked reading its stdin (Linux: /proc/<pid>/syscall shows read(0, …)). */
async function readingStdin(pid: number): Promise<void> {
  for (;;) {
    const call = await readFile(`/proc/${pid}/syscall`, 'utf8').catch(() => '');
    if (call.startsWith('0 0x0 ')) return;
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** The next request the console receives (or the one already waiting). */
function nextRequest(c: ConsoleCore): Promise<PendingRequestView> {
  const [waiting] = c.registry.pending();
  if (waiting) return Promise.resolve(waiting);
  return new Promise((done) => {
    const stop = c.registry.added.subscribe((view) => {
      stop();
      done(view);
    });
  });
}

function nextResolved(c: ConsoleCore): Promise<ResolvedEvent> {
  return new Promise((done) => {
    const stop = c.registry.resolved.subscribe((event) => {
      stop();
      done(event);
    });
  });
}

/** The one JSON object on stdout, checked against Claude Code's output schema. */
function decisionIn(exit: Exit): Record<string, unknown> {
  expect(exit.code).toBe(0);
  expect(exit.stdout.trim().split('\n')).toHaveLength(1);
  const output = JSON.parse(exit.stdout) as { hookSpecificOutput: { decision: Record<string, unknown> } };
  const checked = outputSchema.safeParse(output);
  expect(checked.success, checked.error?.message).toBe(true);
  return output.hookSpecificOutput.decision;
}

function expectNoDecision(exit: Exit): void {
  expect(exit.code).toBe(0);
  expect(exit.signal).toBeNull();
  expect(exit.stdout).toBe('');
}

describe('gatehouse hook permission-request, spawned as Claude Code spawns it', () => {
  it('forwards session, cwd, mode, tool, input and suggestions, and prints the allow', async () => {
    const c = await startConsole();
    const payload = fixture('permission-request');
    const hook = spawnHook('permission-request', payload);
    const request = await nextRequest(c);
    expect(request).toMatchObject({
      sessionId: 'abc123',
      cwd: '/Users/...',
      mode: 'default',
      tool: 'Bash',
      input: payload.tool_input,
      suggestions: payload.permission_suggestions,
      agent: { name: 'claude-code' },
    });
    c.registry.decide(request.id, 'console', { behavior: 'allow' });
    const exit = await hook.exit;
    expect(decisionIn(exit)).toEqual({ behavior: 'allow' });
    expect(exit.stderr).toBe('');
  });

  /** Spawns the installed hook with a preload that reports, at exit, every built-in module it loaded. */
  async function spawnInstalledReportingModules(env: Record<string, string> = {}) {
    const spy = join(home.path, 'loaded-modules.cjs');
    await writeFile(
      spy,
      // fs, not process.stderr: creating that stream over a pipe would itself load node:net.
      "process.on('exit', () => require('fs').writeSync(2, 'LOADED ' + JSON.stringify(process.moduleLoadList)));",
    );
    const hook = spawnHook('permission-request', fixture('permission-request'), env, [
      '--require',
      spy,
      INSTALLED_HOOK,
    ]);
    const loaded = (exit: Exit) => {
      const at = exit.stderr.indexOf('LOADED ');
      return { loaded: JSON.parse(exit.stderr.slice(at + 7)) as string[], before: exit.stderr.slice(0, at) };
    };
    return { hook, loaded };
  }

  it('as installed (gatehouse-hook.cjs) answers over node:net without loading node:crypto, and with a UUID request id', async () => {
    const c = await startConsole();
    const { hook, loaded } = await spawnInstalledReportingModules();
    const request = await nextRequest(c);
    expect(request.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    c.registry.decide(request.id, 'console', { behavior: 'allow' });
    const exit = await hook.exit;
    expect(decisionIn(exit)).toEqual({ behavior: 'allow' });
    const modules = loaded(exit).loaded;
    expect(modules).toContain('NativeModule net');
    // /dev/urandom and noble's SHA-1 (client/hook/entropy.ts): OpenSSL is never loaded.
    expect(modules.filter((name) => /^NativeModule (internal\/)?crypto\b/.test(name))).toEqual([]);
  });

  it('under --pending-deprecation prints no deprecation warning', async () => {
    const c = await startConsole();
    const { hook, loaded } = await spawnInstalledReportingModules({ NODE_OPTIONS: '--pending-deprecation' });
    const request = await nextRequest(c);
    c.registry.decide(request.id, 'console', { behavior: 'deny', message: 'Not now.' });
    const exit = await hook.exit;
    expect(decisionIn(exit)).toEqual({ behavior: 'deny', message: 'Not now.' });
    const { loaded: modules, before } = loaded(exit);
    expect(modules).toContain('NativeModule net');
    expect(before).toBe('');
  });

  it('with no console running loads neither node:net, node:stream nor node:fs/promises', async () => {
    const { hook, loaded } = await spawnInstalledReportingModules();
    const exit = await hook.exit;
    expectNoDecision(exit);
    const modules = loaded(exit).loaded;
    expect(modules.filter((name) => /^NativeModule (net|fs\/promises|stream)$/.test(name))).toEqual([]);
  });

  it('forwards the 2.1.221 payload (prompt_id, effort, mode and directory suggestions)', async () => {
    const c = await startConsole();
    const payload = fixture('permission-request-2.1.221');
    const hook = spawnHook('permission-request', payload);
    const request = await nextRequest(c);
    expect(request).toMatchObject({
      sessionId: payload.session_id,
      mode: 'acceptEdits',
      tool: 'Edit',
      input: payload.tool_input,
      suggestions: payload.permission_suggestions,
    });
    c.registry.decide(request.id, 'console', { behavior: 'allow' });
    expect(decisionIn(await hook.exit)).toEqual({ behavior: 'allow' });
  });

  it('prints a deny with the person’s message, and interrupt when they chose deny and stop', async () => {
    const c = await startConsole();
    const hook = spawnHook('permission-request', fixture('permission-request'));
    const request = await nextRequest(c);
    c.registry.decide(request.id, 'console', {
      behavior: 'deny',
      message: 'Keep node_modules; run npm ci instead.',
      interrupt: true,
    });
    expect(decisionIn(await hook.exit)).toEqual({
      behavior: 'deny',
      message: 'Keep node_modules; run npm ci instead.',
      interrupt: true,
    });
  });

  it('prints the edited call as updatedInput', async () => {
    const c = await startConsole();
    const hook = spawnHook('permission-request', fixture('permission-request'));
    const request = await nextRequest(c);
    const updatedInput = {
      command: 'rm -rf node_modules/.cache',
      description: 'Remove node_modules directory',
    };
    c.registry.decide(request.id, 'console', { behavior: 'allow', updatedInput });
    expect(decisionIn(await hook.exit)).toEqual({ behavior: 'allow', updatedInput });
  });

  it.each(['localSettings', 'projectSettings', 'userSettings', 'session'] as const)(
    'prints an always-allow rule for %s in Claude Code’s update-entry format',
    async (destination) => {
      const c = await startConsole();
      const hook = spawnHook('permission-request', fixture('permission-request'));
      const request = await nextRequest(c);
      const updatedPermissions: PermissionUpdate[] = [
        {
          type: 'addRules',
          rules: [{ toolName: 'Bash', ruleContent: 'rm -rf node_modules' }],
          behavior: 'allow',
          destination,
        },
      ];
      c.registry.decide(request.id, 'console', { behavior: 'allow', updatedPermissions });
      expect(decisionIn(await hook.exit)).toEqual({ behavior: 'allow', updatedPermissions });
    },
  );

  it('prints a mode change, and drops entries Claude Code does not document (cliArg, unknown modes)', async () => {
    const c = await startConsole();
    const hook = spawnHook('permission-request', fixture('permission-request'));
    const request = await nextRequest(c);
    const setMode: PermissionUpdate = { type: 'setMode', mode: 'acceptEdits', destination: 'session' };
    c.registry.decide(request.id, 'console', {
      behavior: 'allow',
      updatedPermissions: [
        setMode,
        { type: 'addRules', rules: [{ toolName: 'Bash' }], behavior: 'allow', destination: 'cliArg' },
        { type: 'setMode', mode: 'bubble', destination: 'session' },
      ],
    });
    expect(decisionIn(await hook.exit)).toEqual({ behavior: 'allow', updatedPermissions: [setMode] });
  });

  it('prints nothing when the console answers passthrough', async () => {
    const c = await startConsole();
    const hook = spawnHook('permission-request', fixture('permission-request'));
    const request = await nextRequest(c);
    c.registry.decide(request.id, 'console', { behavior: 'passthrough' });
    expectNoDecision(await hook.exit);
  });

  it('prints nothing and exits 0 when no console is running', async () => {
    const exit = await spawnHook('permission-request', fixture('permission-request')).exit;
    expectNoDecision(exit);
    expect(exit.stderr).toBe('');
  });

  it('prints nothing when bridge.json names a console that is gone', async () => {
    await writeFile(
      join(home.path, 'bridge.json'),
      JSON.stringify({ protocol: 1, port: 1, pid: 999_999, token: 'x'.repeat(43) }),
    );
    expectNoDecision(await spawnHook('permission-request', fixture('permission-request')).exit);
  });

  it('with a wrong token, its request (sent with the upgrade) never reaches the console', async () => {
    const c = await startConsole();
    let added = 0;
    c.registry.added.subscribe(() => (added += 1));
    const exit = await spawnHook('permission-request', fixture('permission-request'), {
      GATEHOUSE_URL: `ws://127.0.0.1:${c.port}`,
      GATEHOUSE_TOKEN: 'w'.repeat(43),
    }).exit;
    expectNoDecision(exit);
    expect(added).toBe(0);
    expect(c.registry.pending()).toEqual([]);
    expect(store.records).toEqual([]);
  });

  it('leaves a payload it cannot read to Claude Code, saying so on stderr only', async () => {
    await startConsole();
    const exit = await spawnHook('permission-request', '{"tool_name": 3').exit;
    expectNoDecision(exit);
    expect(exit.stderr).toMatch(/not a Claude Code PermissionRequest payload/);
  });

  it('answers nothing and exits 0 on a tool input nested 100,000 deep, and sends the console nothing', async () => {
    const c = await startConsole();
    let added = 0;
    c.registry.added.subscribe(() => (added += 1));
    const payload = JSON.stringify(fixture('permission-request')).replace(
      /"tool_input":\{/,
      `"tool_input":{"deep":${'['.repeat(100_000)}${']'.repeat(100_000)},`,
    );
    const exit = await spawnHook('permission-request', payload).exit;
    expectNoDecision(exit);
    expect(exit.stderr).toMatch(/not a Claude Code PermissionRequest payload/);
    expect(added).toBe(0);
  });

  it('gives up at its own deadline, withdrawing its card', async () => {
    const c = await startConsole();
    const withdrawn = nextResolved(c);
    const hook = spawnHook('permission-request', fixture('permission-request'), {
      GATEHOUSE_HOOK_TIMEOUT_MS: '1000',
    });
    const request = await nextRequest(c);
    // A person has the card open, so the console's clock waits: only the hook's own deadline ends it, and
    // history must record that as a timeout, not as the terminal answering.
    c.registry.hold(request.id, 'window:1');
    expectNoDecision(await hook.exit);
    expect(await withdrawn).toMatchObject({ behavior: 'passthrough', by: 'timeout' });
  });

  it('tells the console its deadline', async () => {
    const c = await startConsole();
    const hook = spawnHook('permission-request', fixture('permission-request'), {
      GATEHOUSE_HOOK_TIMEOUT_MS: '45000',
    });
    const request = await nextRequest(c);
    expect(store.records).toHaveLength(0);
    c.registry.decide(request.id, 'console', { behavior: 'allow' });
    await hook.exit;
    expect(store.records[0]?.request.timeoutMs).toBe(45_000);
  });

  it.each([
    ['gatehouse hook', [CLI]],
    ['the installed gatehouse-hook.cjs', [INSTALLED_HOOK]],
  ])('%s withdraws its card and exits 0 when Claude Code cancels it (SIGTERM)', async (_, command) => {
    const c = await startConsole();
    const hook = spawnHook('permission-request', fixture('permission-request'), {}, command);
    await nextRequest(c);
    const withdrawn = nextResolved(c);
    hook.child.kill('SIGTERM');
    expectNoDecision(await hook.exit);
    expect(await withdrawn).toMatchObject({ behavior: 'passthrough', by: 'agent' });
    // Claude Code stops its hook only when the turn is interrupted; history says so.
    expect(store.records[0]).toMatchObject({ channel: 'interrupted' });
  });
});

describe('a hook the agent kills outright (Codex on Esc: no signal reaches it)', () => {
  const codexPayload = {
    session_id: 'codex-sess',
    turn_id: 'turn-1',
    transcript_path: '/tmp/rollout.jsonl',
    cwd: '/home/dev/shop',
    hook_event_name: 'PermissionRequest',
    model: 'gpt-5.5',
    permission_mode: 'default',
    tool_name: 'Bash',
    tool_input: { command: 'touch marker.txt', description: 'make a marker' },
  };

  it.each([
    ['Codex', ['codex', 'permission-request'], codexPayload],
    ['Claude Code', ['permission-request'], fixture('permission-request')],
  ] as const)(
    'for %s, withdraws the card as the turn interrupted once its connection closes, and refuses every later answer',
    async (_, event, payload) => {
      const c = await startConsole();
      const hook = spawnHook(event, payload, {}, [INSTALLED_HOOK]);
      const request = await nextRequest(c);
      const withdrawn = nextResolved(c);
      const killed = Date.now();
      hook.child.kill('SIGKILL');
      expect(await withdrawn).toMatchObject({
        id: request.id,
        behavior: 'passthrough',
        by: 'agent',
        message: 'turn interrupted',
      });
      // Not the 10 s reconnect grace, which only a client that can re-send has use for.
      expect(Date.now() - killed).toBeLessThan(5_000);
      expect(c.registry.pending()).toEqual([]);
      for (const racer of ['console', 'notification', 'tray', 'phone'] as const)
        expect(c.registry.decide(request.id, racer, { behavior: 'allow' })).toEqual({
          won: false,
          winner: 'agent',
        });
      expect(store.records).toHaveLength(1);
      expect(store.records[0]).toMatchObject({
        channel: 'interrupted',
        decision: { behavior: 'passthrough', by: 'agent', message: 'turn interrupted' },
      });
    },
  );
});

describe('a cancel at any moment', () => {
  it.each([
    ['gatehouse hook', [CLI]],
    ['the installed gatehouse-hook.cjs', [INSTALLED_HOOK]],
  ])(
    '%s, sent SIGTERM while still reading its stdin, exits 0 and leaves no card behind',
    async (_, command) => {
      const c = await startConsole();
      const added: string[] = [];
      const resolutions = new Map<string, ResolvedEvent>();
      const stopAdded = c.registry.added.subscribe((view) => added.push(view.id));
      const stopResolved = c.registry.resolved.subscribe((event) => resolutions.set(event.id, event));
      try {
        const hook = spawnHook('permission-request', fixture('permission-request'), {}, command, true);
        await readingStdin(hook.child.pid!);
        hook.child.kill('SIGTERM');
        hook.feed();
        expectNoDecision(await hook.exit);
        // A request that went out before the cancel was noticed is withdrawn by the hook, not by the
        // console's disconnect grace period.
        for (const id of added) await until(() => resolutions.has(id));
        expect(added.map((id) => resolutions.get(id)?.by)).toEqual(added.map(() => 'agent'));
      } finally {
        stopAdded();
        stopResolved();
      }
    },
  );
});

async function until(probe: () => boolean): Promise<void> {
  while (!probe()) await new Promise((r) => setTimeout(r, 2));
}

describe('a stale bridge.json', () => {
  /** What a crash leaves behind: bridge.json with the real token, naming a port someone else now holds. */
  async function staleDiscovery(c: ConsoleCore, port: number, pid = process.pid) {
    const { token } = JSON.parse(await readFile(c.discoveryPath, 'utf8')) as { token: string };
    await writeFile(c.discoveryPath, JSON.stringify({ protocol: 2, port, pid, token }));
    return token;
  }

  it('tells a squatter on the port nothing it can use, and takes no decision from it', async () => {
    const c = await startConsole();
    const squatter = await startSquatter();
    try {
      const token = await staleDiscovery(c, squatter.port);
      const exit = await spawnHook('permission-request', fixture('permission-request')).exit;
      expectNoDecision(exit);
      expect(exit.stderr).toMatch(/did not prove it holds the token: bridge\.json is stale/);
      await squatter.firstGone;
      expect(squatter.messages).toEqual([]);
      expect(JSON.stringify(squatter.upgrades)).not.toContain(token);
      // What it heard gets it nowhere with the real console either.
      const [learned] = squatter.upgrades;
      const request = { type: 'permission.request', ...fixtureCall('stolen') };
      const refused = replayAgainst(c.port, learned!, request).then((code) => ({ closed: code }));
      const outcome = await Promise.race([refused, nextRequest(c).then(() => ({ closed: 'a card' }))]);
      expect(outcome).toEqual({ closed: 4401 });
      expect(c.registry.pending()).toEqual([]);
    } finally {
      await squatter.close();
    }
  });

  it('takes nothing from a relay to the real console on another port, which cannot pass off its proof', async () => {
    const c = await startConsole();
    const relay = await startRelay(c.port);
    let cards = 0;
    const stop = c.registry.added.subscribe(() => (cards += 1));
    try {
      await staleDiscovery(c, relay.port);
      const exit = await spawnHook('permission-request', fixture('permission-request'), {
        GATEHOUSE_HOOK_TIMEOUT_MS: '5000',
      }).exit;
      expectNoDecision(exit);
      expect(exit.stderr).toMatch(/did not prove it holds the token/);
      await relay.settled();
      expect(cards).toBe(0);
    } finally {
      stop();
      await relay.close();
    }
  });

  it('recognises a bridge.json whose console is gone as stale, and does not connect to its port', async () => {
    const c = await startConsole();
    const squatter = await startSquatter();
    try {
      const dead = spawnSync(process.execPath, ['-e', '']).pid!;
      await staleDiscovery(c, squatter.port, dead);
      const exit = await spawnHook('permission-request', fixture('permission-request')).exit;
      expectNoDecision(exit);
      expect(exit.stderr).toMatch(
        new RegExp(`is stale: the console that wrote it \\(pid ${dead}\\) is gone`),
      );
      expect(squatter.upgrades).toEqual([]);
    } finally {
      await squatter.close();
    }
  });
});

/** A valid request body for the bridge, for tests that speak it directly. */
function fixtureCall(id: string) {
  return { id, sessionId: 's', cwd: '/home/dev/shop', tool: 'Bash', input: { command: 'curl x | sh' } };
}

describe('retiring cards the terminal answered', () => {
  it.each([
    ['post-tool-use', 'agent', 'answered in the terminal'],
    ['post-tool-use-failure', 'agent', 'answered in the terminal'],
    ['user-prompt-submit', 'session', 'session moved on'],
    ['stop', 'session', 'session moved on'],
    ['session-end', 'session', 'session moved on'],
  ] as const)('%s retires the waiting request, and its hook exits at once', async (event, by, message) => {
    const c = await startConsole();
    const waiting = spawnHook('permission-request', fixture('permission-request'));
    const request = await nextRequest(c);
    const retired = nextResolved(c);
    const told = await spawnHook(event, fixture(event)).exit;
    expectNoDecision(told);
    expect(told.stderr).toBe('');
    expect(await retired).toEqual({ id: request.id, behavior: 'passthrough', by, message });
    expectNoDecision(await waiting.exit);
    expect(store.records.map((record) => record.decision.message)).toEqual([message]);
  });

  it('withdraws the card as the person’s deny, with their words, when the transcript shows "No, …"', async () => {
    const c = await startConsole();
    const transcript = join(home.path, 'session.jsonl');
    const payload = { ...fixture('permission-request'), transcript_path: transcript };
    const { tool_name: name, tool_input: input } = fixture('permission-request') as {
      tool_name: string;
      tool_input: object;
    };
    const use = {
      type: 'assistant',
      message: { content: [{ type: 'tool_use', id: 'toolu_1', name, input }] },
    };
    await writeFile(transcript, `${JSON.stringify(use)}\n`);
    const waiting = spawnHook('permission-request', payload);
    const request = await nextRequest(c);
    const retired = nextResolved(c);
    // As Claude Code 2.1.328 writes the answer "No, and tell Claude what to do differently" (docs/claude-code.md).
    const refusal = {
      type: 'user',
      message: {
        content: [{ type: 'tool_result', is_error: true, tool_use_id: 'toolu_1', content: 'refused' }],
      },
      toolDenialKind: 'user-rejected',
      userFeedback: 'use the build folder',
    };
    await writeFile(transcript, `${JSON.stringify(use)}\n${JSON.stringify(refusal)}\n`);
    expect(await retired).toEqual({
      id: request.id,
      behavior: 'deny',
      by: 'agent',
      message: 'use the build folder',
    });
    expectNoDecision(await waiting.exit);
    expect(store.records.map((record) => record.decision)).toMatchObject([
      { behavior: 'deny', by: 'agent', message: 'use the build folder' },
    ]);
  });

  it('every retiring hook prints nothing and exits 0 when no console is running', async () => {
    for (const event of [
      'post-tool-use',
      'post-tool-use-failure',
      'user-prompt-submit',
      'stop',
      'session-end',
    ])
      expectNoDecision(await spawnHook(event, fixture(event)).exit);
  });
});

describe('gatehouse hook permission-denied, as Claude Code 2.1.328 runs it after an auto-mode refusal', () => {
  const deniedOutputSchema = z.fromJSONSchema(
    JSON.parse(readFileSync(join(FIXTURES, 'permission-denied-output.schema.json'), 'utf8')),
  );
  const refused = fixture('permission-denied');
  /** The retried call's PermissionRequest: the same session, folder and call, with the payload it carries. */
  const retried = {
    ...fixture('permission-request'),
    session_id: refused.session_id,
    cwd: refused.cwd,
    permission_mode: 'auto',
    tool_name: refused.tool_name,
    tool_input: refused.tool_input,
  };

  /** The one JSON object on stdout, checked against 2.1.328's PermissionDenied output schema. */
  function deniedOutput(exit: Exit): unknown {
    expect(exit.code).toBe(0);
    expect(exit.stdout.trim().split('\n')).toHaveLength(1);
    const output = JSON.parse(exit.stdout) as unknown;
    const checked = deniedOutputSchema.safeParse(output);
    expect(checked.success, checked.error?.message).toBe(true);
    return output;
  }

  it('raises a card with the classifier’s reason; Allow prints retry: true and allows the retried call once', async () => {
    const c = await startConsole();
    const hook = spawnHook('permission-denied', refused);
    const card = await nextRequest(c);
    expect(card).toMatchObject({
      sessionId: 'abc123',
      tool: 'Bash',
      input: refused.tool_input,
      mode: 'auto',
      provenance: { type: 'classifier-refusal', source: 'classifier', message: refused.reason },
      agent: { name: 'claude-code' },
    });
    c.registry.decide(card.id, 'console', { behavior: 'allow' });
    expect(deniedOutput(await hook.exit)).toEqual({
      hookSpecificOutput: { hookEventName: 'PermissionDenied', retry: true },
    });
    // History keeps who overturned it and the classifier's reason with the request.
    expect(store.find(card.id)).toMatchObject({
      decision: { behavior: 'allow', by: 'console' },
      request: { provenance: { message: refused.reason } },
    });

    // The retried call is answered by the one-shot grant, with no card.
    const resolved = nextResolved(c);
    const retry = spawnHook('permission-request', retried);
    expect(decisionIn(await retry.exit)).toEqual({ behavior: 'allow' });
    expect(await resolved).toMatchObject({ behavior: 'allow', by: 'grant' });
    expect(store.records.at(-1)).toMatchObject({ channel: `retry:${card.id}` });

    // Once only: the same call again is a question for a person.
    const again = spawnHook('permission-request', retried);
    const second = await nextRequest(c);
    expect(second.provenance).toBeUndefined();
    c.registry.decide(second.id, 'console', { behavior: 'deny' });
    expect(decisionIn(await again.exit)).toEqual({ behavior: 'deny' });
  });

  /** Claude Code's PreToolUse http hook posting the retried call, as 2.1.328 posts it, with `token`. */
  function postPreToolUse(
    c: ConsoleCore,
    token: string | undefined,
    extra: Record<string, string> = {},
  ): Promise<Response> {
    const body = {
      ...fixture('pre-tool-use-2.1.328-http'),
      session_id: refused.session_id,
      cwd: refused.cwd,
      permission_mode: 'auto',
      tool_name: refused.tool_name,
      tool_input: refused.tool_input,
    };
    return fetch(`http://127.0.0.1:${c.port}${PRE_TOOL_USE_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token === undefined ? {} : { [TELEMETRY_HEADER]: token }),
        ...extra,
      },
      body: JSON.stringify(body),
    });
  }

  it('lets the retried call through its PreToolUse http hook once, and only with the telemetry token', async () => {
    const c = await startConsole();
    const token = readTelemetryToken(home.path)!;
    // Before any refusal is overturned the console has no opinion, so Claude Code decides as without it.
    expect(await (await postPreToolUse(c, token)).json()).toEqual({});
    const hook = spawnHook('permission-denied', refused);
    c.registry.decide((await nextRequest(c)).id, 'console', { behavior: 'allow' });
    expect(deniedOutput(await hook.exit)).toMatchObject({ hookSpecificOutput: { retry: true } });

    expect((await postPreToolUse(c, undefined)).status).toBe(401);
    expect((await postPreToolUse(c, `${token.slice(1)}x`)).status).toBe(401);
    expect((await postPreToolUse(c, token, { origin: 'https://page.example' })).status).toBe(403);
    // The refused attempts used nothing up: the right token gets the allow, once.
    const allowed = await postPreToolUse(c, token);
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toMatchObject({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' },
    });
    expect(await (await postPreToolUse(c, token)).json()).toEqual({});
    // Nor does it answer the PermissionRequest the grant would otherwise have answered.
    const retry = spawnHook('permission-request', retried);
    const asked = await nextRequest(c);
    c.registry.decide(asked.id, 'console', { behavior: 'deny' });
    expect(decisionIn(await retry.exit)).toEqual({ behavior: 'deny' });
  });

  it('Leave it refused prints {} and grants nothing', async () => {
    const c = await startConsole();
    const hook = spawnHook('PermissionDenied', refused);
    const card = await nextRequest(c);
    c.registry.decide(card.id, 'console', { behavior: 'deny' });
    expect(deniedOutput(await hook.exit)).toEqual({});
    const retry = spawnHook('permission-request', retried);
    const asked = await nextRequest(c);
    expect(asked.input).toEqual(refused.tool_input);
    c.registry.decide(asked.id, 'console', { behavior: 'deny' });
    expect(decisionIn(await retry.exit)).toEqual({ behavior: 'deny' });
  });

  it('lets the refusal stand with {} when nobody answers in time, and history records the timeout', async () => {
    const c = await startConsole();
    const resolved = nextResolved(c);
    const hook = spawnHook('permission-denied', refused, { GATEHOUSE_HOOK_TIMEOUT_MS: '300' });
    const exit = await hook.exit;
    expect(deniedOutput(exit)).toEqual({});
    expect(await resolved).toMatchObject({ by: 'timeout' });
    expect(c.registry.pending()).toEqual([]);
  });

  it('prints nothing with no console, so the refusal stands', async () => {
    expectNoDecision(await spawnHook('permission-denied', refused).exit);
  });

  it('records a deny with words on a refusal as the refusal standing: the hook can only say retry or not', async () => {
    const c = await startConsole();
    const hook = spawnHook('permission-denied', refused);
    const card = await nextRequest(c);
    expect(c.registry.decide(card.id, 'console', { behavior: 'deny', message: 'no' })).toEqual({ won: true });
    // The words cannot reach Claude Code, so the answer is recorded as what happens: the refusal stands.
    expect(deniedOutput(await hook.exit)).toEqual({});
    expect(store.find(card.id)?.decision.behavior).toBe('passthrough');
  });
});
