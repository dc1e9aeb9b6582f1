/**
 * Runs the pinned OpenCode in a sandbox of its own: a temporary HOME (so its ~/.config/opencode and its
 * database), offline, with an OpenAI-compatible provider pointed at the stand-in and `bash` set to ask. The
 * agent runs as `opencode serve`, and the test is the client its TUI would be: it starts turns, reads the
 * event stream and replies to permission questions over the same HTTP API. One server takes every case,
 * each in a session of its own: OpenCode's start is most of a case's time.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { agentCommand, readPins } from './agent-cache';
import type { AgentCommand } from './agent-cache';

export function opencodeCommand(): AgentCommand {
  const pin = readPins().opencode;
  const agent = agentCommand('opencode', pin);
  if (!existsSync(agent.command))
    throw new Error(`OpenCode ${pin.version} is not in the agent cache; run "npm run agents:install" first.`);
  return agent;
}

export interface OpenCodeSandbox {
  readonly home: string;
  readonly project: string;
  readonly gatehouseHome: string;
  readonly env: NodeJS.ProcessEnv;
}

export async function makeOpenCodeSandbox(root: string, baseUrl: string): Promise<OpenCodeSandbox> {
  const home = join(root, 'home');
  const project = join(root, 'project');
  const gatehouseHome = join(root, 'gatehouse');
  const config = join(home, '.config', 'opencode');
  await mkdir(join(config, 'node_modules'), { recursive: true });
  await mkdir(project, { recursive: true });
  // OpenCode npm-installs @opencode-ai/plugin into every config folder and loads no plugin until that
  // settles (a minute and more offline). A node_modules and a lock that already name it are what it
  // checks; Gatehouse's plugin imports nothing from it.
  await writeFile(
    join(config, 'package-lock.json'),
    JSON.stringify({
      packages: { '': { dependencies: { '@opencode-ai/plugin': readPins().opencode.version } } },
    }),
  );
  await writeFile(
    join(config, 'opencode.json'),
    JSON.stringify({
      provider: {
        standin: {
          npm: '@ai-sdk/openai-compatible',
          name: 'Stand-in',
          options: { baseURL: baseUrl, apiKey: 'stand-in' },
          models: { model: { name: 'model', tool_call: true } },
        },
      },
      model: 'standin/model',
      small_model: 'standin/model',
      permission: { bash: { '*': 'ask' } },
      autoupdate: false,
      share: 'disabled',
    }),
  );
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    GATEHOUSE_HOME: gatehouseHome,
    // Whatever OpenCode would still fetch from a package registry fails at once, on a closed loopback port.
    npm_config_registry: 'http://127.0.0.1:9/',
    ...opencodeCommand().env,
  };
  return { home, project, gatehouseHome, env };
}

export interface OpenCodeEvent {
  readonly type: string;
  readonly properties: Record<string, unknown>;
}

export interface PermissionAsked {
  readonly id: string;
  readonly sessionID: string;
  readonly permission: string;
  readonly patterns: string[];
}

/** `opencode serve` on a free loopback port, and the few calls of its API a TUI makes. */
export class OpenCodeServer {
  /** Every event this client has seen, and who waits for one to come. */
  private readonly seen: OpenCodeEvent[] = [];
  private readonly waiters = new Set<() => void>();
  private readonly events = new AbortController();

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
    private readonly directory: string,
  ) {}

  static async start(sandbox: OpenCodeSandbox): Promise<OpenCodeServer> {
    const agent = opencodeCommand();
    const child = spawn(agent.command, [...agent.args, 'serve', '--port', '0', '--hostname', '127.0.0.1'], {
      cwd: sandbox.project,
      env: sandbox.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let said = '';
    const url = await new Promise<string>((done, fail) => {
      const listening = (chunk: Buffer) => {
        said += chunk.toString('utf8');
        const found = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(said)?.[1];
        if (found) done(found);
      };
      child.stdout!.on('data', listening);
      child.stderr!.on('data', listening);
      child.once('exit', (code) => fail(new Error(`opencode serve exited (${code}): ${said}`)));
    });
    const server = new OpenCodeServer(child, url, sandbox.project);
    await server.listen();
    return server;
  }

  private query(): string {
    return `?directory=${encodeURIComponent(this.directory)}`;
  }

  private async call(method: string, path: string, body?: object): Promise<Response> {
    return fetch(`${this.url}${path}${this.query()}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  }

  /** Reads the event stream until the server is closed; resolves once it is connected. */
  private async listen(): Promise<void> {
    const response = await fetch(`${this.url}/event${this.query()}`, { signal: this.events.signal });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      for (;;) {
        const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const data = buffer
            .slice(0, end)
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5))
            .join('');
          buffer = buffer.slice(end + 2);
          if (data) this.take(JSON.parse(data) as OpenCodeEvent);
        }
      }
    })();
  }

  private take(event: OpenCodeEvent): void {
    this.seen.push(event);
    for (const waiter of [...this.waiters]) waiter();
  }

  /** The first event, seen or still to come, of this type whose properties `match` accepts. */
  private event(type: string, match: (properties: Record<string, unknown>) => boolean) {
    const find = () => this.seen.find((event) => event.type === type && match(event.properties));
    return new Promise<Record<string, unknown>>((done) => {
      const check = () => {
        const found = find();
        if (!found) return;
        this.waiters.delete(check);
        done(found.properties);
      };
      this.waiters.add(check);
      check();
    });
  }

  /** A new session with one turn started: the prompt goes in, and the model's first call comes back. */
  async prompt(text: string): Promise<string> {
    const session = (await (await this.call('POST', '/session', {})).json()) as { id: string };
    const started = await this.call('POST', `/session/${session.id}/prompt_async`, {
      parts: [{ type: 'text', text }],
    });
    if (!started.ok) throw new Error(`OpenCode refused the prompt (HTTP ${started.status}).`);
    return session.id;
  }

  /** The permission question OpenCode asks in this session. */
  async asked(sessionID: string): Promise<PermissionAsked> {
    return (await this.event(
      'permission.asked',
      (p) => p.sessionID === sessionID,
    )) as unknown as PermissionAsked;
  }

  /** The reply OpenCode took for this question, from whichever client sent it first. */
  async replied(requestID: string): Promise<string> {
    return (await this.event('permission.replied', (p) => p.requestID === requestID)).reply as string;
  }

  /** What OpenCode's TUI sends when the person answers its prompt. */
  async reply(requestID: string, reply: 'once' | 'always' | 'reject', message?: string): Promise<number> {
    const response = await this.call('POST', `/permission/${requestID}/reply`, {
      reply,
      ...(message ? { message } : {}),
    });
    return response.status;
  }

  async pending(): Promise<{ id: string }[]> {
    return (await (await this.call('GET', '/permission')).json()) as { id: string }[];
  }

  async close(): Promise<void> {
    this.events.abort();
    if (this.child.exitCode !== null) return;
    const exited = new Promise((done) => this.child.once('exit', done));
    this.child.kill('SIGTERM');
    await exited;
  }
}
