/**
 * The bridge bench: request → decision round trip through the real console, decided by a console-side
 * racer, at 1, 10 and 100 concurrent agents, each level beside a raw `ws` echo measured in the same run under
 * the same concurrency, and beside the floor: that echo answering only after one durable commit of one
 * decision's rows. Then the commit alone, and a 100,000-request memory soak.
 *
 *   node --expose-gc scripts/run-ts.mjs bench/bridge/run.ts     (npm run bench:bridge)
 *
 * The server (console or echo) runs in a child process and the agents in this one, so each side has a core,
 * as the console and an agent would. Everything talks to 127.0.0.1 only, and every phase is bounded in
 * requests and in time.
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { closedLoop } from '../support/closed-loop';
import { openLoop } from '../support/open-loop';
import { canCollect } from '../support/heap';
import { machineLoad } from '../support/machine-load';
import { summarize } from '../support/stats';
import type { RunSummary } from '../support/stats';
import { rpcClient } from '../support/rpc';
import { echoAgents, gatehouseAgents, requestFrame } from './agents';
import type { Agents } from './agents';
import { commitFloor } from './commit-floor';
import { levelTable, mb, verdict } from './report';
import type { LevelResult } from './report';
import { BENCH_RATE_LIMIT, serve } from './servers';
import type { HeapReport, ServerInfo, ServerSpec, StoreKind } from './servers';
import { soak } from './soak';

const ENTRY = 'bench/bridge/run.ts';
const CONSOLE = 'console (screening + SQLite history)';
const BRIDGE = 'bridge + registry, no store';
const SDK = 'SDK → decision echo';
const COMMIT_ECHO = 'raw ws echo after one commit';
const ECHO = 'raw ws echo';
const SERVE_FLAG = '--serve';
const LEVELS = [1, 10, 100] as const;
const WARMUP = { maxRequests: 2_000, maxMs: 1_000 };
/**
 * Once, as each server starts, before any level: a fresh console runs its first few thousand requests in
 * V8's interpreter while a background thread compiles tree-sitter's WebAssembly (seconds of a core on this
 * 2-core machine), so its 1-agent p50 fell from 25 ms to 0.6 ms over its first 13 s; a running console
 * pays that once, at its start, not per decision.
 */
const WARM_START = { agents: 10, maxRequests: 30_000, maxMs: 8_000 };
const MEASURE = { maxRequests: 60_000, maxMs: 3_000 };
/**
 * Each level's measure is cut into rounds that take the servers in turn, so a console and its floor see the
 * same moments of a shared machine: here a server's p50 moved by 40% between runs a few minutes apart.
 */
const ROUNDS = 6;
/**
 * Latency at 100 agents as agents load a console: each sends on its own schedule. 2,000 requests a second
 * in all is far beyond what people approve, and well under saturation, so queueing does not hide the cost.
 */
const OPEN = { agents: 100, perAgentPerSecond: 20, durationMs: 3_000 };
/** Commits timed for the floor: enough for a steady p50, a few seconds at most. */
const COMMITS = 5_000;
const SOAK = { requests: 100_000, agents: 10, maxMsPerQuarter: 60_000 };
/**
 * "Memory flat": after warm-up (25% of the soak, the baseline), the console's heap grows less than this per
 * request; keeping a request at all (its id in a table) costs more, so a leak of any request shows.
 */
const FLAT_BYTES_PER_REQUEST = 32;
/** The whole run's ceiling: a machine this slow gives no useful figures anyway. */
const BUDGET_MS = 6 * 60_000;

const children = new Set<ChildProcess>();

/** Runs this same file with `--serve <spec>` in a child process; node flags (--expose-gc) carry over. */
async function startServer(spec: ServerSpec) {
  const child = fork('scripts/run-ts.mjs', [ENTRY, SERVE_FLAG, JSON.stringify(spec)], {
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  // keytar's native part may complain on stderr when no keychain answers; show it only if the server fails.
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const call = rpcClient(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const info = await call<ServerInfo>('info').catch((error: Error) => {
    throw new Error(`${error.message}\n${stderr}`);
  });
  return {
    info,
    heap: () => call<HeapReport>('heap'),
    async stop() {
      await call('stop');
      child.kill();
      await exited;
    },
  };
}

/** One level: every server warmed, then measured in `ROUNDS` turns; each server's rounds pooled. */
async function measureLevel(clients: readonly Agents[], concurrency: number): Promise<RunSummary[]> {
  try {
    for (const agents of clients) await closedLoop(concurrency, WARMUP, (agent) => agents.request(agent));
    const runs = clients.map(() => ({ latencies: [] as Float64Array[], elapsedMs: 0 }));
    const round = { maxRequests: MEASURE.maxRequests / ROUNDS, maxMs: MEASURE.maxMs / ROUNDS };
    for (let turn = 0; turn < ROUNDS; turn += 1) {
      for (const [i, agents] of clients.entries()) {
        const run = await closedLoop(concurrency, round, (agent) => agents.request(agent));
        runs[i]!.latencies.push(run.latenciesMs);
        runs[i]!.elapsedMs += run.elapsedMs;
      }
    }
    return runs.map(({ latencies, elapsedMs }) => summarize(concat(latencies), elapsedMs));
  } finally {
    await Promise.all(clients.map((agents) => agents.close()));
  }
}

function concat(parts: readonly Float64Array[]): Float64Array {
  const all = new Float64Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}

/** What each level measures, in table order; the echo comes last, as the floor. */
const SERVERS: ReadonlyArray<readonly [string, ServerSpec]> = [
  [CONSOLE, { kind: 'console', store: 'history' }],
  [BRIDGE, { kind: 'bridge' }],
  [SDK, { kind: 'decision-echo' }],
  [COMMIT_ECHO, { kind: 'commit-echo' }],
  [ECHO, { kind: 'echo' }],
];

async function openLevel(agents: Agents): Promise<RunSummary> {
  try {
    await openLoop(OPEN.agents, { ...OPEN, durationMs: 500 }, (agent) => agents.request(agent));
    const run = await openLoop(OPEN.agents, OPEN, (agent) => agents.request(agent));
    return summarize(run.latenciesMs, run.elapsedMs);
  } finally {
    await agents.close();
  }
}

function agentsOf(spec: ServerSpec, info: ServerInfo, count: number): Promise<Agents> {
  return spec.kind === 'echo' || spec.kind === 'commit-echo'
    ? echoAgents(count, info.port)
    : gatehouseAgents(count, info.home!);
}

async function warmStart(spec: ServerSpec, info: ServerInfo): Promise<void> {
  const agents = await agentsOf(spec, info, WARM_START.agents);
  try {
    await closedLoop(WARM_START.agents, WARM_START, (agent) => agents.request(agent));
  } finally {
    await agents.close();
  }
}

async function levels(): Promise<{ closed: LevelResult[]; open: LevelResult }> {
  const servers = [];
  try {
    for (const [label, spec] of SERVERS) {
      const server = await startServer(spec);
      servers.push({ label, spec, server });
      await warmStart(spec, server.info);
    }
    const results: LevelResult[] = [];
    for (const agents of LEVELS) {
      const clients: Agents[] = [];
      for (const { spec, server } of servers) clients.push(await agentsOf(spec, server.info, agents));
      const runs = await measureLevel(clients, agents);
      results.push({ agents, runs: servers.map(({ label }, i) => [label, runs[i]!] as const) });
    }
    const open: Array<readonly [string, RunSummary]> = [];
    for (const { label, spec, server } of servers)
      open.push([label, await openLevel(await agentsOf(spec, server.info, OPEN.agents))]);
    return { closed: results, open: { agents: OPEN.agents, runs: open } };
  } finally {
    for (const { server } of servers) await server.stop();
  }
}

/** The bounds for the console, each against a figure of this run. */
function bounds(results: readonly LevelResult[], open: LevelResult, commit: RunSummary): string {
  const run = (level: LevelResult, name: string) => level.runs.find(([l]) => l === name)![1];
  const one = results.find((level) => level.agents === 1)!;
  const echo = run(one, ECHO).p50Ms;
  const floor = run(one, COMMIT_ECHO).p50Ms;
  const parts = echo + commit.p50Ms;
  const p50 = run(one, CONSOLE).p50Ms;
  const at100 = run(open, CONSOLE);
  const best = Math.max(...results.map((r) => run(r, CONSOLE).perSecond));
  const ms = (value: number) => `${value.toFixed(3)} ms`;
  return [
    `\nbounds: ${CONSOLE}`,
    `  floor at 1 agent: the ${COMMIT_ECHO} of one decision's rows, p50 ${ms(floor)}`,
    `    its parts timed apart: raw ws echo p50 ${ms(echo)} + the commit alone p50 ${ms(commit.p50Ms)} ` +
      `(p99 ${ms(commit.p99Ms)}, ${commit.count.toLocaleString('en-US')} commits) = ${ms(parts)}; ` +
      `apart, neither pays for waking an agent that slept through the commit`,
    verdict(
      p50 <= 2 * floor,
      `p50 at 1 agent ${ms(p50)} = ${(p50 / floor).toFixed(2)}× the floor (bound 2×; ` +
        `${(p50 / parts).toFixed(2)}× the parts' sum)`,
    ),
    verdict(
      best >= 2_000,
      `≥ 2,000 durable decisions/s (best ${Math.round(best).toLocaleString('en-US')}/s)`,
    ),
    verdict(
      at100.p99Ms <= 20,
      `p99 ≤ 20 ms at ${OPEN.agents} agents × ${OPEN.perAgentPerSecond}/s, open loop: ${ms(at100.p99Ms)} ` +
        `(raw ws echo p99 ${ms(run(open, ECHO).p99Ms)}, ${(at100.p99Ms / run(open, ECHO).p99Ms).toFixed(2)}×)`,
    ),
  ].join('\n');
}

async function soakWith(store: StoreKind, label: string): Promise<string[]> {
  const server = await startServer({ kind: 'console', store });
  try {
    const points = await soak({ home: server.info.home!, heap: server.heap }, SOAK);
    const first = points[0]!;
    const last = points[points.length - 1]!;
    const warm = points[1]!;
    const growth = last.console.heapBytes - first.console.heapBytes;
    const warmGrowth = last.console.heapBytes - warm.console.heapBytes;
    const agentGrowth = last.agentHeapBytes - first.agentHeapBytes;
    const warmBytesPerRequest = warmGrowth / Math.max(1, last.requests - warm.requests);
    const lines = [
      `  store: ${label}`,
      ...points.map(
        (p) =>
          `    ${String(p.percent).padStart(3)}%  ${p.requests.toLocaleString('en-US').padStart(7)} requests  console heap ${mb(p.console.heapBytes).padStart(9)}  agents heap ${mb(p.agentHeapBytes).padStart(9)}  kept in memory ${p.console.keptInMemory.toLocaleString('en-US')}`,
      ),
      `    growth 0→100%: console ${mb(growth)} (${Math.round(growth / Math.max(1, last.requests))} B/request), agents ${mb(agentGrowth)}` +
        ` · after warm-up, 25→100%: console ${mb(warmGrowth)} (${Math.round(warmBytesPerRequest)} B/request)`,
    ];
    if (store !== 'history') return lines;
    const heap = (p: (typeof points)[number]) => mb(p.console.heapBytes);
    const flat = verdict(
      last.requests >= SOAK.requests && warmBytesPerRequest <= FLAT_BYTES_PER_REQUEST,
      `memory flat over ${last.requests.toLocaleString('en-US')} requests (bound: ${SOAK.requests.toLocaleString('en-US')}, ` +
        `≤ ${FLAT_BYTES_PER_REQUEST} B/request after warm-up): ${Math.round(warmBytesPerRequest)} B/request, heap ` +
        `${heap(last)} against ${heap(warm)} at 25% = ${(last.console.heapBytes / warm.console.heapBytes).toFixed(2)}×`,
    );
    return [...lines, flat];
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const budget = setTimeout(() => {
    process.stderr.write(`bench/bridge: over its ${BUDGET_MS / 60_000} min budget; stopping.\n`);
    for (const child of children) child.kill();
    process.exit(1);
  }, BUDGET_MS);
  budget.unref();

  const frame = requestFrame('r1-a0-12345', 0);
  console.log(
    `Gatehouse bridge bench · Node ${process.version} · ${availableParallelism()} cores · ${machineLoad()} · 127.0.0.1 only\n` +
      `server in a child process, agents in this one · closed loop, each agent its own connection\n` +
      `request frame ${Buffer.byteLength(frame)} B (the echo sends the same frame back) · each server warmed once ` +
      `as it starts (${WARM_START.agents} agents, ≤ ${WARM_START.maxRequests.toLocaleString('en-US')} req / ${WARM_START.maxMs / 1_000} s)` +
      ` · per level: warm-up ` +
      `${WARMUP.maxRequests} req / ${WARMUP.maxMs} ms, then ≤ ${MEASURE.maxRequests} req or ${MEASURE.maxMs} ms ` +
      `in ${ROUNDS} rounds that take the servers in turn\n` +
      `console rate limit lifted to ${BENCH_RATE_LIMIT.toLocaleString('en-US')} msg/s per connection for the bench (default 500); pending caps lifted too\n`,
  );
  const { closed, open } = await levels();
  console.log(levelTable(closed));
  console.log(
    `\nopen loop · ${OPEN.agents} agents, each sending ${OPEN.perAgentPerSecond} requests/s on its own schedule ` +
      `(${(OPEN.agents * OPEN.perAgentPerSecond).toLocaleString('en-US')}/s offered) for ${OPEN.durationMs / 1_000} s · ` +
      `latency from when each request was due`,
  );
  console.log(levelTable([open]));

  console.log(bounds(closed, open, await commitFloor(COMMITS)));
  console.log(
    `  note: in a closed loop every agent always has a request in flight, so mean latency = agents ÷ ` +
      `throughput (Little's law) and p99 at 100 agents measures the queue; the open loop measures the latency ` +
      `100 agents see at a stated load`,
  );

  console.log(
    `\nmemory soak · ${SOAK.requests.toLocaleString('en-US')} requests from ${SOAK.agents} agents · heap ` +
      (canCollect ? 'after a full gc' : 'WITHOUT gc (run with node --expose-gc for comparable figures)'),
  );
  const soaks: Array<[StoreKind, string]> = [
    ['history', 'SQLite history (the console default)'],
    ['memory', 'in-memory (tests, embedders): keeps every decision by design'],
  ];
  for (const [store, label] of soaks) console.log((await soakWith(store, label)).join('\n'));
  console.log(`\nat the end: ${machineLoad()}`);
}

const serving = process.argv.indexOf(SERVE_FLAG);
if (serving === -1) await main();
else await serve(JSON.parse(process.argv[serving + 1] ?? '') as ServerSpec);
