/**
 * Two agents with the same token, on two real connections: neither can take, cancel or retire the other's
 * requests, and the caps on undecided requests hold across connections, so one agent's flood leaves the
 * other's request answered.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BRIDGE_LIMITS } from '../../common/bridge-limits';
import { startTestCore } from '../support/test-core';
import type { ConsoleCoreOptions } from '../../main/core/console-core';
import { createMemoryDecisionStore } from '../../main/history/decision-store';
import { bridgePeer, until } from '../support/bridge-peer';
import type { BridgePeer } from '../support/bridge-peer';
import { makeTempDir } from '../support/temp-dir';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(overrides: Partial<ConsoleCoreOptions> = {}) {
  const home = await makeTempDir();
  const core = await startTestCore({
    home: join(home.path, 'gh'),
    port: 0,
    timeoutMs: 120_000,
    timeoutAction: 'passthrough',
    store: createMemoryDecisionStore(),
    ...overrides,
  });
  cleanups.push(async () => {
    await core.close();
    await home.remove();
  });
  const token = JSON.parse(await readFile(core.discoveryPath, 'utf8')).token as string;
  const agents = await Promise.all([bridgePeer(core.port, token), bridgePeer(core.port, token)]);
  return { core, mine: agents[0], theirs: agents[1] };
}

let probes = 0;

/**
 * Sends `frame` and then a cancel of an unknown id, which the bridge answers in order: resolves with what
 * `frame` got back, or 'nothing' when it was taken silently, without waiting on a clock either way.
 */
async function answerTo(peer: BridgePeer, frame: object): Promise<Record<string, unknown> | 'nothing'> {
  const probe = `probe-${probes++}`;
  peer.send(frame);
  peer.send({ type: 'permission.cancel', id: probe, reason: 'aborted' });
  const first = await peer.next();
  if (first.id === probe) return 'nothing';
  expect(await peer.next()).toMatchObject({ code: 'unknown-request', id: probe });
  return first;
}

const request = (id: string, sessionId = 'my-session') => ({
  type: 'permission.request',
  id,
  sessionId,
  cwd: '/project',
  tool: 'Bash',
  input: { command: `echo ${id}` },
});

describe('another connection with the same token', () => {
  it('cannot take my pending request by re-sending its id: the decision still comes to me', async () => {
    const { core, mine, theirs } = await start();
    mine.send(request('r1'));
    await until(() => core.registry.has('r1'));
    expect(await answerTo(theirs, request('r1'))).toMatchObject({
      type: 'error',
      code: 'id-conflict',
      id: 'r1',
      message: 'Request id "r1" is pending on another connection; only that connection may re-send it.',
    });
    core.registry.decide('r1', 'console', { behavior: 'allow' });
    expect(await mine.next()).toMatchObject({ type: 'permission.decision', id: 'r1', behavior: 'allow' });
    expect(theirs.replies).toHaveLength(2);
  });

  it('can re-send it once my connection has gone, as a reconnecting agent does', async () => {
    const { core, mine, theirs } = await start();
    mine.send(request('r1'));
    await until(() => core.registry.has('r1'));
    mine.close();
    // Refused while the server has not yet seen my connection close; accepted once it has.
    for (;;) {
      const answer = await answerTo(theirs, request('r1'));
      if (answer === 'nothing') break;
      expect(answer).toMatchObject({ code: 'id-conflict', id: 'r1' });
    }
    core.registry.decide('r1', 'console', { behavior: 'deny' });
    await until(() => theirs.replies.some((reply) => reply.type === 'permission.decision'));
    expect(theirs.replies.at(-1)).toMatchObject({ type: 'permission.decision', id: 'r1', behavior: 'deny' });
  });

  it('cannot cancel my request', async () => {
    const { core, mine, theirs } = await start();
    mine.send(request('r1'));
    await until(() => core.registry.has('r1'));
    expect(await answerTo(theirs, { type: 'permission.cancel', id: 'r1', reason: 'aborted' })).toMatchObject({
      type: 'error',
      code: 'unknown-request',
      id: 'r1',
    });
    expect(core.registry.lookup('r1')).toBeDefined();
    mine.send({ type: 'permission.cancel', id: 'r1', reason: 'answered-in-terminal' });
    expect(await mine.next()).toMatchObject({ type: 'permission.decision', id: 'r1', by: 'agent' });
  });

  it('cannot mark the answer I was sent as not taken; I can', async () => {
    const { core, mine, theirs } = await start();
    const reported: unknown[] = [];
    core.registry.notTaken.subscribe((event) => reported.push(event));
    mine.send(request('r1'));
    await until(() => core.registry.has('r1'));
    core.registry.decide('r1', 'console', { behavior: 'allow' });
    expect(await mine.next()).toMatchObject({ type: 'permission.decision', id: 'r1' });
    const lost = {
      type: 'permission.cancel',
      id: 'r1',
      reason: 'answered-in-terminal',
      answer: { behavior: 'deny', message: 'No.' },
    };
    expect(await answerTo(theirs, lost)).toMatchObject({ code: 'unknown-request', id: 'r1' });
    expect(reported).toEqual([]);
    expect(await answerTo(mine, lost)).toBe('nothing');
    expect(reported).toEqual([{ id: 'r1', notTaken: { because: 'terminal-no', message: 'No.' } }]);
  });

  it('records my deadline passing as a timeout, not as the terminal answering', async () => {
    const { core, mine } = await start();
    mine.send(request('r1'));
    await until(() => core.registry.has('r1'));
    mine.send({ type: 'permission.cancel', id: 'r1', reason: 'deadline' });
    expect(await mine.next()).toMatchObject({
      type: 'permission.decision',
      id: 'r1',
      behavior: 'passthrough',
      by: 'timeout',
    });
  });

  it('cannot retire the session I report for myself', async () => {
    const { core, mine, theirs } = await start();
    mine.send(request('r1'));
    mine.send({
      type: 'session.event',
      sessionId: 'my-session',
      event: 'tool.finished',
      tool: 'Read',
      input: {},
    });
    await until(() => core.registry.has('r1'));
    for (const event of ['prompt.submitted', 'stopped', 'session.ended'])
      theirs.send({ type: 'session.event', sessionId: 'my-session', event });
    theirs.send({
      type: 'session.event',
      sessionId: 'my-session',
      event: 'tool.finished',
      tool: 'Bash',
      input: { command: 'echo r1' },
    });
    // A request of theirs after their events: once it is in, their events were handled before it.
    theirs.send(request('probe', 'their-session'));
    await until(() => core.registry.has('probe'));
    await new Promise((r) => setTimeout(r, 20));
    expect(core.registry.lookup('r1')).toBeDefined();
    mine.send({ type: 'session.event', sessionId: 'my-session', event: 'session.ended' });
    expect(await mine.next()).toMatchObject({ type: 'permission.decision', id: 'r1', by: 'session' });
  });
});

describe('caps on undecided requests', () => {
  it('count a session across connections', async () => {
    const { core, mine, theirs } = await start({ limits: { maxPendingPerSession: 3 } });
    mine.send(request('a'));
    mine.send(request('b'));
    await until(() => core.registry.has('b'));
    theirs.send(request('c'));
    expect(await answerTo(theirs, request('d'))).toMatchObject({
      type: 'error',
      code: 'too-many-pending',
      id: 'd',
      message: 'Session "my-session" already has 3 undecided requests; wait for some to be answered.',
    });
    expect(core.registry.has('c')).toBe(true);
  });

  it('leave another agent room for 1,000 requests while one agent floods 5,000', async () => {
    const { core, mine, theirs } = await start({ limits: { maxMessagesPerSecond: 1_000_000 } });
    const flood = 5_000;
    for (let i = 0; i < flood; i++) theirs.send(request(`flood-${i}`, `flood-${i % 100}`));
    const last = `flood-${flood - 1}`;
    // Frames are handled in order: once the last is held or refused, every one of them has been.
    await until(() => core.registry.has(last) || theirs.replies.some((reply) => reply.id === last));
    expect(theirs.replies).toHaveLength(flood - BRIDGE_LIMITS.maxPendingPerConnection);
    expect(new Set(theirs.replies.map((reply) => reply.code))).toEqual(new Set(['too-many-pending']));
    expect(theirs.replies[0]?.message).toBe(
      'This connection already holds 1,000 undecided requests; wait for some to be answered.',
    );
    // The stated bound (docs/protocol.md, Limits): the flood holds one connection's share, so another
    // connection on the token still places the token's cap less that share, every one of them.
    const room = BRIDGE_LIMITS.maxPendingPerToken - BRIDGE_LIMITS.maxPendingPerConnection;
    for (let i = 0; i < room; i++) mine.send(request(`mine-${i}`, `mine-${i % 10}`));
    await until(() => core.registry.has(`mine-${room - 1}`) || mine.replies.length > 0);
    expect(mine.replies).toEqual([]);
    const held = Array.from({ length: room }, (_, i) => core.registry.lookup(`mine-${i}`));
    expect(held.filter((entry) => entry !== undefined)).toHaveLength(room);
    core.registry.decide('mine-0', 'console', { behavior: 'allow' });
    expect(await mine.next()).toMatchObject({ type: 'permission.decision', id: 'mine-0', behavior: 'allow' });
  }, 120_000);

  it('hold per token and in all, however many connections one agent opens', async () => {
    const byToken = await start({ limits: { maxPendingPerConnection: 2, maxPendingPerToken: 3 } });
    byToken.theirs.send(request('t1', 's1'));
    byToken.theirs.send(request('t2', 's2'));
    byToken.mine.send(request('m1', 's3'));
    await until(() => byToken.core.registry.has('t2') && byToken.core.registry.has('m1'));
    expect(await answerTo(byToken.mine, request('m2', 's4'))).toMatchObject({
      code: 'too-many-pending',
      id: 'm2',
      message: 'Agents using this token already hold 3 undecided requests; wait for some to be answered.',
    });
    // A decided request frees its place.
    byToken.core.registry.decide('t1', 'console', { behavior: 'deny' });
    await until(() => byToken.theirs.replies.length === 1);
    byToken.mine.send(request('m2', 's4'));
    await until(() => byToken.core.registry.has('m2'));

    const inAll = await start({ limits: { maxPendingTotal: 1 } });
    inAll.theirs.send(request('t1', 's1'));
    await until(() => inAll.core.registry.has('t1'));
    expect(await answerTo(inAll.mine, request('m1', 's2'))).toMatchObject({
      code: 'too-many-pending',
      id: 'm1',
      message:
        "The console already holds 1 undecided requests; ask in the agent's own dialog or wait for some to be answered.",
    });
  });
});
