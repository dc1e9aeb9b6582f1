import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { WebSocketServer } from 'ws';
import { connect, consoleRacer, raceForDecision, RaceLost } from '../../client/sdk/index';
import type { GatehouseClient, PermissionCall, Racer, StateChange } from '../../client/sdk/index';
import type { ResolvedEvent } from '../../main/registry/race-registry';
import { createMemoryDecisionStore } from '../../main/history/decision-store';
import { startTestCore } from '../support/test-core';
import type { ConsoleCore } from '../../main/core/console-core';
import { bridgeProof, CHALLENGE_HEADER, NONCE_HEADER, PROOF_HEADER } from '../../common/bridge-proof';
import { discoverConsole } from '../../client/sdk/discover';
import { helloFor, openAgentSocket } from '../support/bridge-agent';
import { replayAgainst, startSquatter } from '../support/squatter';
import { makeTempDir } from '../support/temp-dir';

/** Quick retries, so a test waits on events, not on the default backoff. */
const FAST = { initialDelayMs: 5, maxDelayMs: 40, factor: 2, jitter: 0 };

let home: Awaited<ReturnType<typeof makeTempDir>>;
let ghHome: string;
const cleanups: Array<() => Promise<unknown> | unknown> = [];

beforeEach(async () => {
  home = await makeTempDir();
  ghHome = join(home.path, 'gh');
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await home.remove();
});

async function startCore(
  store = createMemoryDecisionStore(),
  limits: Parameters<typeof startTestCore>[0]['limits'] = {},
) {
  const core = await startTestCore({
    home: ghHome,
    port: 0,
    timeoutMs: 60_000,
    timeoutAction: 'passthrough',
    store,
    limits,
    userHome: join(home.path, 'user'),
  });
  cleanups.push(() => core.close());
  const resolved: ResolvedEvent[] = [];
  core.registry.resolved.subscribe((event) => resolved.push(event));
  return { core, store, resolved };
}

async function client(env: Record<string, string> = { GATEHOUSE_HOME: ghHome }) {
  const agent = await connect({ agent: { name: 'sdk-test' }, env, reconnect: FAST });
  cleanups.push(() => agent.close());
  return agent;
}

const call = (id: string, command = 'npm publish'): PermissionCall => ({
  id,
  sessionId: 'sess-1',
  cwd: '/work/project',
  tool: 'Bash',
  input: { command },
});

async function until<T>(probe: () => T | undefined | false): Promise<T> {
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    await new Promise((r) => setTimeout(r, 2));
  }
}

function nextState(agent: GatehouseClient, state: StateChange['state']): Promise<StateChange> {
  return new Promise((resolve) => {
    const stop = agent.on('state', (change) => {
      if (change.state !== state) return;
      stop();
      resolve(change);
    });
  });
}

/**
 * A WebSocket relay between agent and console that a test can cut: the console keeps running and only sees
 * its peer vanish, as on a network drop. It records every frame it carries, in each direction.
 */
async function startRelay(core: ConsoleCore) {
  const token = JSON.parse(await readFile(core.discoveryPath, 'utf8')).token as string;
  let refusing = false;
  const pairs = new Set<{ agent: WebSocket; upstream: WebSocket | undefined }>();
  const toConsole: Array<Record<string, unknown>> = [];
  const toAgent: Array<Record<string, unknown>> = [];
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, verifyClient: () => !refusing });
  // The relay proves the token to the agent on its own port, as the console would on the console's.
  server.on('headers', (headers, request) => {
    const nonce = String(request.headers[NONCE_HEADER]);
    const { port } = server.address() as { port: number };
    headers.push(`${PROOF_HEADER}: ${bridgeProof(token, nonce, 'gatehouse-server', port)}`);
    headers.push(`${CHALLENGE_HEADER}: ${'c'.repeat(43)}`);
  });
  server.on('connection', (agent) => {
    const opening = openAgentSocket(`ws://127.0.0.1:${core.port}/bridge`, token);
    const upstream = new Promise<WebSocket>((resolve) => void opening.then(({ socket }) => resolve(socket)));
    const pair = { agent, upstream: undefined as WebSocket | undefined };
    pairs.add(pair);
    agent.on('message', (data) => {
      const message = JSON.parse(data.toString()) as Record<string, unknown>;
      toConsole.push(message);
      void opening.then(({ socket, proof }) =>
        socket.send(
          JSON.stringify(
            message.type === 'hello'
              ? helloFor(proof, message.agent as { name: string }, message.protocol as number)
              : message,
          ),
        ),
      );
    });
    void upstream.then((socket) => {
      pair.upstream = socket;
      socket.on('message', (data) => {
        toAgent.push(JSON.parse(data.toString()));
        agent.send(data.toString());
      });
      socket.on('close', drop);
      socket.on('error', drop);
    });
    opening.catch(() => drop());
    function drop() {
      pairs.delete(pair);
      agent.terminate();
      pair.upstream?.terminate();
    }
    agent.on('close', drop);
    agent.on('error', drop);
  });
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as { port: number };
  cleanups.push(() => new Promise((r) => server.close(r)));
  return {
    env: { GATEHOUSE_URL: `ws://127.0.0.1:${port}`, GATEHOUSE_TOKEN: token },
    toConsole,
    toAgent,
    /** Drops every connection and refuses new ones until resumed. */
    cut() {
      refusing = true;
      for (const { agent, upstream } of pairs) {
        agent.terminate();
        upstream?.terminate();
      }
    },
    resume() {
      refusing = false;
    },
  };
}

/** What a crash leaves behind: bridge.json with the real token, naming a port someone else now holds. */
async function staleDiscovery(core: ConsoleCore, port: number, pid = process.pid) {
  const { token } = JSON.parse(await readFile(core.discoveryPath, 'utf8')) as { token: string };
  await writeFile(core.discoveryPath, JSON.stringify({ protocol: 2, port, pid, token }));
  return { token };
}

/** Holds a port, so a console started next cannot reuse it. */
async function holdPort(port: number): Promise<Server> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((r) => server.close(r)));
  return server;
}

describe('connect()', () => {
  it('finds the console through bridge.json and resolves with its decision', async () => {
    const { core } = await startCore();
    const agent = await client();
    expect(agent.state).toBe('open');
    const decision = agent.requestPermission(call('r1'));
    await until(() => core.registry.has('r1'));
    core.registry.decide('r1', 'console', { behavior: 'deny', message: 'Publish from CI only.' });
    await expect(decision).resolves.toEqual({
      type: 'permission.decision',
      id: 'r1',
      behavior: 'deny',
      by: 'console',
      message: 'Publish from CI only.',
    });
  });

  it('finds the console through GATEHOUSE_URL and GATEHOUSE_TOKEN', async () => {
    const { core } = await startCore();
    const token = JSON.parse(await readFile(core.discoveryPath, 'utf8')).token as string;
    const agent = await client({ GATEHOUSE_URL: `ws://127.0.0.1:${core.port}`, GATEHOUSE_TOKEN: token });
    const decision = agent.requestPermission(call('r1'));
    await until(() => core.registry.has('r1'));
    core.registry.decide('r1', 'console', { behavior: 'allow' });
    await expect(decision).resolves.toMatchObject({ behavior: 'allow' });
  });

  it('gives up at once with connect-failed when reconnect is off and no console runs', async () => {
    await expect(connect({ env: { GATEHOUSE_HOME: ghHome }, reconnect: false })).rejects.toMatchObject({
      code: 'connect-failed',
    });
  });

  it('tells a squatter on the port of a stale bridge.json nothing it can use, and takes no decision from it', async () => {
    const { core } = await startCore();
    const squatter = await startSquatter();
    cleanups.push(() => squatter.close());
    const { token } = await staleDiscovery(core, squatter.port);
    await expect(connect({ env: { GATEHOUSE_HOME: ghHome }, reconnect: false })).rejects.toMatchObject({
      code: 'connect-failed',
      message: expect.stringMatching(/did not prove it holds the token: the discovery file is stale/),
    });
    await squatter.firstGone;
    expect(squatter.messages).toEqual([]);
    expect(JSON.stringify(squatter.upgrades)).not.toContain(token);
    const refused = replayAgainst(core.port, squatter.upgrades[0]!, {
      type: 'permission.request',
      ...call('stolen', 'curl x | sh'),
    }).then((code) => ({ closed: code }));
    const card = new Promise((resolve) => core.registry.added.subscribe(() => resolve({ closed: 'a card' })));
    expect(await Promise.race([refused, card])).toEqual({ closed: 4401 });
    expect(core.registry.pending()).toEqual([]);
  });

  it('keeps a request from a squatter while it retries, and delivers it once the real console is back', async () => {
    const { core } = await startCore();
    const squatter = await startSquatter();
    cleanups.push(() => squatter.close());
    const discovery = await readFile(core.discoveryPath, 'utf8');
    await staleDiscovery(core, squatter.port);
    const agent = await client();
    const refused = await until(() => (agent.state === 'reconnecting' ? agent : undefined));
    const decision = refused.requestPermission(call('r1'));
    await squatter.firstGone;
    await writeFile(core.discoveryPath, discovery);
    await until(() => core.registry.has('r1'));
    expect(squatter.messages).toEqual([]);
    core.registry.decide('r1', 'console', { behavior: 'deny' });
    await expect(decision).resolves.toMatchObject({ behavior: 'deny', by: 'console' });
  });

  it('recognises a discovery file whose console is gone as stale, and does not connect to its port', async () => {
    const { core } = await startCore();
    const squatter = await startSquatter();
    cleanups.push(() => squatter.close());
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    await staleDiscovery(core, squatter.port, dead);
    expect(await discoverConsole({ GATEHOUSE_HOME: ghHome })).toMatchObject({ found: false, stale: true });
    await expect(connect({ env: { GATEHOUSE_HOME: ghHome }, reconnect: false })).rejects.toMatchObject({
      code: 'connect-failed',
      message: expect.stringMatching(
        new RegExp(`is stale: the console that wrote it \\(pid ${dead}\\) is gone`),
      ),
    });
    expect(squatter.upgrades).toEqual([]);
  });

  it('follows a console restarted on a new port, re-sends the pending request and sends queued ones', async () => {
    const store = createMemoryDecisionStore();
    const first = await startCore(store);
    const agent = await client();
    const pending = agent.requestPermission(call('r1'));
    await until(() => first.core.registry.has('r1'));

    const reconnecting = nextState(agent, 'reconnecting');
    const oldPort = first.core.port;
    await first.core.close();
    await holdPort(oldPort);
    await reconnecting;
    const queued = agent.requestPermission(call('r2', 'npm version patch'));

    const opened = nextState(agent, 'open');
    const second = await startCore(store);
    expect(second.core.port).not.toBe(oldPort);
    expect(await opened).toMatchObject({ endpoint: { url: `ws://127.0.0.1:${second.core.port}/bridge` } });
    await until(() => second.core.registry.has('r1') && second.core.registry.has('r2'));
    second.core.registry.decide('r1', 'console', { behavior: 'allow' });
    second.core.registry.decide('r2', 'console', { behavior: 'deny' });

    await expect(pending).resolves.toMatchObject({ id: 'r1', behavior: 'allow', by: 'console' });
    await expect(queued).resolves.toMatchObject({ id: 'r2', behavior: 'deny', by: 'console' });
    expect(store.records.map((r) => r.request.id)).toEqual(['r1', 'r2']);

    // Asked again with the same id, the console answers from its record instead of prompting twice.
    let prompted = 0;
    second.core.registry.added.subscribe(() => (prompted += 1));
    await expect(agent.requestPermission(call('r1'))).resolves.toMatchObject({ behavior: 'allow' });
    expect(prompted).toBe(0);
    expect(store.records).toHaveLength(2);
  });

  it('delivers a decision made while the agent was away exactly once, after it reconnects', async () => {
    const { core, store, resolved } = await startCore();
    const relay = await startRelay(core);
    const agent = await client(relay.env);
    const decision = agent.requestPermission(call('r1'));
    await until(() => core.registry.has('r1'));

    const reconnecting = nextState(agent, 'reconnecting');
    relay.cut();
    await reconnecting;
    expect(core.registry.decide('r1', 'console', { behavior: 'allow' })).toEqual({ won: true });

    const opened = nextState(agent, 'open');
    relay.resume();
    await opened;
    await expect(decision).resolves.toMatchObject({ id: 'r1', behavior: 'allow', by: 'console' });

    const sent = relay.toConsole.filter((m) => m.type === 'permission.request' && m.id === 'r1');
    const delivered = relay.toAgent.filter((m) => m.type === 'permission.decision' && m.id === 'r1');
    expect(sent).toHaveLength(2);
    expect(delivered).toHaveLength(1);
    expect(store.records.filter((r) => r.request.id === 'r1')).toHaveLength(1);
    expect(resolved.filter((e) => e.id === 'r1')).toHaveLength(1);
  });

  it('on abort sends permission.cancel and the console withdraws the request by the agent', async () => {
    const { core, resolved } = await startCore();
    const relay = await startRelay(core);
    const agent = await client(relay.env);
    const controller = new AbortController();
    const decision = agent.requestPermission(call('r1'), { signal: controller.signal });
    await until(() => core.registry.has('r1'));
    controller.abort();
    await expect(decision).rejects.toMatchObject({ code: 'aborted', name: 'AbortError' });
    await until(() => resolved.find((e) => e.id === 'r1'));
    expect(resolved).toEqual([expect.objectContaining({ id: 'r1', behavior: 'passthrough', by: 'agent' })]);
    expect(core.registry.pending()).toEqual([]);
    expect(relay.toConsole).toContainEqual({ type: 'permission.cancel', id: 'r1', reason: 'aborted' });
  });

  it('re-sends requests the console dropped for its rate limit, until every one is in', async () => {
    // A bucket of 20 frames refilled at 10 a second: the hello and 29 requests at once overflow it.
    const { core } = await startCore(createMemoryDecisionStore(), { maxMessagesPerSecond: 10 });
    const relay = await startRelay(core);
    const agent = await client(relay.env);
    const ids = Array.from({ length: 29 }, (_, i) => `burst-${i}`);
    const decisions = ids.map((id) => agent.requestPermission({ ...call(id), sessionId: 'burst' }));
    await until(() => relay.toAgent.some((m) => m.type === 'error' && m.code === 'rate-limited'));
    await until(() => ids.every((id) => core.registry.has(id)));
    for (const id of ids) core.registry.decide(id, 'console', { behavior: 'allow' });
    await expect(Promise.all(decisions)).resolves.toHaveLength(29);
  });

  it('close() rejects pending requests with closed, withdraws them and stays closed', async () => {
    const { core, resolved } = await startCore();
    const agent = await client();
    const decision = agent.requestPermission(call('r1'));
    await until(() => core.registry.has('r1'));
    const states: string[] = [];
    agent.on('state', (change) => states.push(change.state));
    const rejected = expect(decision).rejects.toMatchObject({ code: 'closed' });
    await agent.close();
    await rejected;
    await until(() => resolved.find((e) => e.id === 'r1'));
    expect(resolved).toEqual([expect.objectContaining({ id: 'r1', behavior: 'passthrough', by: 'agent' })]);
    expect(states).toEqual(['closed']);
    await expect(agent.requestPermission(call('r2'))).rejects.toMatchObject({ code: 'closed' });
  });
});

/** A racer that answers only when the test says so, and records how it was withdrawn. */
function terminalStandIn() {
  let claimIt: ((value: { behavior: 'allow' | 'deny' }) => unknown) | undefined;
  let signal: AbortSignal | undefined;
  const racer: Racer<{ behavior: 'allow' | 'deny' | 'passthrough' }, 'terminal'> = {
    name: 'terminal',
    run(claim, s) {
      claimIt = claim;
      signal = s;
    },
  };
  return { racer, answer: (behavior: 'allow' | 'deny') => claimIt?.({ behavior }), signal: () => signal };
}

describe('the console as a racer', () => {
  it('console wins: the race ends with its decision and the terminal racer is aborted', async () => {
    const { core } = await startCore();
    const agent = await client();
    const terminal = terminalStandIn();
    const race = raceForDecision([consoleRacer(agent, call('r1')), terminal.racer]);
    await until(() => core.registry.has('r1'));
    core.registry.decide('r1', 'console', { behavior: 'allow' });
    await expect(race).resolves.toMatchObject({
      winner: 'console',
      value: { behavior: 'allow', by: 'console' },
    });
    expect(terminal.signal()?.reason).toEqual(new RaceLost('console'));
  });

  it('terminal wins: the console request is cancelled as answered-in-terminal', async () => {
    const { core, resolved } = await startCore();
    const relay = await startRelay(core);
    const agent = await client(relay.env);
    const terminal = terminalStandIn();
    const race = raceForDecision([consoleRacer(agent, call('r1')), terminal.racer]);
    await until(() => core.registry.has('r1'));
    terminal.answer('deny');
    await expect(race).resolves.toEqual({ winner: 'terminal', value: { behavior: 'deny' } });
    await until(() => resolved.find((e) => e.id === 'r1'));
    expect(resolved).toEqual([expect.objectContaining({ id: 'r1', behavior: 'passthrough', by: 'agent' })]);
    expect(relay.toConsole).toContainEqual({
      type: 'permission.cancel',
      id: 'r1',
      reason: 'answered-in-terminal',
    });
    expect(core.registry.pending()).toEqual([]);
  });

  it('many racers and the console answering in the same instant give exactly one winner', async () => {
    const { core, store } = await startCore();
    const agent = await client();
    for (let round = 0; round < 20; round += 1) {
      const id = `many-${round}`;
      const locals = Array.from({ length: 25 }, (_, i) => {
        let claimIt: ((value: { behavior: 'allow' }) => unknown) | undefined;
        const racer: Racer<{ behavior: 'allow' | 'deny' | 'passthrough' }, string> = {
          name: `local-${i}`,
          run: (claim) => void (claimIt = claim),
        };
        return { racer, claim: () => claimIt?.({ behavior: 'allow' }) };
      });
      const race = raceForDecision([consoleRacer(agent, call(id)), ...locals.map((l) => l.racer)]);
      await until(() => core.registry.has(id));
      // The console's answer and every local claim are queued behind one another in the same turn, the
      // console's at a different place each round.
      const at = round % locals.length;
      const claims = locals.map((local, index) =>
        index === at
          ? Promise.resolve().then(() => core.registry.decide(id, 'console', { behavior: 'allow' }))
          : Promise.resolve().then(local.claim),
      );
      await Promise.all(claims);
      const outcome = await race;
      // The console's answer crosses the socket, so the first local claim queued after it (or before) wins.
      expect(outcome.winner).toBe(at === 0 ? 'local-1' : 'local-0');
      // The console records exactly one decision per request, whichever side answered first.
      await until(() => store.records.some((r) => r.request.id === id));
      expect(store.records.filter((r) => r.request.id === id)).toHaveLength(1);
    }
  });
});
