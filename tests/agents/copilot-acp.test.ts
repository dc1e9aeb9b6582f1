/**
 * The GitHub Copilot CLI's ACP mode (`copilot --acp`, pinned in tests/agents/pins.json) behind `gatehouse
 * acp`, with the protocol's own client library as the editor, against the Chat Completions stand-in its
 * BYOK provider speaks, offline, and a live console. No Gatehouse hook is installed: the proxy is the only
 * way a question reaches the console.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTempDir } from '../support/temp-dir';
import { startChatCompletionsStandIn } from './support/chat-completions-stand-in';
import type { ChatCompletionsStandIn } from './support/chat-completions-stand-in';
import { heldPermission, prompt, startAcpEditor } from './support/claude-agent-acp';
import type { AcpEditorSession } from './support/claude-agent-acp';
import { copilotCommand, makeCopilotSandbox } from './support/copilot';
import type { CopilotSandbox } from './support/copilot';
import { startLiveConsole } from './support/live-console';
import type { LiveConsole } from './support/live-console';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });
let dir: Awaited<ReturnType<typeof makeTempDir>>;
let api: ChatCompletionsStandIn;
let sandbox: CopilotSandbox;
let gate: LiveConsole | undefined;
let editor: AcpEditorSession | undefined;

beforeAll(() => {
  copilotCommand();
  if (!existsSync('out/cli/acp.mjs'))
    throw new Error('The suite runs the built CLI: run "npm run build" first.');
});
beforeEach(async () => {
  dir = await makeTempDir();
  api = await startChatCompletionsStandIn();
  sandbox = await makeCopilotSandbox(dir.path, api.baseUrl);
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

const touch = (name: string) => ({
  name: 'bash',
  args: { command: `touch ${name}`, description: `Make ${name}` },
});

function start(onPermission: ReturnType<typeof heldPermission>['handler']) {
  const copilot = copilotCommand();
  return startAcpEditor(sandbox, onPermission, { ...copilot, args: [...copilot.args, '--acp'] });
}

describe('gatehouse acp with the GitHub Copilot CLI (copilot --acp)', () => {
  it('runs the call once when the console allows, withdrawing the editor’s question, and history names Copilot', async () => {
    gate = await startLiveConsole(sandbox);
    const held = heldPermission();
    editor = await start(held.handler);
    api.script(touch('allowed.txt'));
    const cardShown = gate.nextCard();
    const turn = prompt(editor, 'make the file');
    const card = await cardShown;
    // Copilot's ACP mode names itself "Copilot" in its initialize, and sends its shell call as `execute`.
    expect(card).toMatchObject({
      agent: { name: 'Copilot' },
      sessionId: editor.sessionId,
      cwd: sandbox.project,
      input: { kind: 'execute', rawInput: { command: 'touch allowed.txt' } },
      provenance: { type: 'acp' },
    });
    expect(held.asked[0]?.options.map((option) => option.kind)).toEqual([
      'allow_once',
      'allow_always',
      'reject_once',
    ]);
    expect(gate.registry.decide(card.id, 'console', { behavior: 'allow' })).toEqual({ won: true });
    expect((await api.nextToolOutput()).output).toContain('completed with exit code 0');
    await held.withdrawn;
    expect((await turn).stopReason).toBe('end_turn');
    expect(existsSync(join(sandbox.project, 'allowed.txt'))).toBe(true);
    const recorded = await gate.historyEntry(editor.sessionId, card.id);
    expect(recorded).toMatchObject({ agent: { name: 'Copilot' }, decision: { decision: { by: 'console' } } });
  });

  it('runs nothing when the console denies, and Copilot ends the turn', async () => {
    gate = await startLiveConsole(sandbox);
    const held = heldPermission();
    editor = await start(held.handler);
    api.script(touch('denied.txt'));
    const cardShown = gate.nextCard();
    const turn = prompt(editor, 'make the file');
    gate.registry.decide((await cardShown).id, 'console', { behavior: 'deny' });
    await held.withdrawn;
    // Copilot's ACP "Deny" ends the turn: the model is not asked again, so it hears nothing of the refusal.
    expect((await turn).stopReason).toBe('end_turn');
    expect(existsSync(join(sandbox.project, 'denied.txt'))).toBe(false);
  });

  it('withdraws the card when the editor answers first, and runs the call', async () => {
    gate = await startLiveConsole(sandbox);
    const held = heldPermission();
    editor = await start(held.handler);
    api.script(touch('editor.txt'));
    const cardShown = gate.nextCard();
    const turn = prompt(editor, 'make the file');
    const card = await cardShown;
    const allow = held.asked[0]?.options.find((option) => option.kind === 'allow_once');
    held.answer({ outcome: { outcome: 'selected', optionId: allow!.optionId } });
    expect(await gate.untilResolved(card.id)).toMatchObject({ by: 'agent', behavior: 'allow' });
    await api.nextToolOutput();
    expect((await turn).stopReason).toBe('end_turn');
    expect(existsSync(join(sandbox.project, 'editor.txt'))).toBe(true);
  });
});
