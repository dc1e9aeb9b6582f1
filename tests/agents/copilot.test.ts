/**
 * The real GitHub Copilot CLI (pinned in tests/agents/pins.json) against a stand-in of the Chat Completions
 * API its BYOK provider speaks, offline, with Gatehouse's hook added by the built `gatehouse install
 * copilot` and a live console core. Prompt mode (`copilot -p`) denies whatever no hook allows, so each case
 * shows who decided: the file the command made, the result the model got back.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTempDir } from '../support/temp-dir';
import { startLiveConsole } from './support/live-console';
import type { LiveConsole } from './support/live-console';
import { startChatCompletionsStandIn } from './support/chat-completions-stand-in';
import type { ChatCompletionsStandIn } from './support/chat-completions-stand-in';
import {
  COPILOT_PROMPT,
  copilotCommand,
  makeCopilotSandbox,
  runPrompt,
  TmuxCopilot,
} from './support/copilot';
import type { CopilotSandbox } from './support/copilot';

const HOOK = resolve('out/cli/gatehouse-hook.cjs');
const CLI = resolve('out/cli/gatehouse.mjs');
/** What Copilot tells the model when its own check ends in a prompt and no one is there to answer. */
const NO_ONE_TO_ASK = /no interactive user response was available/;

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
let dir: Awaited<ReturnType<typeof makeTempDir>>;
let api: ChatCompletionsStandIn;
let sandbox: CopilotSandbox;
let gate: LiveConsole | undefined;
let tmux: TmuxCopilot | undefined;

beforeAll(() => {
  copilotCommand();
  if (!existsSync(HOOK) || !existsSync(CLI))
    throw new Error('The suite runs the built hook and CLI: run "npm run build" first.');
});
beforeEach(async () => {
  dir = await makeTempDir();
  api = await startChatCompletionsStandIn();
  sandbox = await makeCopilotSandbox(dir.path, api.baseUrl);
  const install = spawnSync(process.execPath, [CLI, 'install', 'copilot'], {
    env: sandbox.env,
    encoding: 'utf8',
  });
  if (install.status !== 0) throw new Error(`gatehouse install copilot failed: ${install.stderr}`);
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
  name: 'bash',
  args: { command: `touch ${name}`, description: `Make ${name}` },
});

describe('GitHub Copilot CLI, prompt mode (copilot -p)', () => {
  it('runs the command when the console allows, and history names Copilot', async () => {
    gate = await startLiveConsole(sandbox);
    api.script(touch('allowed.txt'));
    const started = Date.now();
    const turn = runPrompt(sandbox, 'make the file');
    const card = await gate.nextCard();
    // The card counts down to the hook's hand-back, inside Copilot's 30 s, not to the console's own clock.
    expect(card.deadline).toBeLessThanOrEqual(Date.now() + 25_000);
    expect(card.deadline).toBeGreaterThan(started);
    expect(card).toMatchObject({
      agent: { name: 'copilot' },
      tool: 'Bash',
      cwd: sandbox.project,
      input: { command: 'touch allowed.txt' },
    });
    // Why it asked, in Copilot's terms: a shell permission, and no approval saved for the folder.
    expect(card.explanation?.copilot).toEqual({
      kind: 'shell',
      permissionsFile: join(sandbox.copilotHome, 'permissions-config.json'),
      saved: { state: 'none', approvals: [] },
    });
    gate.registry.decide(card.id, 'console', { behavior: 'allow' });
    await api.nextToolOutput();
    expect((await turn).code).toBe(0);
    expect(existsSync(marker('allowed.txt'))).toBe(true);
    const [session] = await gate.sessions();
    expect(session).toMatchObject({ agent: { name: 'copilot' }, cwd: sandbox.project });
  });

  it('keeps the command from running and gives the model the message when the console denies', async () => {
    gate = await startLiveConsole(sandbox);
    await writeFile(
      join(sandbox.copilotHome, 'permissions-config.json'),
      JSON.stringify({
        locations: {
          [sandbox.project]: { tool_approvals: [{ kind: 'commands', commandIdentifiers: ['git push'] }] },
        },
      }),
    );
    api.script(touch('denied.txt'));
    const turn = runPrompt(sandbox, 'make the file');
    const card = await gate.nextCard();
    // The folder's saved approval does not cover `touch`: the card names it as Copilot's own list does.
    expect(card.explanation?.copilot?.saved).toEqual({
      state: 'none',
      approvals: ['shell command (git push)'],
    });
    gate.registry.decide(card.id, 'console', { behavior: 'deny', message: 'Use the build folder instead.' });
    expect((await api.nextToolOutput()).output).toContain('Use the build folder instead.');
    await turn;
    expect(existsSync(marker('denied.txt'))).toBe(false);
  });

  it('runs the command on a console Allow even where a --deny-tool rule forbids it, as docs/copilot.md warns', async () => {
    gate = await startLiveConsole(sandbox);
    api.script(touch('forbidden.txt'));
    const turn = runPrompt(sandbox, 'make the file', ['--deny-tool=shell(touch)']);
    gate.registry.decide((await gate.nextCard()).id, 'console', { behavior: 'allow' });
    await api.nextToolOutput();
    await turn;
    expect(existsSync(marker('forbidden.txt'))).toBe(true);
  });

  it('changes nothing when no console runs: Copilot answers on its own', async () => {
    api.script(touch('absent.txt'));
    const turn = runPrompt(sandbox, 'make the file');
    expect((await api.nextToolOutput()).output).toMatch(NO_ONE_TO_ASK);
    await turn;
    expect(existsSync(marker('absent.txt'))).toBe(false);
  });

  it('hands an unanswered card back to Copilot at the hook’s wait, withdrawing it', async () => {
    gate = await startLiveConsole(sandbox);
    api.script(touch('unanswered.txt'));
    const turn = runPrompt(sandbox, 'make the file', [], { GATEHOUSE_HOOK_TIMEOUT_MS: '3000' });
    const card = await gate.nextCard();
    expect(await gate.untilResolved(card.id)).toMatchObject({ behavior: 'passthrough', by: 'timeout' });
    expect((await api.nextToolOutput()).output).toMatch(NO_ONE_TO_ASK);
    await turn;
    expect(existsSync(marker('unanswered.txt'))).toBe(false);
  });

  it('shows no card for a command Copilot already approved for the folder, and lets Copilot allow it', async () => {
    gate = await startLiveConsole(sandbox);
    // What Copilot writes at "Yes, and don't ask again for `touch` in this directory".
    await writeFile(
      join(sandbox.copilotHome, 'permissions-config.json'),
      JSON.stringify({
        locations: {
          [sandbox.project]: { tool_approvals: [{ kind: 'commands', commandIdentifiers: ['touch'] }] },
        },
      }),
    );
    api.script(touch('saved.txt'));
    const turn = runPrompt(sandbox, 'make the file');
    await api.nextToolOutput();
    expect((await turn).code).toBe(0);
    expect(existsSync(marker('saved.txt'))).toBe(true);
    expect(gate.cards).toEqual([]);
  });

  it('shows no card under COPILOT_ALLOW_ALL, which allows every call itself', async () => {
    gate = await startLiveConsole(sandbox);
    api.script(touch('all.txt'));
    const turn = runPrompt(sandbox, 'make the file', [], { COPILOT_ALLOW_ALL: 'true' });
    await api.nextToolOutput();
    expect((await turn).code).toBe(0);
    expect(existsSync(marker('all.txt'))).toBe(true);
    expect(gate.cards).toEqual([]);
  });
});

describe('GitHub Copilot CLI, a project-scope install (.github/hooks/)', () => {
  beforeEach(async () => {
    // Only the project's hook: the user-scope one from the outer beforeEach goes.
    const uninstall = spawnSync(process.execPath, [CLI, 'uninstall', 'copilot'], { env: sandbox.env });
    const install = spawnSync(process.execPath, [CLI, 'install', 'copilot', '--scope', 'project'], {
      cwd: sandbox.project,
      env: sandbox.env,
      encoding: 'utf8',
    });
    if (uninstall.status !== 0 || install.status !== 0)
      throw new Error(`gatehouse install copilot --scope project failed: ${install.stderr}`);
  });

  it('is skipped, unasked, in a folder Copilot does not trust, as gatehouse doctor copilot says', async () => {
    gate = await startLiveConsole(sandbox);
    api.script(touch('untrusted.txt'));
    const turn = runPrompt(sandbox, 'make the file');
    expect((await api.nextToolOutput()).output).toMatch(NO_ONE_TO_ASK);
    await turn;
    expect(gate.cards).toEqual([]);
  });

  it('asks the console in a folder Copilot trusts', async () => {
    await writeFile(
      join(sandbox.copilotHome, 'config.json'),
      JSON.stringify({ trustedFolders: [sandbox.project] }),
    );
    gate = await startLiveConsole(sandbox);
    api.script(touch('trusted.txt'));
    const turn = runPrompt(sandbox, 'make the file');
    gate.registry.decide((await gate.nextCard()).id, 'console', { behavior: 'allow' });
    await api.nextToolOutput();
    await turn;
    expect(existsSync(marker('trusted.txt'))).toBe(true);
  });
});

describe('GitHub Copilot CLI, interactive (tmux)', () => {
  it('runs the command when the console allows, with no prompt of its own', async () => {
    gate = await startLiveConsole(sandbox);
    api.script(touch('console.txt'));
    const next = gate.nextCard();
    tmux = await TmuxCopilot.start(sandbox, `copilot-allow-${process.pid}`, 'make the file');
    gate.registry.decide((await next).id, 'console', { behavior: 'allow' });
    await api.nextToolOutput();
    expect(existsSync(marker('console.txt'))).toBe(true);
    expect(tmux.screen()).not.toMatch(COPILOT_PROMPT);
  });

  it('withdraws an unanswered card when Copilot’s own prompt takes over, and the terminal answers', async () => {
    gate = await startLiveConsole(sandbox);
    api.script(touch('terminal.txt'));
    const next = gate.nextCard();
    tmux = await TmuxCopilot.start(sandbox, `copilot-handback-${process.pid}`, 'make the file', {
      GATEHOUSE_HOOK_TIMEOUT_MS: '3000',
    });
    const card = await next;
    // Copilot waits on the hook: its own prompt is not up while the card is.
    expect(tmux.screen()).not.toMatch(COPILOT_PROMPT);
    expect(await gate.untilResolved(card.id)).toMatchObject({ behavior: 'passthrough', by: 'timeout' });
    await tmux.answer(COPILOT_PROMPT, 'Enter');
    await api.nextToolOutput();
    expect(existsSync(marker('terminal.txt'))).toBe(true);
  });
});
