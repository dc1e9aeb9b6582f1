/**
 * The compatibility suite on the real Claude Code (the version pinned in tests/agents/pins.json), driven
 * against a local stand-in of the Messages API, with Gatehouse's hooks installed by the installer and a
 * live console core. Each case checks what the agent then did: the tool's result the model got back, the
 * file the tool made, the rule Claude Code wrote.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DISCOVERY_FILE } from '../../common/discovery';
import { createSqliteHistory, HISTORY_FILE } from '../../main/history';
import { sampleEntry, sampleRequest } from '../../main/history/testing/sample';
import { makeTempDir } from '../support/temp-dir';
import { startLiveConsole } from './support/live-console';
import type { LiveConsole } from './support/live-console';
import { startAnthropicStandIn } from './support/anthropic-stand-in';
import type { AnthropicStandIn } from './support/anthropic-stand-in';
import {
  DIALOG,
  TmuxClaude,
  claudeBinary,
  makeClaudeSandbox,
  mcpTouchServer,
  runHeadless,
} from './support/claude-code';
import type { ClaudeSandbox } from './support/claude-code';

// A real agent per case, beside the rest of the suite on two cores: a ceiling, not a speed check.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
let dir: Awaited<ReturnType<typeof makeTempDir>>;
let api: AnthropicStandIn;
let sandbox: ClaudeSandbox;
let gate: LiveConsole | undefined;
let tmux: TmuxClaude | undefined;

beforeAll(() => {
  claudeBinary();
  if (!existsSync('out/cli/gatehouse-hook.cjs'))
    throw new Error('The suite installs the built hook: run "npm run build" first.');
});
beforeEach(async () => {
  dir = await makeTempDir();
  api = await startAnthropicStandIn();
  sandbox = await makeClaudeSandbox(dir.path, api.baseUrl);
});
afterEach(async ({ task }) => {
  // A stuck interactive case says what the terminal showed, not only that time ran out.
  if (tmux && task.result?.state === 'fail') console.error(`The terminal at failure:\n${tmux.screen()}`);
  await tmux?.close();
  tmux = undefined;
  await gate?.close();
  gate = undefined;
  await api.close();
  await dir.remove();
});

const marker = (name: string) => join(sandbox.project, name);
const touch = (name: string) => ({
  name: 'Bash',
  input: { command: `touch ${name}`, description: `Make ${name}` },
});

describe('Claude Code, headless (-p)', () => {
  it('runs the tool when the console allows', async () => {
    gate = await startLiveConsole(sandbox);
    api.script(touch('allowed.txt'));
    const turn = runHeadless(sandbox, 'make the file');
    const card = await gate.nextCard();
    expect(card).toMatchObject({
      tool: 'Bash',
      cwd: sandbox.project,
      input: { command: 'touch allowed.txt' },
      // -p: nobody at the terminal (CLAUDE_CODE_SESSION_ATTENDED=0), so the card says so.
      attended: false,
    });
    expect(gate.registry.decide(card.id, 'console', { behavior: 'allow' })).toEqual({ won: true });
    const result = await api.nextToolResult();
    expect(result.isError).toBe(false);
    expect((await turn).code).toBe(0);
    expect(existsSync(marker('allowed.txt'))).toBe(true);
  });

  it('gives the model the person’s message when the console denies', async () => {
    gate = await startLiveConsole(sandbox);
    api.script(touch('denied.txt'));
    const turn = runHeadless(sandbox, 'make the file');
    const card = await gate.nextCard();
    gate.registry.decide(card.id, 'console', {
      behavior: 'deny',
      message: 'Use the build folder instead.',
    });
    const result = await api.nextToolResult();
    expect(result.isError).toBe(true);
    expect(result.text).toContain('Use the build folder instead.');
    await turn;
    expect(existsSync(marker('denied.txt'))).toBe(false);
  });

  it('stops the turn on Deny and stop: the model gets no further turn', async () => {
    gate = await startLiveConsole(sandbox);
    api.script(touch('stopped.txt'));
    const turn = runHeadless(sandbox, 'make the file');
    const card = await gate.nextCard();
    gate.registry.decide(card.id, 'console', { behavior: 'deny', message: 'Stop here.', interrupt: true });
    await turn;
    expect(existsSync(marker('stopped.txt'))).toBe(false);
    expect(api.toolResults.every((result) => result.isError)).toBe(true);
  });

  it('runs the edited command when the person edits before allowing', async () => {
    gate = await startLiveConsole(sandbox);
    api.script(touch('asked.txt'));
    const turn = runHeadless(sandbox, 'make the file');
    const card = await gate.nextCard();
    gate.registry.decide(card.id, 'console', {
      behavior: 'allow',
      updatedInput: { command: 'touch edited.txt', description: 'Make edited.txt' },
    });
    expect((await api.nextToolResult()).isError).toBe(false);
    await turn;
    expect(existsSync(marker('edited.txt'))).toBe(true);
    expect(existsSync(marker('asked.txt'))).toBe(false);
  });

  it('writes the rule on Always allow, and the next such call does not ask', async () => {
    gate = await startLiveConsole(sandbox);
    api.script(touch('always.txt'));
    const first = runHeadless(sandbox, 'make the file');
    const card = await gate.nextCard();
    gate.registry.decide(card.id, 'console', {
      behavior: 'allow',
      updatedPermissions: [
        {
          type: 'addRules',
          rules: [{ toolName: 'Bash', ruleContent: 'touch:*' }],
          behavior: 'allow',
          destination: 'localSettings',
        },
      ],
    });
    await first;
    const local = JSON.parse(await readFile(join(sandbox.project, '.claude', 'settings.local.json'), 'utf8'));
    expect(local.permissions.allow).toContain('Bash(touch:*)');

    const cards = gate.cards.length;
    api.script(touch('again.txt'));
    expect((await runHeadless(sandbox, 'make another')).code).toBe(0);
    expect(existsSync(marker('again.txt'))).toBe(true);
    expect(gate.cards.length).toBe(cards);
  });

  it('proposes a rule after the fifth allow, and once applied Claude Code no longer asks', async () => {
    // Four allows already in history (a replay of earlier sessions), and one older deny shown first.
    const history = createSqliteHistory(join(sandbox.gatehouseHome, HISTORY_FILE));
    const replayed = (id: string, command: string, behavior: 'allow' | 'deny', receivedAt: number) =>
      history.record(
        sampleEntry(
          sampleRequest({ id, sessionId: 'earlier', cwd: sandbox.project, input: { command } }),
          { behavior },
          { agent: { name: 'claude-code', version: '2.1.328' }, receivedAt, decidedAt: receivedAt + 500 },
        ),
      );
    const now = Date.now();
    for (let i = 1; i <= 4; i += 1)
      replayed(`earlier-${i}`, `touch replayed-${i}.txt`, 'allow', now - i * 60_000);
    replayed('earlier-deny', 'touch secrets.txt', 'deny', now - 40 * 24 * 60 * 60_000);
    history.close();

    gate = await startLiveConsole(sandbox);
    const caller = { id: 'test', channel: 'web' } as const;
    const list = async () => {
      const result = await gate!.service.handlers['proposals:list']({}, caller);
      if (!result.ok) throw new Error(result.error.message);
      return result.value.proposals;
    };
    expect(await list()).toEqual([]);

    api.script(touch('fifth.txt'));
    const turn = runHeadless(sandbox, 'make the file');
    gate.registry.decide((await gate.nextCard()).id, 'console', { behavior: 'allow' });
    expect((await turn).code).toBe(0);
    // History changed: the console works its proposals out anew within a few seconds.
    await vi.waitFor(async () => expect(await list()).toHaveLength(1), { timeout: 10_000, interval: 250 });
    const [proposal] = await list();
    expect(proposal).toMatchObject({
      rule: expect.stringMatching(/^Bash\(touch[ :]\*\)$/),
      file: join(sandbox.project, '.claude', 'settings.local.json'),
      allows: 5,
      answered: 6,
      examined: 6,
    });
    expect(proposal!.alsoAllows[0]).toMatchObject({ id: 'earlier-deny', outcome: 'deny' });

    const applied = await gate.service.handlers['proposals:apply'](
      { cwd: sandbox.project, rule: proposal!.rule },
      caller,
    );
    expect(applied).toMatchObject({ ok: true, value: { proposals: [] } });
    const local = JSON.parse(await readFile(join(sandbox.project, '.claude', 'settings.local.json'), 'utf8'));
    expect(local.permissions.allow).toEqual([proposal!.rule]);

    const cards = gate.cards.length;
    api.script(touch('sixth.txt'));
    expect((await runHeadless(sandbox, 'make another')).code).toBe(0);
    expect(existsSync(marker('sixth.txt'))).toBe(true);
    expect(gate.cards.length).toBe(cards);
  });

  it('runs Gatehouse’s own copy of the hook, not the checkout’s bundle', async () => {
    const settings = JSON.parse(await readFile(join(sandbox.project, '.claude', 'settings.json'), 'utf8'));
    const copy = join(sandbox.gatehouseHome, 'gatehouse-hook.cjs');
    expect(settings.hooks.PermissionRequest[0].hooks[0].args[0]).toBe(copy);
    expect(await readFile(copy, 'utf8')).toBe(await readFile('out/cli/gatehouse-hook.cjs', 'utf8'));
    gate = await startLiveConsole(sandbox);
    api.script(touch('copy.txt'));
    const turn = runHeadless(sandbox, 'make the file');
    gate.registry.decide((await gate.nextCard()).id, 'console', { behavior: 'allow' });
    expect((await turn).code).toBe(0);
    expect(existsSync(marker('copy.txt'))).toBe(true);
  });

  it('names an MCP tool’s server and where it was configured, and runs it when the console allows', async () => {
    gate = await startLiveConsole(sandbox);
    const args = await mcpTouchServer(sandbox, 'maker');
    api.script({ name: 'mcp__maker__touch', input: { file: 'mcp.txt' } });
    const turn = runHeadless(sandbox, 'make the file', args);
    const card = await gate.nextCard();
    // --mcp-config servers are "dynamic" in Claude Code's list of sources.
    expect(card).toMatchObject({
      tool: 'mcp__maker__touch',
      input: { file: 'mcp.txt' },
      mcpServer: { name: 'maker', source: 'dynamic' },
    });
    gate.registry.decide(card.id, 'console', { behavior: 'allow' });
    expect((await api.nextToolResult()).isError).toBe(false);
    expect((await turn).code).toBe(0);
    expect(existsSync(marker('mcp.txt'))).toBe(true);
  });

  it('says a path outside the working directories made it ask, its own fix stops the next prompt, and later cards count it', async () => {
    // Claude Code asks for a command that touches a path outside the session's working directories even
    // when an allow rule matches it, and suggests adding the directory for the session.
    const outside = join(dir.path, 'outside');
    await mkdir(outside);
    await writeFile(
      join(sandbox.project, '.claude', 'settings.local.json'),
      JSON.stringify({ permissions: { allow: ['Bash(touch *)'] } }),
    );
    gate = await startLiveConsole(sandbox);
    api.script(touch(join(outside, 'one.txt')));
    api.script(touch(join(outside, 'two.txt')));
    const remove = `rm ${join(outside, 'one.txt')}`;
    api.script({ name: 'Bash', input: { command: remove, description: 'Remove one.txt' } });
    const turn = runHeadless(sandbox, 'make two files outside the project, then remove one');
    const card = await gate.nextCard();
    expect(card.explanation).toMatchObject({
      behavior: 'ask',
      outsidePath: join(outside, 'one.txt'),
      reason: { message: expect.stringContaining('outside the working directories') },
    });
    const addDirectory = (card.suggestions ?? []).filter((update) => update.type === 'addDirectories');
    expect(addDirectory).toEqual([
      { type: 'addDirectories', directories: [outside], destination: 'session' },
    ]);
    gate.registry.decide(card.id, 'console', { behavior: 'allow', updatedPermissions: addDirectory });

    expect((await api.nextToolResult()).isError).toBe(false);
    expect((await api.nextToolResult()).isError).toBe(false);
    expect(existsSync(join(outside, 'two.txt'))).toBe(true);
    // rm asks for its own reason (no rule allows it); the directory is now the session's, so the card
    // no longer calls the path outside.
    const later = await gate.nextCard();
    expect(later.input).toMatchObject({ command: remove });
    expect(later.explanation?.reason.type).not.toBe('workingDirectories');
    expect(later.explanation).not.toHaveProperty('outsidePath');
    gate.registry.decide(later.id, 'console', { behavior: 'allow' });
    expect((await api.nextToolResult()).isError).toBe(false);
    expect((await turn).code).toBe(0);
    expect(existsSync(join(outside, 'one.txt'))).toBe(false);
    expect(gate.cards).toHaveLength(2);
  });

  it('falls back to Claude Code’s own answer when no console runs', async () => {
    sandbox = await makeClaudeSandbox(join(dir.path, 'retry-hook'), api.baseUrl, ['--retry-hook']);
    api.script(touch('absent.txt'));
    const debug = join(dir.path, 'claude-debug.log');
    const turn = await runHeadless(sandbox, 'make the file', ['--debug-file', debug]);
    expect(turn.result.permission_denials).toHaveLength(1);
    expect(existsSync(marker('absent.txt'))).toBe(false);
    // The PreToolUse http hook found nothing listening and failed at once: a refused connection, not its
    // timeout, so a call with no console waits for nothing of Gatehouse's.
    const log = await readFile(debug, 'utf8');
    expect(log).toMatch(/HTTP hook error: connect ECONNREFUSED 127\.0\.0\.1:\d+/);
    expect(log).not.toMatch(/HTTP hook .*(abort|timed out)/i);
  });

  it('lets the retried call of an overturned refusal through its PreToolUse http hook, with no dialog', async () => {
    sandbox = await makeClaudeSandbox(join(dir.path, 'retry-hook'), api.baseUrl, ['--retry-hook']);
    gate = await startLiveConsole(sandbox, { port: 'remembered' });
    const sessionId = randomUUID();
    const call = touch('retried.txt');
    // Auto mode's refusal cannot be reached offline; the PermissionDenied hook gets its input as 2.1.328
    // builds it, and the person lets the model retry.
    const refusal = spawn(process.execPath, [resolve('out/cli/gatehouse.mjs'), 'hook', 'permission-denied'], {
      env: sandbox.env,
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let printed = '';
    refusal.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    const exited = new Promise((done) => refusal.on('close', done));
    refusal.stdin.end(
      JSON.stringify({
        session_id: sessionId,
        transcript_path: join(sandbox.home, 'transcript.jsonl'),
        cwd: sandbox.project,
        permission_mode: 'auto',
        hook_event_name: 'PermissionDenied',
        tool_name: call.name,
        tool_input: call.input,
        tool_use_id: 'toolu_refused',
        reason: 'Creates a file the user did not ask for.',
      }),
    );
    const card = await gate.nextCard();
    expect(card.provenance).toMatchObject({ type: 'classifier-refusal' });
    gate.registry.decide(card.id, 'console', { behavior: 'allow' });
    await exited;
    expect(JSON.parse(printed)).toMatchObject({ hookSpecificOutput: { retry: true } });

    // The retried call, in default mode, where only a hook's allow keeps it from asking: it runs, and no
    // PermissionRequest card is raised.
    api.script(call);
    const turn = await runHeadless(sandbox, 'make the file', ['--session-id', sessionId]);
    expect(turn.result.permission_denials).toEqual([]);
    expect((await api.nextToolResult()).isError).toBe(false);
    expect(existsSync(marker('retried.txt'))).toBe(true);
    expect(gate.cards).toHaveLength(1);
  });

  it('falls back the same way when bridge.json names a console that is gone', async () => {
    gate = await startLiveConsole(sandbox);
    const discovery = await readFile(join(sandbox.gatehouseHome, DISCOVERY_FILE), 'utf8');
    await gate.close();
    gate = undefined;
    await writeFile(join(sandbox.gatehouseHome, DISCOVERY_FILE), discovery);
    api.script(touch('stale.txt'));
    const turn = await runHeadless(sandbox, 'make the file');
    expect(turn.result.permission_denials).toHaveLength(1);
    expect(existsSync(marker('stale.txt'))).toBe(false);
  });
});

describe('Claude Code, interactive (tmux)', () => {
  it('closes the terminal dialog and runs the tool when the console allows', async () => {
    gate = await startLiveConsole(sandbox);
    tmux = await TmuxClaude.start(sandbox, `gh-allow-${process.pid}`);
    api.script(touch('console.txt'));
    tmux.prompt('make the file');
    const card = await gate.nextCard();
    expect(card.attended).toBe(true);
    await tmux.waitFor(DIALOG);
    gate.registry.decide(card.id, 'console', { behavior: 'allow' });
    expect((await api.nextToolResult()).isError).toBe(false);
    expect(existsSync(marker('console.txt'))).toBe(true);
  });

  it('with denyInsteadOfPrompting in user settings shows no dialog: the console decides, the card says so', async () => {
    // Claude Code ignores the key in project and local settings: here it would still show its dialog.
    const user = join(sandbox.home, '.claude', 'settings.json');
    await mkdir(join(sandbox.home, '.claude'), { recursive: true });
    await writeFile(user, JSON.stringify({ permissions: { denyInsteadOfPrompting: true } }));
    gate = await startLiveConsole(sandbox);
    tmux = await TmuxClaude.start(sandbox, `gh-noprompt-${process.pid}`);
    api.script(touch('unprompted.txt'));
    tmux.prompt('make the file');
    const card = await gate.nextCard();
    await vi.waitFor(() =>
      expect(gate!.registry.pending().find((each) => each.id === card.id)?.explanation).toMatchObject({
        denyInsteadOfPrompting: user,
      }),
    );
    expect(tmux.screen()).not.toMatch(DIALOG);
    gate.registry.decide(card.id, 'console', { behavior: 'allow' });
    expect((await api.nextToolResult()).isError).toBe(false);
    expect(existsSync(marker('unprompted.txt'))).toBe(true);
  });

  it('retires the card when the person answers Yes in the terminal', async () => {
    gate = await startLiveConsole(sandbox);
    tmux = await TmuxClaude.start(sandbox, `gh-yes-${process.pid}`);
    api.script(touch('terminal.txt'));
    tmux.prompt('make the file');
    const card = await gate.nextCard();
    await tmux.waitFor(DIALOG);
    await tmux.answerDialog('1');
    expect((await api.nextToolResult()).isError).toBe(false);
    const event = await gate.untilResolved(card.id);
    expect(event.by).not.toBe('console');
    expect(existsSync(marker('terminal.txt'))).toBe(true);
  });

  it('retires the card when the person presses Esc in the terminal', async () => {
    gate = await startLiveConsole(sandbox);
    tmux = await TmuxClaude.start(sandbox, `gh-esc-${process.pid}`);
    api.script(touch('escaped.txt'));
    tmux.prompt('make the file');
    const card = await gate.nextCard();
    await tmux.waitFor(DIALOG);
    await tmux.answerDialog('Escape');
    const event = await gate.untilResolved(card.id);
    // Esc interrupts Claude Code's turn and stops its hook: the card is withdrawn as that, not as an answer.
    expect(event).toMatchObject({ behavior: 'passthrough', by: 'agent', message: 'turn interrupted' });
    expect((await gate.historyEntry(card.sessionId, card.id))?.decision?.channel).toBe('interrupted');
    expect(existsSync(marker('escaped.txt'))).toBe(false);
  });

  it('withdraws the card as the person’s deny, with their words, after "No, …" in the terminal', async () => {
    gate = await startLiveConsole(sandbox);
    tmux = await TmuxClaude.start(sandbox, `gh-no-${process.pid}`);
    api.script(touch('refused.txt'));
    tmux.prompt('make the file');
    const card = await gate.nextCard();
    await tmux.waitFor(DIALOG);
    await tmux.rejectWithFeedback('use the build folder');
    const event = await gate.untilResolved(card.id);
    expect(event).toMatchObject({ behavior: 'deny', by: 'agent', message: 'use the build folder' });
    expect((await api.nextToolResult()).isError).toBe(true);
    expect(existsSync(marker('refused.txt'))).toBe(false);
  });

  it('history says the console’s Allow was not taken when the terminal’s No came first', async () => {
    gate = await startLiveConsole(sandbox);
    tmux = await TmuxClaude.start(sandbox, `gh-drop-${process.pid}`);
    api.script(touch('dropped.txt'));
    tmux.prompt('make the file');
    const card = await gate.nextCard();
    await tmux.waitFor(DIALOG);
    // The race this case is about: a console Allow that lands after the person's No in the terminal, before
    // the hook (which withdraws its card once the transcript shows that No) has said so. Held open here by
    // pressing Allow the moment the hook's withdrawal arrives, just ahead of it.
    const registry = gate.registry;
    const decide = registry.decide.bind(registry);
    vi.spyOn(registry, 'decide').mockImplementation((id, racer, answer, channel) => {
      if (id === card.id && racer === 'agent') decide(id, 'console', { behavior: 'allow' });
      return decide(id, racer, answer, channel);
    });
    await tmux.rejectWithFeedback('use the build folder');
    expect(await gate.untilResolved(card.id)).toMatchObject({ behavior: 'allow', by: 'console' });
    expect((await api.nextToolResult()).isError).toBe(true);
    await vi.waitFor(
      async () =>
        expect((await gate!.historyEntry(card.sessionId, card.id))?.decision).toMatchObject({
          decision: { behavior: 'allow', by: 'console' },
          notTaken: { because: 'terminal-no', message: 'use the build folder' },
        }),
      { timeout: 15_000, interval: 250 },
    );
    expect(existsSync(marker('dropped.txt'))).toBe(false);
  });

  it('history says the console’s Deny was not taken when the terminal’s Yes came first and the call ran', async () => {
    gate = await startLiveConsole(sandbox);
    tmux = await TmuxClaude.start(sandbox, `gh-yes-first-${process.pid}`);
    api.script({
      name: 'Bash',
      input: { command: 'sleep 3 && touch ran.txt', description: 'Make ran.txt slowly' },
    });
    tmux.prompt('make the file');
    const card = await gate.nextCard();
    await tmux.waitFor(DIALOG);
    await tmux.answerDialog('1');
    // The card stays while the tool runs (nothing says the terminal answered until it is done), and a
    // person who denies it meanwhile wins Gatehouse's race but not Claude Code's.
    expect(gate.registry.decide(card.id, 'console', { behavior: 'deny', message: 'not now' })).toEqual({
      won: true,
    });
    expect((await api.nextToolResult()).isError).toBe(false);
    expect(existsSync(marker('ran.txt'))).toBe(true);
    await vi.waitFor(
      async () =>
        expect((await gate!.historyEntry(card.sessionId, card.id))?.decision).toMatchObject({
          decision: { behavior: 'deny', by: 'console' },
          notTaken: { because: 'terminal-yes' },
        }),
      { timeout: 15_000, interval: 250 },
    );
  });
});

describe('Claude Code’s own decisions, over its telemetry', () => {
  it('reach the console within 2 s of each call, with who settled it: a rule, the console through the hook', async () => {
    await writeFile(
      join(sandbox.project, '.claude', 'settings.local.json'),
      JSON.stringify({ permissions: { allow: ['Bash(touch ruled.txt)'] } }),
    );
    // The console on the port `gatehouse install` reserved and put into the user settings.
    gate = await startLiveConsole(sandbox, { port: 'remembered' });
    const live = gate;
    api.script(touch('ruled.txt'));
    api.script(touch('asked.txt'));
    api.script(touch('refused.txt'));
    const turn = runHeadless(sandbox, 'make three files');
    const asked = await live.nextCard();
    live.registry.decide(asked.id, 'console', { behavior: 'allow' });
    const refused = await live.nextCard();
    live.registry.decide(refused.id, 'console', { behavior: 'deny', message: 'Not that one.' });

    const ended: { id: string; at: number; isError: boolean }[] = [];
    for (let call = 0; call < 3; call += 1) {
      const result = await api.nextToolResult();
      ended.push({ id: result.toolUseId, at: Date.now(), isError: result.isError });
    }
    expect((await turn).code).toBe(0);
    const decisionOf = (id: string) =>
      live.agentEvent((event) => event.kind === 'decision' && event.callId === id);
    const resultOf = (id: string) =>
      live.agentEvent((event) => event.kind === 'result' && event.callId === id);
    const [ruled, allowed, denied] = ended as [(typeof ended)[0], (typeof ended)[0], (typeof ended)[0]];

    expect(await decisionOf(ruled.id)).toMatchObject({
      agent: 'claude',
      sessionId: asked.sessionId,
      tool: 'Bash',
      input: { command: 'touch ruled.txt' },
      allowed: true,
      source: 'user_permanent',
      permissionMode: 'default',
    });
    expect(await decisionOf(allowed.id)).toMatchObject({
      allowed: true,
      source: 'hook',
      input: { command: 'touch asked.txt' },
    });
    expect(await decisionOf(denied.id)).toMatchObject({
      allowed: false,
      source: 'hook',
      input: { command: 'touch refused.txt' },
    });
    for (const call of [ruled, allowed]) {
      const result = await resultOf(call.id);
      expect(result).toMatchObject({ success: true, sessionId: asked.sessionId });
      expect(result.receivedAt - call.at).toBeLessThan(2_000);
    }
    expect((await decisionOf(denied.id)).receivedAt - denied.at).toBeLessThan(2_000);
    expect(live.agentEvents.some((event) => event.kind === 'result' && event.callId === denied.id)).toBe(
      false,
    );
  });
});
