/**
 * The real Codex CLI (pinned in tests/agents/pins.json) against a stand-in of OpenAI's Responses API, with
 * Gatehouse's hooks added by the built `gatehouse install codex` and a live console core. Each case checks
 * what Codex then did: the file the command made, the output the model got back.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, chmod, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { codexHookStatuses } from '../../client/codex/codex-hook-status';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTempDir } from '../support/temp-dir';
import { startLiveConsole } from './support/live-console';
import type { LiveConsole } from './support/live-console';
import { codexCommand, makeCodexSandbox, runExec } from './support/codex';
import type { CodexSandbox } from './support/codex';
import { startOpenAiStandIn } from './support/openai-stand-in';
import type { OpenAiStandIn } from './support/openai-stand-in';

const HOOK = resolve('out/cli/gatehouse-hook.cjs');
const CLI = resolve('out/cli/gatehouse.mjs');

// A real agent per case, beside the rest of the suite on two cores: a ceiling, not a speed check.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
let dir: Awaited<ReturnType<typeof makeTempDir>>;
let api: OpenAiStandIn;
let sandbox: CodexSandbox;
let gate: LiveConsole | undefined;

beforeAll(() => {
  codexCommand();
  if (!existsSync(HOOK) || !existsSync(CLI))
    throw new Error('The suite runs the built hook and CLI: run "npm run build" first.');
});
beforeEach(async () => {
  dir = await makeTempDir();
  api = await startOpenAiStandIn();
  sandbox = await makeCodexSandbox(dir.path, api.baseUrl);
  const install = spawnSync(process.execPath, [CLI, 'install', 'codex'], {
    env: sandbox.env,
    encoding: 'utf8',
  });
  if (install.status !== 0) throw new Error(`gatehouse install codex failed: ${install.stderr}`);
});
afterEach(async () => {
  await gate?.close();
  gate = undefined;
  await api.close();
  await dir.remove();
});

const marker = (name: string) => join(sandbox.project, name);
const touch = (name: string) => ({ cmd: `touch ${name}`, justification: `Make ${name}` });
const TRUST = ['--dangerously-bypass-hook-trust'];

describe('Codex, headless (codex exec --approve-for-me)', () => {
  it('runs the command when the console allows', async () => {
    gate = await startLiveConsole(sandbox);
    api.script(touch('allowed.txt'));
    const turn = runExec(sandbox, 'make the file', TRUST);
    const card = await gate.nextCard();
    expect(card).toMatchObject({
      agent: { name: 'codex' },
      tool: 'Bash',
      cwd: sandbox.project,
      input: { command: 'touch allowed.txt' },
    });
    gate.registry.decide(card.id, 'console', { behavior: 'allow' });
    await api.nextToolOutput();
    expect((await turn).code).toBe(0);
    expect(existsSync(marker('allowed.txt'))).toBe(true);
  });

  it('keeps the command from running and gives the model the message when the console denies', async () => {
    gate = await startLiveConsole(sandbox);
    api.script(touch('denied.txt'));
    const turn = runExec(sandbox, 'make the file', TRUST);
    const card = await gate.nextCard();
    gate.registry.decide(card.id, 'console', { behavior: 'deny', message: 'Use the build folder instead.' });
    expect((await api.nextToolOutput()).output).toContain('Use the build folder instead.');
    await turn;
    expect(existsSync(marker('denied.txt'))).toBe(false);
  });

  it('changes nothing when no console runs: Codex answers on its own', async () => {
    api.script(touch('absent.txt'));
    const turn = runExec(sandbox, 'make the file', TRUST);
    const output = await api.nextToolOutput();
    await turn;
    expect(output.output).toMatch(/review|rejected|declined/i);
    expect(existsSync(marker('absent.txt'))).toBe(false);
  });

  it('hands an unanswered card back to Codex at the hook’s wait, well before Codex would kill it', async () => {
    gate = await startLiveConsole(sandbox);
    api.script(touch('unanswered.txt'));
    const turn = runExec(sandbox, 'make the file', TRUST, { GATEHOUSE_HOOK_TIMEOUT_MS: '3000' });
    const card = await gate.nextCard();
    const shown = Date.now();
    // The hook's own 3 s deadline, recorded as a timeout: not the console's 120 s clock nor Codex's 600 s kill.
    expect(await gate.untilResolved(card.id)).toMatchObject({ behavior: 'passthrough', by: 'timeout' });
    expect(Date.now() - shown).toBeLessThan(60_000);
    const output = await api.nextToolOutput();
    await turn;
    expect(output.output).toMatch(/review|rejected|declined/i);
    expect(existsSync(marker('unanswered.txt'))).toBe(false);
  });
});

describe('Codex trust, as a person gives it', () => {
  /** One program for doctor's --codex: the pinned Codex behind a shell shim. */
  async function codexShim(): Promise<string> {
    const codex = codexCommand();
    const shim = join(dir.path, 'codex');
    const words = [codex.command, ...codex.args].map((word) => `'${word}'`).join(' ');
    await writeFile(shim, `#!/bin/sh\nexec ${words} "$@"\n`);
    await chmod(shim, 0o755);
    return shim;
  }
  const doctor = (shim: string) =>
    spawnSync(process.execPath, [CLI, 'doctor', 'codex', '--codex', shim, '--cwd', sandbox.project], {
      env: sandbox.env,
      encoding: 'utf8',
    }).stdout;

  it('reaches the console without --dangerously-bypass-hook-trust once the installed hooks are trusted', async () => {
    const shim = await codexShim();
    expect(doctor(shim)).toMatch(/✗ codex trust: Codex reports .*permission_request:\d+:\d+ is untrusted/);
    // What Codex's "Hooks need review" writes when a person trusts each hook.
    const statuses = await codexHookStatuses(shim, sandbox.project, sandbox.env);
    const records = [...(statuses ?? [])].flatMap(([key, status]) => [
      `[hooks.state."${key}"]`,
      `trusted_hash = "${status.currentHash}"`,
    ]);
    expect(records.length).toBe(10);
    await appendFile(join(sandbox.codexHome, 'config.toml'), `${records.join('\n')}\n`);
    expect(doctor(shim)).toMatch(/✓ codex trust: Codex reports all 5 of Gatehouse's hooks trusted/);

    gate = await startLiveConsole(sandbox);
    api.script(touch('trusted.txt'));
    const turn = runExec(sandbox, 'make the file');
    const card = await gate.nextCard();
    expect(card.agent.name).toBe('codex');
    gate.registry.decide(card.id, 'console', { behavior: 'allow' });
    await api.nextToolOutput();
    expect((await turn).code).toBe(0);
    expect(existsSync(marker('trusted.txt'))).toBe(true);
  });
});
