/**
 * Working rule proposals out over a busy history of 5,000 Claude Code questions in one project
 * (tests/support/busy-proposal-history.ts), inline
 * on the console's thread as before and in the proposals worker (main/console/proposals-worker.ts) as now:
 * the time a pass takes and the longest the console's event loop stalled meanwhile
 * (perf_hooks.monitorEventLoopDelay). Inline the stall is the pass; in the worker it should be a message.
 * Needs `npm run build` first: the worker runs from its bundle, as `gatehouse serve` runs it.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { loadInstalledBashSupport } from '../../engine/node';
import { PROPOSALS_WORKER, startProposalsThread } from '../../main/console/proposals-thread';
import { workOutProposals } from '../../main/console/work-out-proposals';
import { createSqliteHistory, HISTORY_FILE } from '../../main/history';
import { memoizeBash } from '../../main/rules/text-memo';
import { fillBusyProposalHistory } from '../../tests/support/busy-proposal-history';

const QUESTIONS = 5_000;
const RUNS = 3;

interface Pass {
  readonly ms: number;
  readonly stallMs: number;
  readonly proposals: number;
}

async function measure(pass: () => Promise<unknown[]>): Promise<Pass> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const t0 = performance.now();
  const list = await pass();
  const ms = performance.now() - t0;
  // One more turn, so a stall at the very end is sampled too.
  await new Promise((resolve) => setTimeout(resolve, 20));
  delay.disable();
  return { ms, stallMs: delay.max / 1e6, proposals: list.length };
}

async function best(label: string, pass: () => Promise<unknown[]>): Promise<void> {
  const runs: Pass[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await measure(pass));
  const ms = Math.min(...runs.map((r) => r.ms));
  const stallMs = Math.max(...runs.map((r) => r.stallMs));
  console.log(
    `${label.padEnd(28)} pass ${ms.toFixed(0).padStart(6)} ms   event-loop max ${stallMs.toFixed(0).padStart(6)} ms   ${runs[0]!.proposals} proposals`,
  );
}

async function main(): Promise<void> {
  const bundle = resolve(`out/cli/${PROPOSALS_WORKER}.mjs`);
  if (!existsSync(bundle)) throw new Error(`${bundle} is missing; run npm run build first.`);
  const worker = pathToFileURL(bundle);
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-proposals-'));
  try {
    const project = join(dir, 'shop');
    mkdirSync(project);
    fillBusyProposalHistory(dir, project, QUESTIONS);
    const file = join(dir, HISTORY_FILE);
    const history = createSqliteHistory(file);
    const scope = { home: dir };
    const bash = memoizeBash(await loadInstalledBashSupport());
    console.log(`Rule proposals over ${QUESTIONS} questions, best pass of ${RUNS}, worst stall:`);
    await best('inline (before)', () =>
      workOutProposals({ history: history.proposals, bash, scope }, Date.now()),
    );
    const thread = startProposalsThread(worker, { file, scope });
    await best('proposals worker (now)', () => thread.workOut(Date.now()));
    await thread.close();
    history.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
