/**
 * The hook's cost as Claude Code pays it: the whole process (node, the dispatcher, the hook bundle, the
 * console round trip), spawned with JSON on stdin and pipes for every stream, beside bare `node -e ''`
 * spawned the same way in the same run. The two are interleaved so that a busy machine slows both alike.
 * The console core runs in this process; while a hook runs, this process only waits on it.
 *
 *   node scripts/run-ts.mjs bench/hook/run.ts [--runs 30] [--warmup 5]
 *
 * Needs `npm run build`. Exits 1 when a hook printed something other than what its scenario expects.
 */
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startConsoleCore } from '../../main/core/console-core';

const CLI = resolve('out/cli/gatehouse.mjs');
const HOOK_BUNDLE = resolve('out/cli/hook.mjs');
/** What `gatehouse install claude` writes into Claude Code's settings. */
const INSTALLED = resolve('out/cli/gatehouse-hook.cjs');

const permissionRequest = JSON.stringify({
  session_id: 'bench-session',
  transcript_path: '/tmp/bench/transcript.jsonl',
  cwd: '/home/dev/shop',
  permission_mode: 'default',
  hook_event_name: 'PermissionRequest',
  tool_name: 'Bash',
  tool_input: { command: 'npm run build', description: 'Build the project' },
  permission_suggestions: [
    {
      type: 'addRules',
      rules: [{ toolName: 'Bash', ruleContent: 'npm run build' }],
      behavior: 'allow',
      destination: 'localSettings',
    },
  ],
});
const postToolUse = JSON.stringify({
  session_id: 'bench-session',
  cwd: '/home/dev/shop',
  hook_event_name: 'PostToolUse',
  tool_name: 'Bash',
  tool_input: { command: 'ls' },
  tool_response: { stdout: 'src\n', stderr: '', interrupted: false },
  tool_use_id: 'toolu_bench',
  duration_ms: 4,
});

// What the GitHub Copilot CLI 1.0.102 sends its permissionRequest hook (docs/copilot.md).
const copilotRequest = JSON.stringify({
  hookName: 'permissionRequest',
  sessionId: '630cfbec-13db-490e-ad82-ed651679eca8',
  timestamp: 1796603020377,
  cwd: '/home/dev/shop',
  toolName: 'bash',
  toolInput: { command: 'npm run build' },
  permissionSuggestions: [],
});

/** Copilot's saved "don't ask again for `npm run` in this directory", in `COPILOT_HOME` under `home`. */
async function copilotSavedApproval(home: string): Promise<undefined> {
  await mkdir(join(home, 'copilot'));
  await writeFile(
    join(home, 'copilot', 'permissions-config.json'),
    JSON.stringify({
      locations: {
        '/home/dev/shop': { tool_approvals: [{ kind: 'commands', commandIdentifiers: ['npm run'] }] },
      },
    }),
  );
  return undefined;
}

interface Run {
  readonly ms: number;
  readonly stdout: string;
}

function spawnOnce(args: readonly string[], stdin: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((done, fail) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'], env });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.resume();
    child.once('error', fail);
    // `node -e ''` may exit before reading its stdin; the write then fails, which is no error here.
    child.stdin.on('error', () => undefined);
    // Claude Code reads the hook's output until the process has exited and its pipes have closed.
    child.once('close', () => done({ ms: Number(process.hrtime.bigint() - started) / 1e6, stdout }));
    child.stdin.end(stdin);
  });
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

interface Scenario {
  readonly name: string;
  readonly args: readonly string[];
  readonly stdin: string;
  readonly expect: (stdout: string) => boolean;
  readonly target?: number;
  readonly setUp: (home: string) => Promise<(() => Promise<void>) | undefined>;
  /** What the agent adds to the hook's environment. */
  readonly env?: (home: string) => Readonly<Record<string, string>>;
}

/** A console that allows every request the moment it arrives; returns how to stop it. */
async function autoAllowConsole(home: string): Promise<() => Promise<void>> {
  const core = await startConsoleCore({ home, port: 0, timeoutMs: 60_000, timeoutAction: 'passthrough' });
  core.registry.added.subscribe((view) =>
    queueMicrotask(() => core.registry.decide(view.id, 'console', { behavior: 'allow' })),
  );
  return () => core.close();
}

const scenarios: readonly Scenario[] = [
  {
    name: 'permission-request, console answers at once (as installed)',
    args: [INSTALLED, 'hook', 'permission-request'],
    stdin: permissionRequest,
    expect: (out) => JSON.parse(out).hookSpecificOutput?.decision?.behavior === 'allow',
    target: 1.5,
    setUp: autoAllowConsole,
  },
  {
    name: 'permission-request, no console running (as installed)',
    args: [INSTALLED, 'hook', 'permission-request'],
    stdin: permissionRequest,
    expect: (out) => out === '',
    target: 1.3,
    setUp: async () => undefined,
  },
  {
    name: 'codex permission-request, console answers at once (as installed)',
    args: [INSTALLED, 'hook', 'codex', 'permission-request'],
    stdin: permissionRequest,
    expect: (out) => JSON.parse(out).hookSpecificOutput?.decision?.behavior === 'allow',
    target: 1.5,
    setUp: autoAllowConsole,
  },
  {
    name: 'codex permission-request, no console running (as installed)',
    args: [INSTALLED, 'hook', 'codex', 'permission-request'],
    stdin: permissionRequest,
    expect: (out) => out === '',
    target: 1.3,
    setUp: async () => undefined,
  },
  {
    name: 'copilot permission-request, console answers at once',
    args: [INSTALLED, 'hook', 'copilot', 'permission-request'],
    stdin: copilotRequest,
    expect: (out) => JSON.parse(out).behavior === 'allow',
    target: 1.5,
    setUp: autoAllowConsole,
  },
  {
    name: 'copilot permission-request, no console running',
    args: [INSTALLED, 'hook', 'copilot', 'permission-request'],
    stdin: copilotRequest,
    expect: (out) => out === '',
    target: 1.3,
    setUp: async () => undefined,
  },
  {
    // The console runs, but Copilot's own saved approval allows the call: `{}` at once, and no card.
    name: 'copilot permission-request, Copilot allows it',
    args: [INSTALLED, 'hook', 'copilot', 'permission-request'],
    stdin: copilotRequest,
    expect: (out) => out.trim() === '{}',
    target: 1.3,
    setUp: async (home) => {
      await copilotSavedApproval(home);
      return autoAllowConsole(home);
    },
    env: (home) => ({ COPILOT_HOME: join(home, 'copilot') }),
  },
  {
    name: 'permission-request, console answers at once (via gatehouse)',
    args: [CLI, 'hook', 'permission-request'],
    stdin: permissionRequest,
    expect: (out) => JSON.parse(out).hookSpecificOutput?.decision?.behavior === 'allow',
    setUp: autoAllowConsole,
  },
  {
    // Not the hook: the floor any `gatehouse` subcommand pays (ESM entry, dispatcher, stdout), for scale.
    name: 'gatehouse --version (the dispatcher alone)',
    args: [CLI, '--version'],
    stdin: '',
    expect: (out) => out.startsWith('gatehouse '),
    setUp: async () => undefined,
  },
  {
    name: 'post-tool-use, console running (as installed)',
    args: [INSTALLED, 'hook', 'post-tool-use'],
    stdin: postToolUse,
    expect: (out) => out === '',
    setUp: autoAllowConsole,
  },
];

async function measure(scenario: Scenario, runs: number, warmup: number) {
  const home = await mkdtemp(join(tmpdir(), 'gatehouse-bench-'));
  const stopConsole = await scenario.setUp(home);
  // The environment Claude Code passes is the user's; a minimal one keeps the comparison about the hook.
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    GATEHOUSE_HOME: home,
    ...scenario.env?.(home),
  };
  const bare: number[] = [];
  const hook: number[] = [];
  let wrong = 0;
  try {
    for (let i = 0; i < warmup + runs; i += 1) {
      // Alternate which goes first, so neither always runs right after the other's teardown.
      const order = i % 2 === 0 ? (['bare', 'hook'] as const) : (['hook', 'bare'] as const);
      for (const which of order) {
        const run =
          which === 'bare'
            ? await spawnOnce(['-e', ''], scenario.stdin, env)
            : await spawnOnce(scenario.args, scenario.stdin, env);
        if (which === 'hook' && !safely(() => scenario.expect(run.stdout))) wrong += 1;
        if (i >= warmup) (which === 'bare' ? bare : hook).push(run.ms);
      }
    }
  } finally {
    await stopConsole?.();
    await rm(home, { recursive: true, force: true });
  }
  bare.sort((a, b) => a - b);
  hook.sort((a, b) => a - b);
  return {
    bare: { median: quantile(bare, 0.5), p90: quantile(bare, 0.9) },
    hook: { median: quantile(hook, 0.5), p90: quantile(hook, 0.9) },
    wrong,
  };
}

function safely(check: () => boolean): boolean {
  try {
    return check();
  } catch {
    return false;
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '30' }, warmup: { type: 'string', default: '5' } },
  });
  const runs = Number(values.runs);
  const warmup = Number(values.warmup);
  if (!existsSync(CLI) || !existsSync(HOOK_BUNDLE) || !existsSync(INSTALLED)) {
    console.error('bench/hook needs the built CLI: run "npm run build" first.');
    return 1;
  }
  console.log(
    `Node ${process.version}; ${runs} runs after ${warmup} warm-up; hook bundle ${(statSync(HOOK_BUNDLE).size / 1024).toFixed(1)} KB, dispatcher ${(statSync(CLI).size / 1024).toFixed(1)} KB\n`,
  );
  const fmt = (n: number) => n.toFixed(1).padStart(7);
  console.log(
    `${'scenario'.padEnd(46)} ${'bare med'.padStart(8)} ${'bare p90'.padStart(8)} ${'hook med'.padStart(8)} ${'hook p90'.padStart(8)} ${'ratio'.padStart(6)}  target`,
  );
  let failed = false;
  for (const scenario of scenarios) {
    const result = await measure(scenario, runs, warmup);
    const ratio = result.hook.median / result.bare.median;
    const verdict =
      scenario.target === undefined ? '' : `≤ ${scenario.target}× ${ratio <= scenario.target ? '✓' : '✗'}`;
    console.log(
      `${scenario.name.padEnd(46)} ${fmt(result.bare.median)}  ${fmt(result.bare.p90)}  ${fmt(result.hook.median)}  ${fmt(result.hook.p90)}  ${ratio.toFixed(2).padStart(5)}×  ${verdict}` +
        (result.wrong ? `  (${result.wrong} runs printed the wrong thing)` : ''),
    );
    if (result.wrong) failed = true;
  }
  console.log(
    '\nTimes in ms, from spawn to the hook process closing its pipes; ratio = hook median / bare median.',
  );
  return failed ? 1 : 0;
}

process.exitCode = await main();
