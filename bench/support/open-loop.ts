/**
 * An open-loop load: `agents` workers, each sending on its own fixed schedule whether or not its previous
 * request was answered, as independent agents do. Latency runs from when a request was due, not from when
 * it went out, so a server that falls behind is charged for the wait (no coordinated omission).
 */
import type { ClosedLoopResult } from './closed-loop';

export async function openLoop(
  agents: number,
  options: { readonly perAgentPerSecond: number; readonly durationMs: number },
  request: (agent: number) => Promise<void>,
): Promise<ClosedLoopResult> {
  const interval = 1_000 / options.perAgentPerSecond;
  const perAgent = Math.max(1, Math.floor(options.durationMs / interval));
  const latencies = new Float64Array(agents * perAgent);
  let answered = 0;
  const begin = performance.now();
  const inFlight: Array<Promise<void>> = [];
  for (let agent = 0; agent < agents; agent += 1) {
    // Spread the agents over one interval so they do not all send in the same millisecond.
    const phase = (agent / agents) * interval;
    inFlight.push(
      (async () => {
        const sends: Array<Promise<void>> = [];
        for (let n = 0; n < perAgent; n += 1) {
          const due = begin + phase + n * interval;
          const wait = due - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          // Late, the clock still starts when the request was due; early (a timer may fire a fraction of a
          // millisecond before its time), it starts at the send.
          const start = Math.min(due, performance.now());
          sends.push(
            request(agent).then(() => {
              latencies[answered] = performance.now() - start;
              answered += 1;
            }),
          );
        }
        await Promise.all(sends);
      })(),
    );
  }
  await Promise.all(inFlight);
  return { latenciesMs: latencies.subarray(0, answered), elapsedMs: performance.now() - begin };
}
