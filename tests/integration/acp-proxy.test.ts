/**
 * `gatehouse acp` (the built CLI) between a raw-line editor and a tiny ACP agent of the tests' own, with a
 * live console core: the race both ways, a cancelled turn, an agent that dies with a card open, malformed
 * lines and JSON-RPC from either side, responses to unknown ids, second answers, an option kind and an
 * outcome the proxy must not take for approval, huge lines, and no console at all.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_PARSED_BYTES } from '../../client/acp/router';
import { startLiveConsole } from '../agents/support/live-console';
import type { LiveConsole } from '../agents/support/live-console';
import { AcpEditor } from '../support/acp-editor';
import { makeTempDir } from '../support/temp-dir';

/** The proxy holds a line until its newline: a 34 MiB line held and joined, plus Node (97 MiB measured). */
const MEMORY_BOUND = 160 * 1024 * 1024;
const AGENT = ['node', resolve('tests/support/acp-test-agent.mjs')];

let dir: Awaited<ReturnType<typeof makeTempDir>>;
let gate: LiveConsole | undefined;
let editor: AcpEditor | undefined;
let sandbox: { gatehouseHome: string; home: string; project: string };

beforeAll(() => {
  if (!existsSync('out/cli/acp.mjs'))
    throw new Error('These tests run the built CLI: run "npm run build" first.');
});
beforeEach(async () => {
  dir = await makeTempDir();
  sandbox = {
    gatehouseHome: join(dir.path, 'gatehouse'),
    home: join(dir.path, 'home'),
    project: join(dir.path, 'project'),
  };
  await mkdir(sandbox.home);
  await mkdir(sandbox.project);
});
afterEach(async ({ task }) => {
  if (editor && task.result?.state === 'fail') console.error(`gatehouse acp's stderr:\n${editor.stderr}`);
  editor?.kill();
  await editor?.exited;
  editor = undefined;
  await gate?.close();
  gate = undefined;
  await dir.remove();
});

function startEditor(): AcpEditor {
  editor = new AcpEditor(
    AGENT,
    { PATH: process.env.PATH, HOME: sandbox.home, GATEHOUSE_HOME: sandbox.gatehouseHome },
    sandbox.project,
  );
  return editor;
}

const permissionRequest = (e: AcpEditor) => e.message((m) => m.method === 'session/request_permission');
const answer = (e: AcpEditor, id: number | string | undefined, optionId: string) =>
  e.send({ id, result: { outcome: { outcome: 'selected', optionId } } });
const outcomesRead = (e: AcpEditor) => e.agentRead(/"outcome":\{"outcome"/);
const statusUpdate = (e: AcpEditor, status: string) =>
  e.message(
    (m) =>
      m.method === 'session/update' && (m.params as { update: { status?: string } }).update.status === status,
  );

/** The opening every race case shares: a console, a session, and one question both the editor and the card have. */
async function openQuestion(text = 'ask') {
  const live = await startLiveConsole(sandbox);
  gate = live;
  const e = startEditor();
  const sessionId = await e.open(sandbox.project);
  const cardShown = live.nextCard();
  e.prompt(2, sessionId, text);
  const asked = await permissionRequest(e);
  return { gate: live, e, sessionId, asked, card: await cardShown };
}

/** The editor was told to take its question down (ACP's request cancellation) before the tool call's status. */
async function expectSettledInEditor(e: AcpEditor, id: unknown, status: string) {
  const update = await statusUpdate(e, status);
  const cancel = e.received.findIndex(
    (m) => m.method === '$/cancel_request' && (m.params as { requestId?: unknown }).requestId === id,
  );
  expect(cancel).toBeGreaterThanOrEqual(0);
  expect(cancel).toBeLessThan(e.received.indexOf(update));
  expect(e.received.filter((m) => m.method === '$/cancel_request')).toHaveLength(1);
}

describe('gatehouse acp', () => {
  it('gives the agent the console’s allow as its allow-once option, once, and drops the editor’s late answers', async () => {
    const { gate, e, sessionId, asked, card } = await openQuestion();
    expect(card).toMatchObject({
      agent: { name: 'tiny-acp-agent' },
      sessionId,
      cwd: sandbox.project,
      tool: 'touch made.txt',
      input: { kind: 'execute', rawInput: { command: 'touch made.txt' } },
      provenance: { type: 'acp' },
      options: [
        { optionId: 'always', name: 'Always Allow', kind: 'allow_always' },
        { optionId: 'once', name: 'Allow', kind: 'allow_once' },
        { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
      ],
    });
    expect(card.input).not.toHaveProperty('options');
    expect(gate.registry.decide(card.id, 'console', { behavior: 'allow' })).toEqual({ won: true });
    await e.said(/agent outcome: .*"once"/);
    await expectSettledInEditor(e, asked.id, 'in_progress');
    // What Zed answers a cancelled request with, then a click that came too late: neither reaches the agent.
    e.send({ id: asked.id, error: { code: -32800, message: 'Request cancelled' } });
    await e.said(/already had an answer/);
    answer(e, asked.id, 'reject');
    await e.said(/answered a permission request a second time/);
    await e.message((m) => m.id === 2 && 'result' in m);
    await e.agentCaughtUp();
    expect(outcomesRead(e)).toHaveLength(1);
    expect(e.agentRead(/-32800/)).toHaveLength(0);
  });

  it('gives the agent exactly the option the person chose on the card', async () => {
    const { gate, e, card } = await openQuestion();
    expect(gate.registry.decide(card.id, 'console', { behavior: 'allow', optionId: 'always' })).toEqual({
      won: true,
    });
    await e.said(/agent outcome: .*"always"/);
    expect(await gate.untilResolved(card.id)).toMatchObject({ by: 'console' });
    await e.agentCaughtUp();
    expect(outcomesRead(e)).toHaveLength(1);
  });

  it('gives the agent its reject option when the console denies, and tells the editor the call failed', async () => {
    const { gate, e, asked, card } = await openQuestion();
    gate.registry.decide(card.id, 'console', { behavior: 'deny', message: 'Not now.' });
    await e.said(/agent outcome: .*"reject"/);
    await expectSettledInEditor(e, asked.id, 'failed');
  });

  it('passes the editor’s answer through once, withdraws the card, and drops a second answer', async () => {
    const { gate, e, asked, card } = await openQuestion();
    answer(e, asked.id, 'reject');
    await e.said(/agent outcome: .*"reject"/);
    expect(await gate.untilResolved(card.id)).toMatchObject({
      by: 'agent',
      behavior: 'deny',
      option: { optionId: 'reject', kind: 'reject_once', name: 'Reject' },
    });
    expect(gate.registry.decide(card.id, 'console', { behavior: 'allow' }).won).toBe(false);
    answer(e, asked.id, 'once');
    await e.said(/answered a permission request a second time/);
    await e.message((m) => m.id === 2 && 'result' in m);
    await e.agentCaughtUp();
    expect(outcomesRead(e)).toHaveLength(1);
    expect(e.received.some((m) => m.method === '$/cancel_request')).toBe(false);
  });

  it('never records an editor answer it cannot read as an approval', async () => {
    const { gate, e, asked, card } = await openQuestion();
    e.send({ id: asked.id, result: { outcome: { outcome: 'approved' } } });
    const resolved = await gate.untilResolved(card.id);
    expect(resolved).toMatchObject({ by: 'agent' });
    expect(resolved.behavior).not.toBe('allow');
    await e.agentCaughtUp();
    // The agent's own library judges the answer; the proxy passes it on once, as it came.
    expect(e.agentRead(/"outcome":\{"outcome":"approved"\}/)).toHaveLength(1);
  });

  it('answers a cancelled turn `cancelled` once, withdraws the card, and drops the editor’s own cancelled answer', async () => {
    const { gate, e, sessionId, asked, card } = await openQuestion();
    e.send({ method: 'session/cancel', params: { sessionId } });
    await e.said(/agent outcome: \{"outcome":"cancelled"\}/);
    expect(await gate.untilResolved(card.id)).toMatchObject({ by: 'agent', ended: 'turn-cancelled' });
    e.send({ id: asked.id, result: { outcome: { outcome: 'cancelled' } } });
    await e.said(/already had an answer/);
    expect(await e.message((m) => m.id === 2 && 'result' in m)).toMatchObject({
      result: { stopReason: 'cancelled' },
    });
    await e.agentCaughtUp();
    expect(outcomesRead(e)).toHaveLength(1);
  });

  it('withdraws the card when the agent dies with it open, ends the editor’s stream and exits with the agent’s code', async () => {
    const { gate, e, sessionId, card } = await openQuestion();
    e.prompt(3, sessionId, 'die');
    await e.stdoutEnded;
    expect(await e.exited).toBe(3);
    expect(await gate.untilResolved(card.id)).toMatchObject({ by: 'agent', ended: 'agent-exited' });
    expect((await gate.historyEntry(sessionId, card.id))?.decision).toMatchObject({ ended: 'agent-exited' });
  });

  it('passes malformed lines and JSON-RPC on unchanged, says so on stderr, and keeps both sides working', async () => {
    gate = await startLiveConsole(sandbox);
    const e = startEditor();
    e.raw('not json from the editor\n');
    // A response to an id nobody asked with is not the proxy's either: it goes on, once.
    e.send({ id: 99, result: {} });
    const sessionId = await e.open(sandbox.project);
    expect(e.agentRead(/not json from the editor/)).toHaveLength(1);
    expect(e.agentRead(/"id":99/)).toHaveLength(1);
    await e.said(/the editor sent a line that is not a JSON object; passed on unchanged/);
    e.prompt(2, sessionId, 'malformed');
    await e.said(/the agent sent a line that is not a JSON object; passed on unchanged/);
    await e.message((m) => m.id === 2 && 'result' in m);
    expect(e.garbage).toEqual(['this is not json']);
    e.prompt(3, sessionId, 'malformed-rpc');
    await e.said(/the agent sent a session\/request_permission that does not match ACP/);
    await e.message((m) => m.id === 3 && 'result' in m);
    expect(e.received.filter((m) => m.not === 'json-rpc')).toHaveLength(1);
    expect(e.received.filter((m) => m.id === 'bad-1')).toHaveLength(1);
    expect(e.received.filter((m) => m.id === 4242)).toHaveLength(1);
    expect(gate.registry.pending()).toHaveLength(0);

    // With a question open, the editor's malformed JSON-RPC is no answer: the race still runs.
    const cardShown = gate.nextCard();
    e.prompt(4, sessionId, 'ask');
    await e.message((m) => m.method === 'session/request_permission' && m.id !== 'bad-1');
    const card = await cardShown;
    e.raw('{"jsonrpc":"1.0","id":77,"method":"x"}\n');
    await e.said(/the editor sent a JSON-RPC message that does not match ACP/);
    expect(gate.registry.decide(card.id, 'console', { behavior: 'allow' })).toEqual({ won: true });
    await e.said(/agent outcome: .*"once"/);
    await e.agentCaughtUp();
    expect(e.agentRead(/"jsonrpc":"1.0"/)).toHaveLength(1);
    expect(outcomesRead(e)).toHaveLength(1);
  });

  it('carries a message of megabytes both ways, intact', async () => {
    const e = startEditor();
    const sessionId = await e.open(sandbox.project);
    const text = `big ${'x'.repeat(3 * 1024 * 1024)}`;
    e.prompt(2, sessionId, text);
    await e.message((m) => m.id === 2 && 'result' in m);
    const reply = e.received.find((m) => m.method === 'session/update');
    const said = (reply?.params as { update: { content: { text: string } } }).update.content.text;
    expect(said).toBe(`read ${text.length}:${'y'.repeat(text.length)}`);
  });

  it('passes a line over the parse bound both ways unread, keeps working, and holds about one line', async () => {
    gate = await startLiveConsole(sandbox);
    const e = startEditor();
    const sessionId = await e.open(sandbox.project);
    // Over MAX_PARSED_BYTES from the editor; the agent answers with one line twice as long.
    const text = `big ${'x'.repeat(MAX_PARSED_BYTES + 1024 * 1024)}`;
    e.prompt(2, sessionId, text);
    await e.message((m) => m.id === 2 && 'result' in m);
    const reply = e.received.find((m) => m.method === 'session/update');
    const said = (reply?.params as { update: { content: { text: string } } }).update.content.text;
    expect(said).toBe(`read ${text.length}:${'y'.repeat(text.length)}`);
    // Both sides still work: a question after the huge lines still becomes a card and an answer.
    const cardShown = gate.nextCard();
    e.prompt(3, sessionId, 'ask');
    await permissionRequest(e);
    gate.registry.decide((await cardShown).id, 'console', { behavior: 'allow' });
    await e.said(/agent outcome: .*"once"/);
    expect(e.peakMemory()).toBeLessThan(MEMORY_BOUND);
  });

  it('never takes an unknown option kind for approval: the editor keeps the question, and history says so', async () => {
    const { gate, e, asked, card } = await openQuestion('ask-custom');
    expect(card.options).toEqual([{ optionId: 'reject', name: 'Reject', kind: 'reject_once' }]);
    gate.registry.decide(card.id, 'console', { behavior: 'allow' });
    // Not "allowed by the console": the agent was never given that answer.
    expect(await gate.untilResolved(card.id)).toMatchObject({ behavior: 'passthrough' });
    expect(gate.registry.pending()).toHaveLength(0);
    await e.agentCaughtUp();
    expect(outcomesRead(e)).toHaveLength(0);
    answer(e, asked.id, 'reject');
    await e.said(/agent outcome: .*"reject"/);
    await e.agentCaughtUp();
    expect(outcomesRead(e)).toHaveLength(1);
  });

  it('is a plain pipe when no console runs', async () => {
    const e = startEditor();
    const sessionId = await e.open(sandbox.project);
    e.prompt(2, sessionId, 'ask');
    const asked = await permissionRequest(e);
    answer(e, asked.id, 'once');
    await e.said(/agent outcome: .*"once"/);
    e.end();
    expect(await e.exited).toBe(0);
    expect(e.stderr).not.toMatch(/gatehouse acp:/);
  });
});
