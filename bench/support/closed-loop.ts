/**
 * A closed-loop load: `concurrency` workers, each sending its next request as soon as the previous one is
 * answered, until `maxRequests` were answered or `maxMs` passed, whichever comes first. The bound on both
 * keeps a slow machine from turning a benchmark into a hang.
 */
export interface ClosedLoopResult {
  readonly latenciesMs: Float64Array;
  readonly elapsedMs: number;
}

export async function closedLoop(
  concurrency: number,
  limits: { readonly maxRequests: number; readonly maxMs: number },
  request: (worker: number) => Promise<void>,
): Promise<ClosedLoopResult> {
  const latencies = new Float64Array(limits.maxRequests);
  let started = 0;
  let answered = 0;
  const begin = performance.now();
  const deadline = begin + limits.maxMs;
  const work = async (worker: number) => {
    while (started < limits.maxRequests && performance.now() < deadline) {
      started += 1;
      const t0 = performance.now();
      await request(worker);
      latencies[answered] = performance.now() - t0;
      answered += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, worker) => work(worker)));
  return { latenciesMs: latencies.subarray(0, answered), elapsedMs: performance.now() - begin };
}
