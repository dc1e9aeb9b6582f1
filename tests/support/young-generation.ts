import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * V8's young-generation collection, on demand: what runs every few hundred requests on a busy console. An
 * object still reachable after two of them is promoted to the old generation, where it stays until a full
 * collection, and the young collections that promote it take longer the more they copy.
 */
function collectors(): { young: () => void; full: () => void } {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (options: { type: 'minor' | 'major'; execution: 'sync' }) => void;
  return {
    young: () => gc({ type: 'minor', execution: 'sync' }),
    full: () => gc({ type: 'major', execution: 'sync' }),
  };
}

const oldGenerationBytes = (): number =>
  getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')!.space_used_size;

/** Old-generation bytes that `work` leaves behind once two young collections have run. */
export async function promotedBy(work: () => unknown): Promise<number> {
  const { young: collectYoung, full } = collectors();
  // Full collections first, so that garbage swept later cannot hide what the work promotes: the second
  // finishes sweeping what the first found dead before it starts.
  full();
  full();
  collectYoung();
  collectYoung();
  const before = oldGenerationBytes();
  await work();
  collectYoung();
  collectYoung();
  return oldGenerationBytes() - before;
}
