/**
 * The editor's side of `gatehouse acp`, as raw JSON lines, so a test can send what no well-behaved
 * editor would (a second answer, a malformed line) and wait for exactly what came back.
 */
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const CLI = resolve('out/cli/gatehouse.mjs');

type Message = Record<string, unknown> & { id?: number | string; method?: string };

export class AcpEditor {
  readonly received: Message[] = [];
  /** Lines that were not JSON, as they came. */
  readonly garbage: string[] = [];
  stderr = '';
  readonly exited: Promise<number | null>;
  readonly stdoutEnded: Promise<void>;
  private readonly child: ChildProcessWithoutNullStreams;
  private waiters: (() => boolean)[] = [];
  private pendingChunks: string[] = [];
  private pings = 0;

  constructor(agent: readonly string[], env: NodeJS.ProcessEnv, cwd: string) {
    this.child = spawn(process.execPath, [CLI, 'acp', '--', ...agent], { env, cwd });
    this.child.stdout.setEncoding('utf8');
    this.child.stderr.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      // A line of tens of megabytes comes in many chunks: join them once, at its newline, not per chunk.
      if (!chunk.includes('\n')) {
        this.pendingChunks.push(chunk);
        return;
      }
      const parts = (this.pendingChunks.join('') + chunk).split('\n');
      this.pendingChunks = [];
      const rest = parts.pop() ?? '';
      if (rest) this.pendingChunks.push(rest);
      for (const part of parts) {
        try {
          this.received.push(JSON.parse(part) as Message);
        } catch {
          this.garbage.push(part);
        }
      }
      this.wake();
    });
    this.child.stderr.on('data', (chunk: string) => {
      this.stderr += chunk;
      this.wake();
    });
    this.stdoutEnded = new Promise((done) => this.child.stdout.once('end', done));
    this.exited = new Promise((done) => this.child.once('close', (code) => done(code)));
  }

  send(message: object): void {
    this.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  }

  raw(text: string): void {
    this.child.stdin.write(text);
  }

  end(): void {
    this.child.stdin.end();
  }

  /** The first message received that matches, waiting for it if need be. */
  message(matches: (message: Message) => boolean): Promise<Message> {
    return this.until(() => this.received.find(matches));
  }

  /** Resolves once a line of stderr matches. */
  said(pattern: RegExp): Promise<string> {
    // Each look reads only the lines it has not read yet: the agent echoes huge lines to stderr.
    let from = 0;
    return this.until(() => {
      const found = pattern.exec(this.stderr.slice(from))?.[0];
      if (found === undefined) from = this.stderr.lastIndexOf('\n') + 1;
      return found;
    });
  }

  /** Every line the test agent says it read that matches. */
  agentRead(pattern: RegExp): string[] {
    return this.stderr.split('\n').filter((line) => line.startsWith('agent read: ') && pattern.test(line));
  }

  /** Resolves once the agent has read everything sent before this call (one pipe keeps the order). */
  async agentCaughtUp(): Promise<void> {
    const mark = `_gatehouse_test/ping-${++this.pings}`;
    this.send({ method: mark });
    await this.said(new RegExp(`agent read: .*${mark}`));
  }

  /** initialize, then session/new in `cwd`: resolves with the session id. */
  async open(cwd: string): Promise<string> {
    this.send({ id: 0, method: 'initialize', params: { protocolVersion: 1, clientCapabilities: {} } });
    await this.message((m) => m.id === 0 && 'result' in m);
    this.send({ id: 1, method: 'session/new', params: { cwd, mcpServers: [] } });
    const reply = await this.message((m) => m.id === 1 && 'result' in m);
    return (reply.result as { sessionId: string }).sessionId;
  }

  prompt(id: number, sessionId: string, text: string): void {
    this.send({ id, method: 'session/prompt', params: { sessionId, prompt: [{ type: 'text', text }] } });
  }

  /** The proxy's peak resident memory so far, in bytes (Linux's VmHWM). */
  peakMemory(): number {
    const status = readFileSync(`/proc/${this.child.pid}/status`, 'utf8');
    const kib = /^VmHWM:\s+(\d+) kB/m.exec(status)?.[1];
    if (!kib) throw new Error('No VmHWM in /proc/<pid>/status: this check needs Linux.');
    return Number(kib) * 1024;
  }

  kill(): void {
    this.child.kill('SIGKILL');
  }

  private until<T>(probe: () => T | undefined): Promise<T> {
    return new Promise((done) => {
      const check = () => {
        const found = probe();
        if (found === undefined) return false;
        done(found);
        return true;
      };
      if (!check()) this.waiters.push(check);
    });
  }

  private wake(): void {
    this.waiters = this.waiters.filter((check) => !check());
  }
}
