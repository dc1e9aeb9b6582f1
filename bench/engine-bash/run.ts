/**
 * Parse + analyse time of the Bash analyser alone, per command, over commands of the kinds agents send:
 * one word, a typical invocation, a compound line, substitutions, a heredoc, a long pipeline. Measured, not
 * asserted: `npm run bench:engine-bash`.
 */
import { loadInstalledBashSupport } from '../../engine/node';

const COMMANDS = {
  word: 'ls',
  simple: 'npm run build -- --watch',
  wrapped: 'NODE_ENV=test timeout 60 npx vitest run engine/bash --reporter=dot',
  compound: 'npm run build && npm test 2>&1 | tee build.log; git status',
  substitution: 'git commit -m "$(git log -1 --format=%s | sed s/x/y/)" && echo `date`',
  heredoc: "git commit -F - <<'EOF'\nFix the parser\n\nLong description of the change.\nEOF",
  script: Array.from({ length: 12 }, (_, i) => `grep -rn "TODO ${i}" src/part${i} | wc -l`).join(' && '),
} as const;
const WARMUP = 2_000;
const ITERATIONS = 20_000;

function measure(fn: () => unknown): { mean: number; p50: number; p99: number } {
  for (let i = 0; i < WARMUP; i++) fn();
  const samples = new Float64Array(ITERATIONS);
  for (let i = 0; i < ITERATIONS; i++) {
    const t0 = process.hrtime.bigint();
    fn();
    samples[i] = Number(process.hrtime.bigint() - t0) / 1_000;
  }
  const mean = samples.reduce((sum, sample) => sum + sample, 0) / ITERATIONS;
  samples.sort();
  return { mean, p50: samples[Math.floor(ITERATIONS * 0.5)]!, p99: samples[Math.floor(ITERATIONS * 0.99)]! };
}

const { analyzer } = await loadInstalledBashSupport();
console.log(
  `engine/bash analyse: ${ITERATIONS.toLocaleString('en-US')} runs per row, Node ${process.version}`,
);
console.log(['command', 'chars', 'mean µs', 'p50 µs', 'p99 µs'].map((c) => c.padStart(12)).join(''));
for (const [kind, command] of Object.entries(COMMANDS)) {
  if (!analyzer.analyze(command).ok) throw new Error(`The bench command "${kind}" does not parse.`);
  const { mean, p50, p99 } = measure(() => analyzer.analyze(command));
  console.log(
    [kind, command.length, mean.toFixed(1), p50.toFixed(1), p99.toFixed(1)]
      .map((c) => String(c).padStart(12))
      .join(''),
  );
}
