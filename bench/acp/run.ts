/**
 * What `gatehouse acp` adds to a message's trip: round trips of one ACP line through an echo agent spawned
 * directly (the baseline, a plain pipe) and through the built proxy, interleaved in the same run so a
 * busy machine slows both alike. A round trip crosses the proxy twice (editor → agent → editor), so the
 * figure is an upper bound on one trip's cost. No console runs: the lines are the traffic the proxy only
 * forwards.
 *
 *   node scripts/run-ts.mjs bench/acp/run.ts [--messages 2000] [--warmup 200]
 *
 * Needs `npm run build`. Exits 1 when the added p50 is 1 ms or more, or an echo came back changed.
 */
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { summarize } from '../support/stats';

const CLI = resolve('out/cli/gatehouse.mjs');
const ECHO = resolve('bench/acp/echo-agent.mjs');
const TARGET_MS = 1;

/** A typical agent → editor message: a tool call update with a little content. */
function message(n: number): string {
  return `${JSON.stringify({
    jsonrpc: '2.0',
    method: 'session/update',
    params: {
      sessionId: 'bench-session',
      update: {
        sessionUpdate: 'tool_call_update',
        toolCallId: `call-${n}`,
        status: 'in_progress',
        content: [{ type: 'content', content: { type: 'text', text: 'x'.repeat(400) } }],
      },
    },
  })}\n`;
}

class Pipe {
  private waiting: ((line: string) => void) | undefined;
  private rest = '';
  constructor(readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.setEncoding('utf8');
    child.stderr.resume();
    child.stdout.on('data', (chunk: string) => {
      this.rest += chunk;
      const end = this.rest.indexOf('\n');
      if (end === -1) return;
      const line = this.rest.slice(0, end + 1);
      this.rest = this.rest.slice(end + 1);
      this.waiting?.(line);
    });
  }

  /** Milliseconds from write to the echo's last byte, and whether it came back unchanged. */
  trip(line: string): Promise<{ ms: number; same: boolean }> {
    return new Promise((done) => {
      const started = process.hrtime.bigint();
      this.waiting = (echo) =>
        done({ ms: Number(process.hrtime.bigint() - started) / 1e6, same: echo === line });
      this.child.stdin.write(line);
    });
  }

  close(): Promise<void> {
    return new Promise((done) => {
      this.child.once('close', () => done());
      this.child.stdin.end();
    });
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { messages: { type: 'string', default: '2000' }, warmup: { type: 'string', default: '200' } },
  });
  const messages = Number(values.messages);
  const warmup = Number(values.warmup);
  if (!existsSync(CLI)) {
    console.error('bench/acp needs the built CLI: run "npm run build" first.');
    return 1;
  }
  const home = await mkdtemp(join(tmpdir(), 'gatehouse-bench-acp-'));
  const env = { PATH: process.env.PATH, GATEHOUSE_HOME: home };
  const direct = new Pipe(spawn(process.execPath, [ECHO], { env }));
  const proxied = new Pipe(spawn(process.execPath, [CLI, 'acp', '--', process.execPath, ECHO], { env }));
  const directMs = new Float64Array(messages);
  const proxiedMs = new Float64Array(messages);
  let changed = 0;
  try {
    for (let i = -warmup; i < messages; i += 1) {
      const line = message(i);
      const a = await direct.trip(line);
      const b = await proxied.trip(line);
      if (!a.same || !b.same) changed += 1;
      if (i < 0) continue;
      directMs[i] = a.ms;
      proxiedMs[i] = b.ms;
    }
  } finally {
    await Promise.all([direct.close(), proxied.close()]);
    await rm(home, { recursive: true, force: true });
  }
  const baseline = summarize(directMs, 0);
  const proxy = summarize(proxiedMs, 0);
  const added = proxy.p50Ms - baseline.p50Ms;
  console.log(
    `Node ${process.version}; ${messages} round trips of a ${message(0).length}-byte line after ${warmup} warm-up\n`,
  );
  console.log(
    `direct pipe (baseline)   p50 ${baseline.p50Ms.toFixed(3)} ms   p99 ${baseline.p99Ms.toFixed(3)} ms`,
  );
  console.log(`through gatehouse acp    p50 ${proxy.p50Ms.toFixed(3)} ms   p99 ${proxy.p99Ms.toFixed(3)} ms`);
  console.log(
    `added p50 ${added.toFixed(3)} ms per round trip (two trips through the proxy), ratio ${(proxy.p50Ms / baseline.p50Ms).toFixed(2)}×; target < ${TARGET_MS} ms ${added < TARGET_MS ? '✓' : '✗'}`,
  );
  if (changed > 0) console.log(`${changed} echoes came back changed.`);
  return added < TARGET_MS && changed === 0 ? 0 : 1;
}

process.exitCode = await main();
