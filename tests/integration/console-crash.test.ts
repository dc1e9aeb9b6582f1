/**
 * The console killed with SIGKILL in the middle of 1,000 requests from several agents, then started again
 * on the same home: every request ends with exactly one decision, the agents got the decision history
 * holds, and history has no gap and no duplicate. The console is the built `gatehouse serve`, the agents
 * the SDK with its reconnect, and the person a web-console client answering every card.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { connect } from '../../client/sdk';
import type { GatehouseClient, PermissionDecision } from '../../client/sdk';
import { createSqliteHistory, HISTORY_FILE } from '../../main/history';
import { keyringFreeEnv } from '../support/keyring-free-env';
import { makeTempDir } from '../support/temp-dir';
import { linkCode, webConsoleUrl } from '../support/web-console-url';

const CLI = resolve('out/cli/gatehouse.mjs');
const AGENTS = 4;
const PER_AGENT = 250;
const KILL_AFTER = 300;
/** Sessions per agent: each stays under the console's limit of undecided requests per session. */
const SESSIONS = 5;

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

function serve(home: string): Promise<{ child: ChildProcess; url: URL }> {
  if (!existsSync(CLI)) throw new Error('This test runs the built console: run "npm run build" first.');
  const child = spawn(process.execPath, [CLI, 'serve', '--home', home], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: keyringFreeEnv(home),
  });
  children.push(child);
  return webConsoleUrl(child).then((url) => ({ child, url: new URL(url) }));
}

/**
 * A person at the web console who allows every card, one click after another as cards appear, counting
 * the answers the console confirmed (recorded and sent).
 */
function answerEverything(url: URL, onAnswer: () => void): WebSocket {
  const socket = new WebSocket(`ws://${url.host}/console`, { origin: url.origin });
  let seq = 0;
  const cards: string[] = [];
  let clicking = false;
  const next = () => {
    const id = cards.shift();
    clicking = id !== undefined;
    if (id === undefined) return;
    socket.send(
      JSON.stringify({
        type: 'invoke',
        seq: ++seq,
        channel: 'queue:decide',
        args: { id, behavior: 'allow' },
      }),
    );
  };
  const decide = (id: string) => {
    cards.push(id);
    if (!clicking) next();
  };
  socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', code: linkCode(url.href) })));
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString());
    if (frame.type === 'ready')
      socket.send(JSON.stringify({ type: 'invoke', seq: 0, channel: 'queue:list', args: {} }));
    else if (frame.type === 'result' && frame.seq === 0)
      for (const view of frame.result.value) decide(view.id);
    else if (frame.type === 'result') {
      if (frame.result.ok && frame.result.value.won) onAnswer();
      next();
    } else if (frame.type === 'event' && frame.payload.kind === 'added') decide(frame.payload.request.id);
  });
  socket.on('error', () => undefined);
  return socket;
}

describe('a console killed mid-run', () => {
  it('ends every one of 1,000 requests from 4 agents with exactly one decision', async () => {
    const dir = await makeTempDir();
    const home = join(dir.path, 'gh');
    const first = await serve(home);
    let answered = 0;
    let killed!: () => void;
    const killedOnce = new Promise<void>((r) => (killed = r));
    const person = answerEverything(first.url, () => {
      answered += 1;
      if (answered === KILL_AFTER) {
        first.child.kill('SIGKILL');
        killed();
      }
    });

    const env = { GATEHOUSE_HOME: home };
    const clients: GatehouseClient[] = await Promise.all(
      Array.from({ length: AGENTS }, (_, a) =>
        connect({ agent: { name: `agent-${a}` }, env, reconnect: { initialDelayMs: 50, maxDelayMs: 500 } }),
      ),
    );
    const decisions = clients.flatMap((client, a) =>
      Array.from({ length: PER_AGENT }, (_, i) =>
        client.requestPermission({
          id: `agent-${a}-request-${i}`,
          sessionId: `session-${a}-${i % SESSIONS}`,
          cwd: '/project',
          tool: 'Bash',
          input: { command: `echo ${a} ${i}` },
          mode: 'default',
        }),
      ),
    );

    await killedOnce;
    person.terminate();
    const second = await serve(home);
    let answeredAfter = 0;
    const again = answerEverything(second.url, () => (answeredAfter += 1));
    const results: PermissionDecision[] = await Promise.all(decisions);
    again.close();
    await Promise.all(clients.map((client) => client.close()));
    second.child.kill('SIGTERM');
    await new Promise((r) => second.child.once('exit', r));

    // The kill fell in the middle: some answers came from each console, and none was given twice.
    expect(answered).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(answeredAfter).toBeGreaterThan(0);
    expect(answered + answeredAfter).toBeLessThanOrEqual(AGENTS * PER_AGENT);
    expect(results).toHaveLength(AGENTS * PER_AGENT);
    expect(new Set(results.map((d) => d.id)).size).toBe(AGENTS * PER_AGENT);
    const history = createSqliteHistory(join(home, HISTORY_FILE));
    try {
      expect(history.countDecisions()).toBe(AGENTS * PER_AGENT);
      for (const decision of results) expect(history.find(decision.id)?.decision).toEqual(decision);
      for (let a = 0; a < AGENTS; a++) {
        const timeline = Array.from({ length: SESSIONS }, (_, s) =>
          history.sessionTimeline(`session-${a}-${s}`),
        ).flat();
        expect(timeline.map((entry) => entry.request.id).sort()).toEqual(
          Array.from({ length: PER_AGENT }, (_, i) => `agent-${a}-request-${i}`).sort(),
        );
        expect(timeline.every((entry) => entry.decision !== undefined)).toBe(true);
      }
    } finally {
      history.close();
      await dir.remove();
    }
  });
});
