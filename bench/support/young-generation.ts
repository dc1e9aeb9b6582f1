import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * V8's collections on demand. A young collection runs every few hundred requests on a busy console; an
 * object still reachable after two of them is promoted to the old generation, where it stays until a full
 * collection, and the young collections that copy it grow slow.
 */
function collectors(): { young: () => void; full: () => void } {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (options: { type: 'minor' | 'major'; execution: 'sync' }) => void;
  return {
    young: () => gc({ type: 'minor', execution: 'sync' }),
    full: () => gc({ type: 'major', execution: 'sync' }),
  };
}

const youngGenerationBytes = (): number =>
  getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')!.space_used_size;

/**
 * Bytes that outlive the young collection that follows each step of `work`, summed over the steps: what the
 * work would have promoted. Counting survivors at once, rather than the old generation's growth, keeps
 * sweeping and any full collection during the work from hiding them.
 *
 * Everything that exists beforehand is moved to the old generation first, as on a console that has been
 * running for a while: the tables that hold requests are old by the time most requests pass through them.
 */
export async function youngSurvivorBytes(steps: number, step: (index: number) => unknown): Promise<number> {
  const { young, full } = collectors();
  full();
  young();
  young();
  let survived = 0;
  for (let index = 0; index < steps; index += 1) {
    await step(index);
    young();
    survived += youngGenerationBytes();
  }
  return survived;
}
