/** Latency percentiles and throughput of one measured run. */
export interface RunSummary {
  readonly count: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly perSecond: number;
}

/** Nearest-rank percentile of sorted samples. */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export function summarize(latenciesMs: Float64Array, elapsedMs: number): RunSummary {
  const sorted = Float64Array.from(latenciesMs).sort();
  return {
    count: sorted.length,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    perSecond: elapsedMs > 0 ? (sorted.length / elapsedMs) * 1_000 : Number.NaN,
  };
}
