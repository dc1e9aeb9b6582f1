/**
 * Gemini CLI's ACP mode (`gemini --acp`, pinned in tests/agents/pins.json) behind `gatehouse acp`, with the
 * protocol's own client library as the editor, against the stand-in Gemini API and a live console. Its
 * BeforeTool hook can deny but never allow, so this is the route by which the console answers it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { agentLabel } from '../../common/agent-label';
import { makeTempDir } from '../support/temp-dir';
import { heldPermission, prompt, startAcpEditor } from './support/claude-agent-acp';
import type { AcpEditorSession, AcpSandbox } from './support/claude-agent-acp';
import { geminiAcpCommand, makeGeminiSandbox } from './support/gemini';
import { startGeminiStandIn } from './support/gemini-stand-in';
import type { GeminiStandIn } from './support/gemini-stand-in';
import { startLiveConsole } from './support/live-console';
import { descendants, running } from './support/processes';
import type { LiveConsole } from './support/live-console';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });
let dir: Awaited<ReturnType<typeof makeTempDir>>;
let api: GeminiStandIn;
let sandbox: AcpSandbox;
let gate: LiveConsole | undefined;
let editor: AcpEditorSession | undefined;

beforeAll(() => {
  geminiAcpCommand();
  if (!existsSync('out/cli/acp.mjs'))
    throw new Error('The suite runs the built CLI: run "npm run build" first.');
});
beforeEach(async () => {
  dir = await makeTempDir();
  api = await startGeminiStandIn();
  sandbox = await makeGeminiSandbox(dir.path, api);
});
afterEach(async ({ task }) => {
  if (editor && task.result?.state === 'fail') console.error(`gatehouse acp's stderr:\n${editor.stderr()}`);
  editor?.child.kill('SIGTERM');
  await editor?.exited;
  editor = undefined;
  await gate?.close();
  gate = undefined;
  await api.close();
  await dir.remove();
});

const touch = (name: string) => ({ name: 'run_shell_command', args: { command: `touch ${name}` } });

const start = (onPermission: ReturnType<typeof heldPermission>['handler']) =>
  startAcpEditor(sandbox, onPermission, geminiAcpCommand());

describe('gatehouse acp with Gemini CLI', () => {
  it('runs the call once when the console allows, and history names Gemini CLI', async () => {
    gate = await startLiveConsole(sandbox);
    const held = heldPermission();
    editor = await start(held.handler);
    api.script(touch('allowed.txt'));
    const cardShown = gate.nextCard();
    const turn = prompt(editor, 'make the file');
    const card = await cardShown;
    expect(card).toMatchObject({
      agent: { name: 'gemini-cli' },
      sessionId: editor.sessionId,
      cwd: sandbox.project,
      input: { kind: 'execute' },
      provenance: { type: 'acp' },
    });
    // Gemini CLI's own choices, by ACP kind: the console's allow is its "Allow", a deny its "Reject".
    expect(held.asked[0]?.options.map((option) => option.kind)).toEqual([
      'allow_always',
      'allow_once',
      'reject_once',
    ]);
    expect(gate.registry.decide(card.id, 'console', { behavior: 'allow' })).toEqual({ won: true });
    expect(await api.nextFunctionResponse()).toMatchObject({ name: 'run_shell_command' });
    expect(existsSync(join(sandbox.project, 'allowed.txt'))).toBe(true);
    await held.withdrawn;
    expect((await turn).stopReason).toBe('end_turn');
    expect(api.functionResponses).toHaveLength(1);
    const recorded = await gate.historyEntry(editor.sessionId, card.id);
    expect(recorded).toMatchObject({ decision: { decision: { by: 'console' } } });
    expect(agentLabel(recorded!.agent.name)).toBe('Gemini CLI');
  });

  it('runs nothing when the console denies, and the model hears the refusal', async () => {
    gate = await startLiveConsole(sandbox);
    const held = heldPermission();
    editor = await start(held.handler);
    api.script(touch('denied.txt'));
    const cardShown = gate.nextCard();
    const turn = prompt(editor, 'make the file');
    const card = await cardShown;
    gate.registry.decide(card.id, 'console', { behavior: 'deny', message: 'not in this folder' });
    // ACP carries no message with a rejection: the model hears Gemini CLI's own words for its "Reject".
    expect((await api.nextFunctionResponse()).response).toEqual({
      error: 'Tool "run_shell_command" was canceled by the user.',
    });
    await held.withdrawn;
    expect((await turn).stopReason).toBe('end_turn');
    expect(existsSync(join(sandbox.project, 'denied.txt'))).toBe(false);
  });

  it('withdraws the card when the editor answers first, and history records the editor’s answer', async () => {
    gate = await startLiveConsole(sandbox);
    const held = heldPermission();
    editor = await start(held.handler);
    api.script(touch('editor.txt'));
    const cardShown = gate.nextCard();
    const turn = prompt(editor, 'make the file');
    const card = await cardShown;
    const allow = held.asked[0]?.options.find((option) => option.kind === 'allow_once');
    held.answer({ outcome: { outcome: 'selected', optionId: allow!.optionId } });
    const option = { optionId: allow!.optionId, kind: 'allow_once', name: allow!.name };
    expect(await gate.untilResolved(card.id)).toMatchObject({ by: 'agent', behavior: 'allow', option });
    await api.nextFunctionResponse();
    expect((await turn).stopReason).toBe('end_turn');
    expect(existsSync(join(sandbox.project, 'editor.txt'))).toBe(true);
    const recorded = await gate.historyEntry(editor.sessionId, card.id);
    expect(recorded?.decision).toMatchObject({
      decision: { behavior: 'allow', by: 'agent', optionId: allow!.optionId },
      option,
    });
  });

  // Gemini CLI's launcher ignores SIGTERM, SIGINT and SIGHUP (a terminal signals its whole group) and runs
  // the CLI as its child: passing the signal on alone would leave both running.
  it('ends Gemini CLI and the child it runs when the editor stops gatehouse acp with SIGTERM', async () => {
    editor = await start(() => Promise.resolve({ outcome: { outcome: 'cancelled' } }));
    const agents = descendants(editor.child.pid!);
    expect(agents.length).toBeGreaterThan(2);
    editor.child.kill('SIGTERM');
    await editor.exited;
    expect(agents.filter(running)).toEqual([]);
  });

  it('hands the question to the editor at once when no console runs', async () => {
    const asked: number[] = [];
    editor = await start((request) => {
      asked.push(Date.now());
      const reject = request.options.find((option) => option.kind === 'reject_once');
      return Promise.resolve({ outcome: { outcome: 'selected', optionId: reject!.optionId } });
    });
    api.script(touch('none.txt'));
    const turn = prompt(editor, 'make the file');
    await api.nextFunctionResponse();
    await turn;
    expect(asked).toHaveLength(1);
    // From the model's call to the editor's dialog: Gemini CLI's own work (about 250 ms here), and no wait
    // for a console, which would be seconds.
    expect(asked[0]! - api.calledAt()!).toBeLessThan(1_000);
    expect(existsSync(join(sandbox.project, 'none.txt'))).toBe(false);
  });
});
