/** Formatting of the bench's figures: per concurrency, each server beside the raw echo. */
import type { RunSummary } from '../support/stats';

export interface LevelResult {
  readonly agents: number;
  /** Server label → its run; the last one is the raw echo every other is compared with. */
  readonly runs: ReadonlyArray<readonly [string, RunSummary]>;
}

const ms = (value: number) => `${value.toFixed(3)} ms`.padStart(11);
const rate = (value: number) => Math.round(value).toLocaleString('en-US').padStart(8);
const times = (value: number) => `${value.toFixed(2)}×`.padStart(9);
export const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

export function levelTable(levels: readonly LevelResult[]): string {
  const width = Math.max(...levels.flatMap((l) => l.runs.map(([label]) => label.length)));
  const header = `agents  ${'server'.padEnd(width)}          p50         p99    req/s  p50 ×echo  p99 ×echo  thru ×echo`;
  const rows = levels.flatMap(({ agents, runs }) => {
    const echo = runs[runs.length - 1]![1];
    return runs.map(
      ([label, run]) =>
        `${String(agents).padStart(6)}  ${label.padEnd(width)}  ${ms(run.p50Ms)} ${ms(run.p99Ms)} ${rate(run.perSecond)}` +
        `  ${times(run.p50Ms / echo.p50Ms)}  ${times(run.p99Ms / echo.p99Ms)}   ${times(run.perSecond / echo.perSecond)}`,
    );
  });
  return [header, ...rows].join('\n');
}

export function verdict(met: boolean, text: string): string {
  return `  ${met ? 'met   ' : 'MISSED'} ${text}`;
}
