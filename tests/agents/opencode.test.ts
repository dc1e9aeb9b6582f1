/**
 * The real OpenCode (pinned in tests/agents/pins.json) against a stand-in of the Chat Completions API its
 * OpenAI-compatible provider speaks, offline, with Gatehouse's plugin put in place by the built `gatehouse
 * install opencode` and a live console core. OpenCode runs as `opencode serve`; the test is the client
 * OpenCode's TUI would be, so the console races a real prompt's reply. Each case shows who decided: the
 * file the command made, the result the model got back, the reply OpenCode announced.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTempDir } from '../support/temp-dir';
import { startLiveConsole } from './support/live-console';
import type { LiveConsole } from './support/live-console';
import { startChatCompletionsStandIn } from './support/chat-completions-stand-in';
import type { ChatCompletionsStandIn } from './support/chat-completions-stand-in';
import { makeOpenCodeSandbox, opencodeCommand, OpenCodeServer } from './support/opencode';
import type { OpenCodeSandbox } from './support/opencode';

const PLUGIN = resolve('out/cli/gatehouse-opencode.js');
const CLI = resolve('out/cli/gatehouse.mjs');

vi.setConfig({ testTimeout: 90_000, hookTimeout: 120_000 });
let dir: Awaited<ReturnType<typeof makeTempDir>>;
let api: ChatCompletionsStandIn;
let sandbox: OpenCodeSandbox;
let opencode: OpenCodeServer;
let gate: LiveConsole | undefined;

// One OpenCode for every case, as one TUI takes many turns: the plugin looks for the console at each
// question, so a case starts its console (or none) before its turn.
beforeAll(async () => {
  opencodeCommand();
  if (!existsSync(PLUGIN) || !existsSync(CLI))
    throw new Error('The suite runs the built plugin and CLI: run "npm run build" first.');
  dir = await makeTempDir();
  api = await startChatCompletionsStandIn();
  sandbox = await makeOpenCodeSandbox(dir.path, api.baseUrl);
  const install = spawnSync(process.execPath, [CLI, 'install', 'opencode'], {
    env: sandbox.env,
    encoding: 'utf8',
  });
  if (install.status !== 0) throw new Error(`gatehouse install opencode failed: ${install.stderr}`);
  opencode = await OpenCodeServer.start(sandbox);
});
afterEach(async () => {
  await gate?.close();
  gate = undefined;
});
afterAll(async () => {
  await opencode?.close();
  await api?.close();
  await dir?.remove();
});

const marker = (name: string) => join(sandbox.project, name);
const touch = (name: string) => ({
  name: 'bash',
  args: { command: `touch ${name}`, description: `Make ${name}` },
});

describe('OpenCode (opencode serve, the test as its TUI)', () => {
  it('installs the plugin where OpenCode loads it', () => {
    const plugin = join(sandbox.home, '.config', 'opencode', 'plugins', 'gatehouse.js');
    expect(readFileSync(plugin)).toEqual(readFileSync(PLUGIN));
  });

  it('runs the command when the console allows, says why OpenCode asked, and history names OpenCode', async () => {
    gate = await startLiveConsole(sandbox);
    api.script(touch('allowed.txt'));
    const sessionId = await opencode.prompt('make the file');
    const card = await gate.nextCard();
    expect(card).toMatchObject({
      agent: { name: 'opencode' },
      sessionId,
      tool: 'Bash',
      cwd: sandbox.project,
      input: { command: 'touch allowed.txt' },
      provenance: { type: 'opencode', rule: 'bash: { "*": "ask" }' },
    });
    expect(card.provenance?.message).toContain('its own "Always" would allow "touch *"');
    gate.registry.decide(card.id, 'console', { behavior: 'allow' });
    expect(await opencode.replied(card.id)).toBe('once');
    await api.nextToolOutput();
    expect(existsSync(marker('allowed.txt'))).toBe(true);
    const [session] = await gate.sessions();
    expect(session).toMatchObject({ agent: { name: 'opencode' }, cwd: sandbox.project });
  });

  it('keeps the command from running and gives the model the message when the console denies', async () => {
    gate = await startLiveConsole(sandbox);
    api.script(touch('denied.txt'));
    await opencode.prompt('make the file');
    const card = await gate.nextCard();
    gate.registry.decide(card.id, 'console', { behavior: 'deny', message: 'Use the build folder instead.' });
    expect(await opencode.replied(card.id)).toBe('reject');
    expect((await api.nextToolOutput()).output).toContain('Use the build folder instead.');
    expect(existsSync(marker('denied.txt'))).toBe(false);
  });

  it('withdraws the card when OpenCode’s own prompt answers first, and history says what it answered', async () => {
    gate = await startLiveConsole(sandbox);
    api.script(touch('terminal.txt'));
    const sessionId = await opencode.prompt('make the file');
    const card = await gate.nextCard();
    const asked = await opencode.asked(sessionId);
    expect(asked.id).toBe(card.id);
    expect(await opencode.reply(asked.id, 'once')).toBe(200);
    expect(await gate.untilResolved(card.id)).toMatchObject({ behavior: 'allow', by: 'agent' });
    await api.nextToolOutput();
    expect(existsSync(marker('terminal.txt'))).toBe(true);
    const entry = await gate.historyEntry(sessionId, card.id);
    expect(entry?.decision?.decision).toMatchObject({ behavior: 'allow', by: 'agent' });
  });

  it('changes nothing when no console runs: OpenCode’s own prompt asks, and its answer goes through', async () => {
    api.script(touch('absent.txt'));
    const sessionId = await opencode.prompt('make the file');
    const asked = await opencode.asked(sessionId);
    expect(await opencode.pending()).toMatchObject([{ id: asked.id }]);
    expect(await opencode.reply(asked.id, 'once')).toBe(200);
    await api.nextToolOutput();
    expect(existsSync(marker('absent.txt'))).toBe(true);
  });
});
