/**
 * What Gatehouse adds to a tool call nobody is asked about: the real Claude Code (the pinned binary) in `-p`
 * against the stand-in Messages API, making read-only tool calls its rules allow, without Gatehouse, with
 * Gatehouse as `gatehouse install claude` sets it up (its hooks, the background ones included, and the
 * telemetry export to a console that is running), the same with `--retry-hook` (the PreToolUse http hook to
 * the console), and with the same hooks all held in the foreground as
 * installs before `async` were. A tool call's time is the gap between two tool results reaching the model
 * API (the permission check, the tool, the hooks Claude Code waits for, and its turn around them). The
 * configurations are interleaved in one run, so a busy machine slows them alike.
 *
 *   node scripts/run-ts.mjs bench/agent-overhead/run.ts [--runs 20] [--calls 8]
 *
 * Twenty rounds by default (about two and a half minutes): with five, a configuration's median moved by
 * up to a tenth from one run to the next on this two-core machine, more than the bound it is held to.
 *
 * Needs the pinned Claude Code (`npm run agents:install`) and `npm run build`.
 */
import { loadavg } from 'node:os';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { installTelemetry } from '../../client/claude/telemetry-env';
import { loadOrCreateTelemetryToken } from '../../files/telemetry-token';
import { ACTIVITY_WORKER, startConsoleCore } from '../../main/core/console-core';
import { startAnthropicStandIn } from '../../tests/agents/support/anthropic-stand-in';
import { claudeBinary, makeClaudeSandbox, runHeadless } from '../../tests/agents/support/claude-code';
import { makeTempDir } from '../../tests/support/temp-dir';

type Config =
  | 'without Gatehouse'
  | 'with Gatehouse'
  | 'with --retry-hook'
  | 'tool hooks too (async)'
  | 'hooks held (no async)';
const CONFIGS: readonly Config[] = [
  'without Gatehouse',
  'with Gatehouse',
  'with --retry-hook',
  'tool hooks too (async)',
  'hooks held (no async)',
];

const quantile = (values: readonly number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

/** The settings with every handler's `async` taken out: Claude Code then waits for each. */
function heldHooks(settings: { hooks?: Record<string, { hooks: Record<string, unknown>[] }[]> }) {
  const hooks = Object.fromEntries(
    Object.entries(settings.hooks ?? {}).map(([event, groups]) => [
      event,
      groups.map((group) => ({
        ...group,
        hooks: group.hooks.map(({ async: _, ...handler }) => handler),
      })),
    ]),
  );
  return { ...settings, hooks };
}

function withoutToolHooks(settings: Parameters<typeof heldHooks>[0]) {
  const { PostToolUse: _, PostToolUseFailure: __, ...hooks } = settings.hooks ?? {};
  return { ...settings, hooks };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '20' }, calls: { type: 'string', default: '8' } },
  });
  const runs = Number(values.runs);
  const calls = Number(values.calls);
  claudeBinary();
  const dir = await makeTempDir();
  const api = await startAnthropicStandIn();
  // Installs Gatehouse's hooks into the project's .claude/settings.json, as a person would.
  const sandbox = await makeClaudeSandbox(dir.path, api.baseUrl);
  const core = await startConsoleCore({
    home: sandbox.gatehouseHome,
    port: 0,
    timeoutMs: 60_000,
    timeoutAction: 'passthrough',
    // Where the app and `gatehouse serve` decode and keep the agents' telemetry: off the console's thread.
    activityWorker: pathToFileURL(resolve(`out/cli/${ACTIVITY_WORKER}.mjs`)),
  });
  // Counted from the record, as the activity view reads it: a listener to every event would have the
  // worker copy each one back, which the app does not.
  const kept = async () => {
    const page = await core.service.handlers['history:activity-sessions'](
      { limit: 1_000 },
      { id: 'bench', channel: 'web' },
    );
    return page.ok ? page.value.sessions.reduce((calls, session) => calls + session.calls, 0) : 0;
  };
  let received: number;
  const projectFile = join(sandbox.project, '.claude', 'settings.json');
  const installed = JSON.parse(await readFile(projectFile, 'utf8')) as Parameters<typeof heldHooks>[0];
  const permissions = { allow: ['Bash(ls *)'] };
  const target = {
    endpoint: `http://127.0.0.1:${core.port}/v1/logs`,
    token: await loadOrCreateTelemetryToken(sandbox.gatehouseHome),
  };
  // The user's settings as `gatehouse install claude` leaves them (the export), and with `--retry-hook`.
  const user = installTelemetry({}, target, 'settings.json', false);
  const withRetryHook = installTelemetry({}, target, 'settings.json', true);
  if ('conflict' in user) throw new Error(user.conflict);
  if ('conflict' in withRetryHook) throw new Error(withRetryHook.conflict);
  const setup: Record<Config, { project: object; user: object }> = {
    'without Gatehouse': { project: { permissions }, user: {} },
    'with Gatehouse': { project: { ...withoutToolHooks(installed), permissions }, user: user.settings },
    'with --retry-hook': {
      project: { ...withoutToolHooks(installed), permissions },
      user: withRetryHook.settings,
    },
    'tool hooks too (async)': { project: { ...installed, permissions }, user: user.settings },
    'hooks held (no async)': {
      project: { ...heldHooks(installed), permissions },
      user: user.settings,
    },
  };
  await mkdir(join(sandbox.home, '.claude'), { recursive: true });

  const perCall = new Map<Config, number[]>(CONFIGS.map((config) => [config, []]));
  // Each round's median per configuration, so a configuration is also set against "without" in the same
  // round: a load that comes and goes between rounds then weighs on both sides of each ratio.
  const perRound = new Map<Config, number[]>(CONFIGS.map((config) => [config, []]));
  try {
    for (let round = 0; round < runs; round += 1) {
      // Each round starts with another configuration, so none always follows the same one.
      const order = CONFIGS.map((_, i) => CONFIGS[(i + round) % CONFIGS.length] as Config);
      for (const config of order) {
        await writeFile(projectFile, JSON.stringify(setup[config].project));
        await writeFile(join(sandbox.home, '.claude', 'settings.json'), JSON.stringify(setup[config].user));
        for (let call = 0; call < calls; call += 1)
          api.script({ name: 'Bash', input: { command: `ls -a ${call}`, description: 'List the folder' } });
        const stamps: number[] = [];
        const results = (async () => {
          for (let call = 0; call < calls; call += 1) {
            await api.nextToolResult();
            stamps.push(performance.now());
          }
        })();
        const turn = await runHeadless(sandbox, 'list the folder');
        await Promise.race([results, new Promise((done) => setTimeout(done, 1_000))]);
        if (turn.code !== 0 || stamps.length !== calls)
          throw new Error(`claude -p (${config}) made ${stamps.length} of ${calls} calls, exit ${turn.code}`);
        const gaps = stamps.slice(1).map((stamp, i) => stamp - stamps[i]!);
        perCall.get(config)?.push(...gaps);
        perRound.get(config)?.push(quantile(gaps, 0.5));
      }
    }
    received = await kept();
  } finally {
    await core.close();
    await api.close();
    await dir.remove();
  }
  const fmt = (n: number) => n.toFixed(0).padStart(8);
  const base = quantile(perCall.get('without Gatehouse') ?? [], 0.5);
  console.log(
    `Claude Code (pinned), ${runs} runs of ${calls} read-only tool calls its rules allow, per configuration, interleaved\n`,
  );
  console.log(
    `${'configuration'.padEnd(30)} ${'call med'.padStart(8)} ${'call p90'.padStart(8)} ${'ratio'.padStart(6)} ${'paired'.padStart(7)}`,
  );
  for (const config of CONFIGS) {
    const call = quantile(perCall.get(config) ?? [], 0.5);
    const without = perRound.get('without Gatehouse') ?? [];
    const paired = quantile(
      (perRound.get(config) ?? []).map((median, round) => median / without[round]!),
      0.5,
    );
    console.log(
      `${config.padEnd(30)} ${fmt(call)} ${fmt(quantile(perCall.get(config) ?? [], 0.9))} ${(call / base).toFixed(2).padStart(5)}× ${paired.toFixed(2).padStart(6)}×`,
    );
  }
  console.log(
    `\nTimes in ms, between two tool results at the model API; ratio: of the medians over all rounds; paired: the median over the rounds of each round's median against "without" in the same round. The console kept ${received} of the calls in its activity record. Load average at the end: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}.`,
  );
  return 0;
}

process.exitCode = await main();
