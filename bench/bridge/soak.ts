/**
 * The memory soak: 100,000 requests through the real console, with the heap of the console's thread and
 * of the agents' thread read (after a full collection under --expose-gc) at every quarter.
 */
import { closedLoop } from '../support/closed-loop';
import { heapUsedBytes } from '../support/heap';
import { gatehouseAgents } from './agents';
import type { HeapReport } from './servers';

export interface SoakPoint {
  readonly percent: number;
  readonly requests: number;
  readonly console: HeapReport;
  readonly agentHeapBytes: number;
}

export async function soak(
  server: { readonly home: string; readonly heap: () => Promise<HeapReport> },
  options: { readonly requests: number; readonly agents: number; readonly maxMsPerQuarter: number },
): Promise<SoakPoint[]> {
  const agents = await gatehouseAgents(options.agents, server.home);
  const quarter = options.requests / 4;
  const points: SoakPoint[] = [];
  let done = 0;
  try {
    for (let step = 0; step <= 4; step += 1) {
      if (step > 0) {
        const run = await closedLoop(
          options.agents,
          { maxRequests: quarter, maxMs: options.maxMsPerQuarter },
          (agent) => agents.request(agent),
        );
        done += run.latenciesMs.length;
      }
      points.push({
        percent: step * 25,
        requests: done,
        console: await server.heap(),
        agentHeapBytes: heapUsedBytes(),
      });
    }
  } finally {
    await agents.close();
  }
  return points;
}
