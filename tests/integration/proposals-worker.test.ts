import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { connectBridge } from '../../client/sdk/bridge-client';
import { PROPOSALS_WORKER } from '../../main/core/console-core';
import type { ConsoleCore } from '../../main/core/console-core';
import { fillBusyProposalHistory } from '../support/busy-proposal-history';
import { makeTempDir } from '../support/temp-dir';
import { startTestCore } from '../support/test-core';

const WORKER = resolve(`out/cli/${PROPOSALS_WORKER}.mjs`);
const QUESTIONS = 5_000;
const caller = { id: 'window:1', channel: 'window' } as const;

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let core: ConsoleCore;
let project: string;

beforeAll(() => {
  if (!existsSync(WORKER)) throw new Error(`${WORKER} is missing; run npm run build first.`);
});

beforeEach(async () => {
  temp = await makeTempDir();
  const home = join(temp.path, 'gh');
  project = join(temp.path, 'shop');
  await mkdir(home, { recursive: true });
  await mkdir(project);
  fillBusyProposalHistory(home, project, QUESTIONS);
  core = await startTestCore({
    home,
    userHome: join(temp.path, 'user'),
    port: 0,
    timeoutMs: 60_000,
    timeoutAction: 'passthrough',
    proposalsWorker: pathToFileURL(WORKER),
  });
});

afterEach(async () => {
  await core.close();
  await temp.remove();
});

it('decides a request over the bridge while proposals are worked out, the event loop never held', async () => {
  const token = JSON.parse(await readFile(core.discoveryPath, 'utf8')).token as string;
  const agent = await connectBridge(
    { url: `ws://127.0.0.1:${core.port}/bridge`, token, source: 'environment' },
    { agent: { name: 'claude-code' } },
  );
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const events: string[] = [];
  const started = performance.now();
  const listed = Promise.resolve(core.service.handlers['proposals:list']({}, caller)).then((list) => {
    events.push('proposals');
    return { list, ms: performance.now() - started };
  });
  // Past the pass's first reads of the folder's settings, into the engine's work on every question.
  await new Promise((r) => setTimeout(r, 150));

  const decision = agent
    .requestPermission({
      id: 'during-recompute',
      sessionId: 'live',
      cwd: project,
      tool: 'Bash',
      input: { command: 'npm test' },
      mode: 'default',
    })
    .then((answer) => {
      events.push('decision');
      return answer;
    });
  while (!core.registry.has('during-recompute')) await new Promise((r) => setTimeout(r, 5));
  await core.service.handlers['queue:decide']({ id: 'during-recompute', behavior: 'allow' }, caller);
  await expect(decision).resolves.toMatchObject({ behavior: 'allow', by: 'console' });

  const { list, ms } = await listed;
  delay.disable();
  expect(list.ok && list.value.proposals.length).toBeGreaterThan(0);
  // The decision did not wait for the pass, and the console's thread never stalled for a share of it.
  expect(events).toEqual(['decision', 'proposals']);
  expect(delay.max / 1e6).toBeLessThan(ms / 4);
  agent.close();
});
