/**
 * Checks per second, p50 and p99 of one permission check with 10, 100 and 1,000 rules, for a simple and a
 * compound command, beside a baseline measured in the same run: parsing the same command with no rules.
 * The rules are Bash rules (the worst case: every one is matched against every subcommand), and the
 * command matches only the last allow rule, so each check walks the deny, ask and allow lists in full.
 * Analyses are not memoized, so every check parses its command for real.
 * Target: p50 under 50 µs with 1,000 rules.
 * Then the danger analysis of each command (the parts that need a second look, read from the same parse),
 * beside parsing alone in the same run: the console runs it once per request, outside the check.
 */
import {
  bashDangers,
  createPermissionContext,
  decide,
  type BashSupport,
  type MemoryRule,
  type ToolPermissionContext,
} from '../../engine';
import { loadInstalledBashSupport } from '../../engine/node';
import { machineLoad } from '../support/machine-load';

const COMMANDS = {
  simple: 'npm run build -- --watch',
  compound: 'npm run build && npm test 2>&1 | tee build.log; git status',
} as const;
const RULE_COUNTS = [10, 100, 1_000] as const;
const WARMUP = 2_000;
const ITERATIONS = 20_000;
const TARGET_P50_US = 50;

function contextWith(count: number): ToolPermissionContext {
  // A tenth deny, a tenth ask, the rest allow; none matches the command except the last allow rules.
  const rules: MemoryRule[] = Array.from({ length: count - 4 }, (_, i) => ({
    source: 'session' as const,
    behavior: i % 10 === 0 ? ('deny' as const) : i % 10 === 1 ? ('ask' as const) : ('allow' as const),
    rule: `Bash(tool${i} --flag-${i} *)`,
  }));
  rules.push(
    { source: 'session', behavior: 'allow', rule: 'Bash(npm run build *)' },
    { source: 'session', behavior: 'allow', rule: 'Bash(npm test)' },
    { source: 'session', behavior: 'allow', rule: 'Bash(tee *)' },
    { source: 'session', behavior: 'allow', rule: 'Edit(build.log)' },
  );
  return createPermissionContext({
    cwd: '/work/project',
    home: '/home/dev',
    rules,
    additionalDirectories: [],
  });
}

interface Stats {
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
}

function measure(fn: () => unknown): Stats {
  for (let i = 0; i < WARMUP; i++) fn();
  const samples = new Float64Array(ITERATIONS);
  const start = process.hrtime.bigint();
  for (let i = 0; i < ITERATIONS; i++) {
    const t0 = process.hrtime.bigint();
    fn();
    samples[i] = Number(process.hrtime.bigint() - t0) / 1_000;
  }
  const totalSeconds = Number(process.hrtime.bigint() - start) / 1e9;
  samples.sort();
  return {
    perSecond: ITERATIONS / totalSeconds,
    p50: samples[Math.floor(ITERATIONS * 0.5)]!,
    p99: samples[Math.floor(ITERATIONS * 0.99)]!,
  };
}

function row(cells: readonly (string | number)[]): string {
  const widths = [9, 7, 12, 9, 9, 12, 8];
  return cells.map((c, i) => String(c).padStart(widths[i] ?? 10)).join(' ');
}

async function main(): Promise<void> {
  const bash: BashSupport = await loadInstalledBashSupport();
  const deps = { bash };
  console.log(
    `gatehouse engine bench: ${ITERATIONS.toLocaleString('en-US')} checks per row after ${WARMUP.toLocaleString('en-US')} warm-up, Node ${process.version}, ${machineLoad()}`,
  );
  console.log(row(['command', 'rules', 'checks/s', 'p50 µs', 'p99 µs', 'base p50 µs', 'ratio']));
  const verdicts: string[] = [];
  for (const [kind, command] of Object.entries(COMMANDS)) {
    const baseline = measure(() => bash.analyzer.analyze(command));
    for (const count of RULE_COUNTS) {
      const context = contextWith(count);
      const call = { toolName: 'Bash', input: { command } };
      const decision = decide(context, call, deps);
      if (decision.behavior !== 'allow')
        throw new Error(`The bench command was not allowed: ${decision.reason.message}`);
      const stats = measure(() => decide(context, call, deps));
      if (count === 1_000) {
        const met = stats.p50 < TARGET_P50_US ? 'met' : 'MISSED';
        verdicts.push(
          `${kind} ${met} (p50 ${stats.p50.toFixed(1)} µs, parsing alone ${baseline.p50.toFixed(1)} µs, ${(stats.p50 / baseline.p50).toFixed(2)}×)`,
        );
      }
      console.log(
        row([
          kind,
          count,
          Math.round(stats.perSecond).toLocaleString('en-US'),
          stats.p50.toFixed(1),
          stats.p99.toFixed(1),
          baseline.p50.toFixed(1),
          `${(stats.p50 / baseline.p50).toFixed(2)}x`,
        ]),
      );
    }
  }
  const place = { cwd: '/work/project', home: '/home/dev', roots: ['/work/project'] };
  for (const [kind, command] of Object.entries(COMMANDS)) {
    const parsing = measure(() => bash.analyzer.analyze(command));
    const dangers = measure(() => bashDangers(command, bash, place));
    console.log(
      `danger analysis, ${kind}: p50 ${dangers.p50.toFixed(1)} µs, p99 ${dangers.p99.toFixed(1)} µs; parsing alone p50 ${parsing.p50.toFixed(1)} µs (${(dangers.p50 / parsing.p50).toFixed(2)}×)`,
    );
  }
  console.log(`bound: p50 < ${TARGET_P50_US} µs with 1,000 rules: ${verdicts.join('; ')}`);
}

await main();
