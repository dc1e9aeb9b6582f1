import { describe, expect, it } from 'vitest';
import type { AgentToolEvent } from '../../common/agent-tool-events';
import { CHUNK_EVENTS, createActivityIngest, SLICE_MS } from './activity-ingest';

const events = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ callId: `c-${i}` }) as unknown as AgentToolEvent);

/** A clock on which every write takes longer than a slice, so each turn writes one chunk. */
const slowClock = () => {
  let t = 0;
  return () => (t += SLICE_MS + 1);
};

describe('the agents’ activity written between decisions', () => {
  it('writes a big body a chunk per turn, and lets other work of the loop run between', async () => {
    const order: string[] = [];
    const ingest = createActivityIngest((chunk) => {
      order.push(`write ${chunk.length}`);
      return [];
    }, slowClock());
    const written = ingest.add(events(CHUNK_EVENTS * 2 + 1));
    setImmediate(() => order.push('decision'));
    await written;
    expect(order).toEqual([`write ${CHUNK_EVENTS}`, 'decision', `write ${CHUNK_EVENTS}`, 'write 1']);
  });

  it('writes several small bodies in one turn while the slice lasts', async () => {
    const order: string[] = [];
    const ingest = createActivityIngest(
      (chunk) => {
        order.push(`write ${chunk.length}`);
        return [chunk.length];
      },
      () => 0,
    );
    const first = ingest.add(events(2));
    const second = ingest.add(events(3));
    setImmediate(() => order.push('decision'));
    expect(await Promise.all([first, second])).toEqual([[2], [3]]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['write 2', 'write 3', 'decision']);
  });

  it('fails a body its write refused, and writes the next one', async () => {
    const ingest = createActivityIngest((chunk) => {
      if (chunk.length === 1) throw new Error('disk full');
      return [chunk.length];
    });
    const failed = ingest.add(events(1));
    const next = ingest.add(events(2));
    await expect(failed).rejects.toThrow('disk full');
    expect(await next).toEqual([2]);
  });

  it('writes what is queued at once when flushed', () => {
    let written = 0;
    const ingest = createActivityIngest((chunk) => {
      written += chunk.length;
      return [];
    });
    void ingest.add(events(CHUNK_EVENTS * 3));
    ingest.flush();
    expect(written).toBe(CHUNK_EVENTS * 3);
  });
});
