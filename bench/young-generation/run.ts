/**
 * What outlives V8's young generation (docs/architecture.md) on this Node's V8, not Electron's: for the
 * registry, `createResolveOnce` and `SlotMap`, the bytes a few thousand requests' worth of work would promote,
 * beside what that work held in all (measured by construction) and, for `SlotMap`, a plain `Map` doing the
 * same work in the same run. Bound: under a quarter of what was held; the rest is the process's own.
 *
 *   node scripts/run-ts.mjs bench/young-generation/run.ts     (npm run bench:young-generation)
 */
import type { PermissionRequest } from '../../common/protocol';
import { createResolveOnce } from '../../common/race/resolve-once';
import { SlotMap } from '../../common/slot-map';
import type { DecisionStore } from '../../main/history/decision-store';
import { RaceRegistry } from '../../main/registry/race-registry';
import { youngSurvivorBytes } from '../support/young-generation';

const kb = (bytes: number) => `${Math.round(bytes / 1_024).toLocaleString('en-US')} KB`.padStart(10);
const turn = () => new Promise((resolve) => setImmediate(resolve));

function line(label: string, survived: number, held: number, baseline = false): string {
  const share = survived / held;
  const verdict = baseline ? 'base  ' : share < 0.25 ? 'met   ' : 'MISSED';
  return `  ${verdict} ${label.padEnd(44)} survived ${kb(survived)} of ${kb(held)} held (${(share * 100).toFixed(1)}%)`;
}

/** A decided request, its race and its timer; the store keeps nothing, as the SQLite history keeps nothing in memory. */
async function registry(): Promise<string> {
  const forgetful: DecisionStore = {
    record: () => undefined,
    batch: (work) => work(),
    find: () => undefined,
  };
  const registry = new RaceRegistry({
    store: forgetful,
    defaultTimeoutMs: 60_000,
    timeoutAction: 'passthrough',
    disconnectGraceMs: 1_000,
    resumeGraceMs: 3_000,
  });
  const request = (id: string, input: Record<string, unknown>): PermissionRequest => ({
    type: 'permission.request',
    id,
    sessionId: 's1',
    cwd: '/project',
    tool: 'Bash',
    input,
    mode: 'default',
  });
  const agent = { name: 'bench-agent' };
  // A request waits for a person all along, so the registry's tables are old when the others pass.
  registry.submit(request('waiting', { command: 'npm test' }), agent, () => undefined);
  registry.added.subscribe((view) => {
    if (view.id !== 'waiting') registry.decide(view.id, 'console', { behavior: 'allow' });
  });
  const steps = 200;
  const perStep = 10;
  const inputBytes = 8_192;
  let delivered = 0;
  const survived = await youngSurvivorBytes(steps, async (step) => {
    for (let i = step * perStep; i < (step + 1) * perStep; i += 1) {
      const input = { command: 'npm test', context: new Array<number>(inputBytes / 8).fill(i) };
      registry.submit(request(`r${i}`, input), agent, () => (delivered += 1));
    }
    await turn();
  });
  registry.close();
  if (delivered !== steps * perStep)
    throw new Error(`registry: ${delivered} of ${steps * perStep} delivered.`);
  return line('registry: decided requests', survived, steps * perStep * inputBytes);
}

/** A finished race, whose callback holds its request. */
async function resolveOnce(): Promise<string> {
  const steps = 40;
  const perStep = 100;
  const requestBytes = 2_048;
  let delivered = 0;
  const survived = await youngSurvivorBytes(steps, (step) => {
    for (let i = 0; i < perStep; i += 1) {
      const request = new Array<number>(requestBytes / 8).fill(step * perStep + i);
      createResolveOnce<number>((value) => {
        if (request.length > 0) delivered += value;
      }).resolve('console', 1);
    }
  });
  if (delivered !== steps * perStep)
    throw new Error(`resolve-once: ${delivered} of ${steps * perStep} delivered.`);
  return line('createResolveOnce: finished races', survived, steps * perStep * requestBytes);
}

/** Deleted values of a table that lives on, as a table of requests in flight does. */
async function table(
  label: string,
  table: Map<string, number[]> | SlotMap<string, number[]>,
  baseline = false,
): Promise<string> {
  table.set('kept', [0]);
  const steps = 40;
  const perStep = 100;
  const valueBytes = 8_192;
  const survived = await youngSurvivorBytes(steps, async (step) => {
    for (let i = step * perStep; i < (step + 1) * perStep; i += 1) {
      table.set(`r${i}`, new Array<number>(valueBytes / 8).fill(i));
      if (i >= 3) table.delete(`r${i - 3}`);
    }
    await turn();
  });
  if (table.size !== 4) throw new Error(`${label}: ${table.size} entries left, not 4.`);
  return line(label, survived, steps * perStep * valueBytes, baseline);
}

console.log(`Gatehouse young-generation bench · Node ${process.version} (V8 ${process.versions.v8})`);
console.log(await registry());
console.log(await resolveOnce());
console.log(await table('SlotMap: deleted values', new SlotMap()));
console.log(await table('Map (baseline): deleted values', new Map(), true));
