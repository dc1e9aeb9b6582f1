/**
 * What Gatehouse adds to a question OpenCode or Gemini CLI asks, on their pinned real binaries against the
 * tests' stand-ins of their model APIs, each beside its baseline in the same run:
 *
 * - OpenCode: `opencode serve` without Gatehouse's plugin, and with it (installed by the built `gatehouse
 *   install opencode`) and a console running, so each question also raises a card that the prompt's reply
 *   withdraws. The bench is the TUI, replying `once` as soon as it hears `permission.asked`.
 * - Gemini CLI: `gemini --acp` started by the editor itself, and through `gatehouse acp` with a console
 *   running, so each question is also a card that the editor's answer withdraws. The editor answers
 *   "Allow" as soon as it is asked.
 *
 * A question's time runs from the prompt to the tool's result reaching the model API: the model's turn, the
 * question, the reply and the tool. The configurations are interleaved, each round starting with another,
 * so a busy machine slows them alike.
 *
 *   node scripts/run-ts.mjs bench/agents/run.ts [--runs 3] [--questions 5] [--agents opencode,gemini]
 *
 * Needs the pinned agents (`npm run agents:install`) and `npm run build`.
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { RequestPermissionRequest } from '@agentclientprotocol/sdk';
import { startConsoleCore } from '../../main/core/console-core';
import type { ConsoleCore } from '../../main/core/console-core';
import { prompt, startAcpEditor } from '../../tests/agents/support/claude-agent-acp';
import type { AcpEditorSession } from '../../tests/agents/support/claude-agent-acp';
import { startChatCompletionsStandIn } from '../../tests/agents/support/chat-completions-stand-in';
import type { ChatCompletionsStandIn } from '../../tests/agents/support/chat-completions-stand-in';
import { geminiAcpCommand, makeGeminiSandbox } from '../../tests/agents/support/gemini';
import { startGeminiStandIn } from '../../tests/agents/support/gemini-stand-in';
import type { GeminiStandIn } from '../../tests/agents/support/gemini-stand-in';
import { makeOpenCodeSandbox, OpenCodeServer } from '../../tests/agents/support/opencode';
import { makeTempDir } from '../../tests/support/temp-dir';
import { percentile } from '../support/stats';

const CLI = resolve('out/cli/gatehouse.mjs');

type Route = 'baseline' | 'with Gatehouse';
const ROUTES: readonly Route[] = ['baseline', 'with Gatehouse'];

interface Rig {
  /** One question, from the prompt to the tool's result at the model API, in ms. */
  ask(n: number): Promise<number>;
  close(): Promise<void>;
}

async function startConsole(home: string): Promise<ConsoleCore> {
  return startConsoleCore({ home, port: 0, timeoutMs: 60_000, timeoutAction: 'passthrough' });
}

async function openCodeRig(root: string, route: Route): Promise<Rig> {
  const api: ChatCompletionsStandIn = await startChatCompletionsStandIn();
  const sandbox = await makeOpenCodeSandbox(root, api.baseUrl);
  let core: ConsoleCore | undefined;
  if (route === 'with Gatehouse') {
    const install = spawnSync(process.execPath, [CLI, 'install', 'opencode'], {
      env: sandbox.env,
      encoding: 'utf8',
    });
    if (install.status !== 0) throw new Error(`gatehouse install opencode failed: ${install.stderr}`);
    core = await startConsole(sandbox.gatehouseHome);
  }
  const server = await OpenCodeServer.start(sandbox);
  return {
    async ask(n) {
      api.script({ name: 'bash', args: { command: `touch q${n}.txt`, description: 'Make a file' } });
      const started = performance.now();
      const sessionId = await server.prompt('make the file');
      const asked = await server.asked(sessionId);
      const status = await server.reply(asked.id, 'once');
      if (status !== 200) throw new Error(`OpenCode took no reply to ${asked.id} (HTTP ${status}).`);
      await api.nextToolOutput();
      return performance.now() - started;
    },
    async close() {
      await server.close();
      await core?.close();
      await api.close();
    },
  };
}

/** The editor's "Allow", at once. */
function allowAtOnce(request: RequestPermissionRequest) {
  const option = request.options.find((each) => each.kind === 'allow_once') ?? request.options[0]!;
  return Promise.resolve({ outcome: { outcome: 'selected' as const, optionId: option.optionId } });
}

async function geminiRig(root: string, route: Route): Promise<Rig> {
  const api: GeminiStandIn = await startGeminiStandIn();
  const sandbox = await makeGeminiSandbox(root, api);
  const core = route === 'with Gatehouse' ? await startConsole(sandbox.gatehouseHome) : undefined;
  const editor: AcpEditorSession = await startAcpEditor(
    sandbox,
    allowAtOnce,
    geminiAcpCommand(),
    route === 'baseline' ? 'direct' : 'gatehouse',
  );
  return {
    async ask(n) {
      api.script({ name: 'run_shell_command', args: { command: `touch q${n}.txt` } });
      const started = performance.now();
      const turn = prompt(editor, 'make the file');
      await api.nextFunctionResponse();
      const ms = performance.now() - started;
      await turn;
      return ms;
    },
    async close() {
      // An editor closes the agent's stdin; Gemini CLI started directly does not end on SIGTERM alone.
      editor.child.stdin.end();
      editor.child.kill('SIGTERM');
      await editor.exited;
      await core?.close();
      await api.close();
    },
  };
}

async function measure(
  name: string,
  start: (root: string, route: Route) => Promise<Rig>,
  runs: number,
  questions: number,
): Promise<void> {
  const dir = await makeTempDir();
  const times = new Map<Route, number[]>(ROUTES.map((route) => [route, []]));
  const rigs = new Map<Route, Rig>();
  try {
    for (const route of ROUTES) {
      process.stderr.write(`${name}: starting ${route}\n`);
      rigs.set(route, await start(join(dir.path, route.replace(/ /g, '-')), route));
    }
    process.stderr.write(`${name}: measuring\n`);
    // A first question each, unmeasured: the agent's own first-turn work is not Gatehouse's cost.
    for (const rig of rigs.values()) await rig.ask(-1);
    let n = 0;
    for (let round = 0; round < runs; round += 1) {
      const order = ROUTES.map((_, i) => ROUTES[(i + round) % ROUTES.length]!);
      for (const route of order)
        for (let q = 0; q < questions; q += 1) times.get(route)!.push(await rigs.get(route)!.ask(n++));
    }
  } finally {
    for (const rig of rigs.values()) await rig.close();
    await dir.remove();
  }
  const stats = (route: Route) => {
    const sorted = Float64Array.from(times.get(route)!).sort();
    return { p50: percentile(sorted, 50), p90: percentile(sorted, 90) };
  };
  const base = stats('baseline');
  const gate = stats('with Gatehouse');
  const fmt = (ms: number) => ms.toFixed(0).padStart(7);
  console.log(`\n${name}: ${runs * questions} questions per route, interleaved`);
  console.log(`${'route'.padEnd(16)} ${'p50'.padStart(7)} ${'p90'.padStart(7)}`);
  for (const [route, each] of [
    ['baseline', base],
    ['with Gatehouse', gate],
  ] as const)
    console.log(`${route.padEnd(16)} ${fmt(each.p50)} ${fmt(each.p90)}`);
  console.log(
    `added per question (p50) ${(gate.p50 - base.p50).toFixed(0)} ms, ratio ${(gate.p50 / base.p50).toFixed(2)}×`,
  );
}

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    questions: { type: 'string', default: '5' },
    agents: { type: 'string', default: 'opencode,gemini' },
  },
});
const agents = values.agents.split(',');
const runs = Number(values.runs);
const questions = Number(values.questions);
if (agents.includes('opencode'))
  await measure('OpenCode (opencode serve; the plugin and a console)', openCodeRig, runs, questions);
if (agents.includes('gemini'))
  await measure('Gemini CLI (gemini --acp; through gatehouse acp and a console)', geminiRig, runs, questions);
console.log(
  `\nTimes in ms, from the prompt to the tool's result at the model API. Load average at the end: ${loadavg()
    .map((each) => each.toFixed(2))
    .join(' ')}.`,
);
