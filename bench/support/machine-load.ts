import { loadavg } from 'node:os';

/** Other work on the machine skews every figure a bench prints; the load average says how much there was. */
export function machineLoad(): string {
  return `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`;
}
