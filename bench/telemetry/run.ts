/**
 * What the agent's own telemetry costs the agent: the real Claude Code (the pinned binary) in `-p` against the
 * stand-in Messages API, making tool calls its rules allow, with no telemetry (the baseline), with the export
 * `gatehouse install claude` configures but no console listening, and with a console receiving. A tool call's
 * time is the gap between two tool results reaching the model API (the permission check, the tool, and
 * Claude Code's turn around it); a run's time is the whole `claude -p`, start to exit, which shows whether
 * the agent waits for an export at its end. The three are interleaved in one run, so a busy machine slows
 * them alike. Gatehouse's hooks are left out, so what differs is the telemetry alone.
 *
 *   node scripts/run-ts.mjs bench/telemetry/run.ts [--runs 5] [--calls 8]
 *
 * Needs the pinned Claude Code (`npm run agents:install`) and `npm run build`.
 */
import { createServer } from 'node:net';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { telemetryEnv } from '../../client/claude/telemetry-env';
import { loadOrCreateTelemetryToken } from '../../files/telemetry-token';
import { startConsoleCore } from '../../main/core/console-core';
import { startAnthropicStandIn } from '../../tests/agents/support/anthropic-stand-in';
import { claudeBinary, makeClaudeSandbox, runHeadless } from '../../tests/agents/support/claude-code';
import { makeTempDir } from '../../tests/support/temp-dir';

type Config = 'no telemetry' | 'telemetry, no console' | 'telemetry, console receiving';
const CONFIGS: readonly Config[] = ['no telemetry', 'telemetry, no console', 'telemetry, console receiving'];

/** A loopback port nobody listens on: bound, then let go. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const quantile = (values: readonly number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '5' }, calls: { type: 'string', default: '8' } },
  });
  const runs = Number(values.runs);
  const calls = Number(values.calls);
  claudeBinary();
  const dir = await makeTempDir();
  const api = await startAnthropicStandIn();
  const sandbox = await makeClaudeSandbox(dir.path, api.baseUrl);
  const core = await startConsoleCore({
    home: sandbox.gatehouseHome,
    port: 0,
    timeoutMs: 60_000,
    timeoutAction: 'passthrough',
  });
  let received = 0;
  core.agentEvents.subscribe((events) => (received += events.length));
  const token = await loadOrCreateTelemetryToken(sandbox.gatehouseHome);
  const envOf: Record<Config, Record<string, string> | undefined> = {
    'no telemetry': undefined,
    'telemetry, no console': telemetryEnv({
      endpoint: `http://127.0.0.1:${await closedPort()}/v1/logs`,
      token,
    }),
    'telemetry, console receiving': telemetryEnv({
      endpoint: `http://127.0.0.1:${core.port}/v1/logs`,
      token,
    }),
  };
  // The calls are allowed by a rule, and Gatehouse's hooks are gone: only the telemetry differs.
  await writeFile(
    join(sandbox.project, '.claude', 'settings.json'),
    JSON.stringify({ permissions: { allow: ['Bash(touch *)'] } }),
  );
  await mkdir(join(sandbox.home, '.claude'), { recursive: true });

  const perCall = new Map<Config, number[]>(CONFIGS.map((config) => [config, []]));
  const perRun = new Map<Config, number[]>(CONFIGS.map((config) => [config, []]));
  try {
    for (let round = 0; round < runs; round += 1) {
      // Each round starts with another configuration, so none always follows the same one.
      const order = CONFIGS.map((_, i) => CONFIGS[(i + round) % CONFIGS.length] as Config);
      for (const config of order) {
        const env = envOf[config];
        await writeFile(join(sandbox.home, '.claude', 'settings.json'), JSON.stringify(env ? { env } : {}));
        for (let call = 0; call < calls; call += 1)
          api.script({ name: 'Bash', input: { command: `touch f${call}.txt`, description: 'Make a file' } });
        const started = performance.now();
        const stamps: number[] = [];
        const results = (async () => {
          for (let call = 0; call < calls; call += 1) {
            await api.nextToolResult();
            stamps.push(performance.now());
          }
        })();
        const turn = await runHeadless(sandbox, 'make the files');
        const ended = performance.now();
        await Promise.race([results, new Promise((done) => setTimeout(done, 1_000))]);
        if (turn.code !== 0 || stamps.length !== calls)
          throw new Error(`claude -p (${config}) made ${stamps.length} of ${calls} calls, exit ${turn.code}`);
        for (let i = 1; i < stamps.length; i += 1) perCall.get(config)?.push(stamps[i]! - stamps[i - 1]!);
        perRun.get(config)?.push(ended - started);
      }
    }
  } finally {
    await core.close();
    await api.close();
    await dir.remove();
  }
  const fmt = (n: number) => n.toFixed(0).padStart(8);
  const base = quantile(perCall.get('no telemetry') ?? [], 0.5);
  const baseRun = quantile(perRun.get('no telemetry') ?? [], 0.5);
  console.log(`Claude Code (pinned), ${runs} runs of ${calls} tool calls per configuration, interleaved\n`);
  console.log(
    `${'configuration'.padEnd(30)} ${'call med'.padStart(8)} ${'call p90'.padStart(8)} ${'ratio'.padStart(6)} ${'run med'.padStart(8)} ${'ratio'.padStart(6)}`,
  );
  for (const config of CONFIGS) {
    const call = quantile(perCall.get(config) ?? [], 0.5);
    const run = quantile(perRun.get(config) ?? [], 0.5);
    console.log(
      `${config.padEnd(30)} ${fmt(call)} ${fmt(quantile(perCall.get(config) ?? [], 0.9))} ${(call / base).toFixed(2).padStart(5)}× ${fmt(run)} ${(run / baseRun).toFixed(2).padStart(5)}×`,
    );
  }
  console.log(
    `\nTimes in ms. A call: between two tool results at the model API. A run: claude -p from spawn to exit. The console took ${received} tool events.`,
  );
  return 0;
}

process.exitCode = await main();
