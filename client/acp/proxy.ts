/**
 * `gatehouse acp`: the editor starts this instead of the agent. Every line goes on as it came, in order;
 * a `session/request_permission` also becomes a console card, raced against the editor through the SDK's
 * race: the first answer reaches the agent; the card is withdrawn, or the editor's question is (its late
 * answer, and any second answer, is dropped).
 * Without a console the proxy is a plain pipe: nothing waits for the console before forwarding.
 */
import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { connect, consoleRacer, raceForDecision } from '../sdk';
import type { GatehouseClient, PermissionDecision, Racer, Withdrawal } from '../sdk';
import { spawnAgent } from './agent-group';
import { METHODS } from './acp-schemas';
import type { JsonRpcId, RequestPermissionParams } from './acp-schemas';
import { LineSplitter } from './lines';
import { outcomeFor, toPermissionCall, withdrawalFor } from './permission-call';
import type { Outcome } from './permission-call';
import { AcpRouter } from './router';

export interface AcpProxyOptions {
  readonly command: string;
  readonly args: readonly string[];
  readonly editorIn: Readable;
  readonly editorOut: Writable;
  /** One sentence, for stderr; never stdout, which is the editor's. */
  readonly log: (sentence: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
}

/** After the editor has gone, how long the agent gets to leave by itself, then to leave on SIGTERM. */
const TERM_AFTER_MS = 1_000;
const KILL_AFTER_MS = 3_000;
const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

interface Pending {
  readonly id: JsonRpcId;
  readonly sessionId: string;
  readonly toolCallId: string;
  readonly options: RequestPermissionParams['options'];
  /**
   * Set while the race runs: wins it for what happened outside the console (the editor's answer, the
   * turn's cancel, the agent's exit), and tells the console which, so the card and history say so.
   */
  settleElsewhere?: (withdrawal: Withdrawal) => boolean;
  /** The agent has its answer; whatever else comes for this request is dropped. */
  answered: boolean;
}

/** Resolves with the agent's exit code once it has exited (128 + the signal's number when killed). */
export function runAcpProxy(options: AcpProxyOptions): Promise<number> {
  const { editorIn, editorOut, log } = options;
  const agent = spawnAgent(options.command, options.args, { env: options.env, cwd: options.cwd });
  const router = new AcpRouter();
  const pending = new Map<string, Pending>();
  const link = new ConsoleLink(options.env, log);
  const agentName = () => router.agentName ?? basename(options.command);
  let agentGone = false;

  const toAgent = (bytes: Buffer) => write(agent.stdin, bytes, editorIn);
  const toEditor = (bytes: Buffer) => write(editorOut, bytes, agent.stdout);
  const answerAgent = (entry: Pending, outcome: Outcome) => {
    entry.answered = true;
    toAgent(jsonLine({ jsonrpc: '2.0', id: entry.id, result: { outcome } }));
  };

  async function race(key: string, entry: Pending, params: RequestPermissionParams, cwd: string) {
    const client = await link.client(agentName());
    if (!client || entry.answered || !pending.has(key)) return;
    const call = toPermissionCall(params, { id: `acp-${randomUUID()}`, cwd });
    const editor: Racer<PermissionDecision | undefined, 'editor'> = {
      name: 'editor',
      run: (claim) => {
        entry.settleElsewhere = (withdrawal) => {
          // Before the claim, whose abort would withdraw the card saying nothing of what happened; a card
          // the console already answered is not withdrawn at all.
          client.cancel(call.id, withdrawal);
          return claim(undefined).won;
        };
      },
    };
    const { winner, value } = await raceForDecision<PermissionDecision | undefined, 'console' | 'editor'>([
      consoleRacer(client, call),
      editor,
    ]);
    // The editor's answer or the turn's cancel may have reached the agent in the meantime.
    // A passthrough (the console's timeout, or an answer the agent offered no option for) leaves the
    // question with the editor.
    if (winner !== 'console' || !value || entry.answered || value.behavior === 'passthrough') return;
    const outcome = outcomeFor(value, entry.options);
    if (!outcome) {
      // A console that checks answers against the request's options never sends one; an older one might.
      log(`the console's answer to "${call.tool}" is not one the agent offered; answer it in the editor.`);
      return;
    }
    answerAgent(entry, outcome);
    settleInEditor(entry, value.behavior === 'allow' ? 'in_progress' : 'failed', outcome);
  }

  /**
   * Tells the editor the question is settled, in the two ways ACP allows. `$/cancel_request` withdraws the
   * request itself: Zed takes its buttons down and answers with a cancelled error, dropped below. The tool
   * call update says where the call went, and is what takes the buttons down in an editor that ignores the
   * cancel (older Zed on either status, Zed without request cancellation only on `failed`). See
   * docs/architecture.md, "What the editor shows".
   */
  function settleInEditor(entry: Pending, status: 'in_progress' | 'failed', outcome: Outcome) {
    toEditor(
      Buffer.concat([
        jsonLine({ jsonrpc: '2.0', method: METHODS.cancelRequest, params: { requestId: entry.id } }),
        jsonLine({
          jsonrpc: '2.0',
          method: METHODS.sessionUpdate,
          params: {
            sessionId: entry.sessionId,
            update: { sessionUpdate: 'tool_call_update', toolCallId: entry.toolCallId, status },
            _meta: { gatehouse: { answeredBy: 'console', outcome } },
          },
        }),
      ]),
    );
  }

  function fromAgent(line: Buffer): boolean {
    const seen = router.fromAgent(line);
    if (seen.kind === 'malformed') log(`the agent sent ${seen.reason}; passed on unchanged.`);
    if (seen.kind !== 'permission-request') return true;
    const { params } = seen;
    const entry: Pending = {
      id: seen.id,
      sessionId: params.sessionId,
      toolCallId: params.toolCall.toolCallId,
      options: params.options,
      answered: false,
    };
    pending.set(seen.key, entry);
    race(seen.key, entry, params, seen.cwd ?? options.cwd).catch((error: unknown) => {
      if (!agentGone)
        log(`the console could not take "${params.toolCall.title ?? 'a tool call'}": ${String(error)}`);
    });
    return true;
  }

  function fromEditor(line: Buffer): boolean {
    const seen = router.fromEditor(line);
    if (seen.kind === 'malformed') log(`the editor sent ${seen.reason}; passed on unchanged.`);
    if (seen.kind === 'cancel') {
      // Forward the cancel first, then answer every open question of that turn `cancelled`, as ACP asks of
      // the client; the editor's own cancelled answers then arrive second and are dropped.
      toAgent(line);
      for (const entry of pending.values()) {
        if (entry.sessionId !== seen.sessionId || entry.answered) continue;
        entry.settleElsewhere?.({ reason: 'aborted', because: 'turn-cancelled' });
        answerAgent(entry, { outcome: 'cancelled' });
      }
      return false;
    }
    if (seen.kind === 'permission-answer-again') {
      log('the editor answered a permission request a second time; dropped it.');
      return false;
    }
    if (seen.kind !== 'permission-answer') return true;
    const entry = pending.get(seen.key);
    pending.delete(seen.key);
    if (!entry) return true;
    if (entry.answered) {
      log('the editor answered a permission request the agent already had an answer for; dropped it.');
      return false;
    }
    // Winning the race withdraws the card; losing it means the console's answer is not with the agent yet
    // (race() checks), so the editor's answer is still the only one.
    entry.settleElsewhere?.(withdrawalFor(seen.outcome, entry.options));
    entry.answered = true;
    return true;
  }

  pump(editorIn, fromEditor, toAgent, () => {
    // Some agents (claude-agent-acp) do not leave when their stdin closes: end them if they linger.
    agent.stdin.end();
    setTimeout(() => {
      if (agentGone) return;
      agent.signal('SIGTERM');
      setTimeout(() => agentGone || agent.killAll(), KILL_AFTER_MS).unref();
    }, TERM_AFTER_MS).unref();
  });
  pump(agent.stdout, fromAgent, toEditor, () => editorOut.end());
  // The editor stopping the proxy stops the agent; its exit then ends the proxy with its code.
  const forwardSignal = (signal: NodeJS.Signals) => agent.signal(signal);
  for (const signal of STOP_SIGNALS) process.on(signal, forwardSignal);
  agent.stdin.on('error', (error) => log(`the agent's stdin failed (${error.message}).`));
  editorOut.on('error', (error) => log(`the editor's stdout failed (${error.message}).`));

  return agent.exited.then(async ({ code, notStarted }) => {
    agentGone = true;
    for (const each of STOP_SIGNALS) process.off(each, forwardSignal);
    if (notStarted !== undefined) {
      log(`could not start "${options.command}" (${notStarted}); check the command after "--".`);
      editorOut.end();
    }
    for (const entry of pending.values())
      if (!entry.answered) entry.settleElsewhere?.({ reason: 'aborted', because: 'agent-exited' });
    // Closing the client withdraws every card still open.
    await link.close();
    return code;
  });
}

/** One console connection, made when the first question comes (the agent's name is known by then). */
class ConsoleLink {
  private current: Promise<GatehouseClient | undefined> | undefined;
  private closing = false;

  constructor(
    private readonly env: Readonly<Record<string, string | undefined>>,
    private readonly log: (sentence: string) => void,
  ) {}

  client(agentName: string): Promise<GatehouseClient | undefined> {
    if (this.closing) return Promise.resolve(undefined);
    const current = this.current;
    if (current)
      return current.then((client) => (client?.state === 'closed' ? this.open(agentName) : client));
    return this.open(agentName);
  }

  private open(agentName: string): Promise<GatehouseClient | undefined> {
    const opening = connect({ agent: { name: agentName }, env: this.env, reconnect: false }).catch(
      (error: Error) => {
        // No console: the editor alone answers, and the next question looks for one again.
        if (this.current === opening) this.current = undefined;
        if (!/No console is running/.test(error.message)) this.log(`no console card: ${error.message}`);
        return undefined;
      },
    );
    this.current = opening;
    return opening;
  }

  async close(): Promise<void> {
    this.closing = true;
    await (await this.current)?.close();
  }
}

/** Reads lines from `source`, forwarding those `keep` keeps; one write per chunk. */
function pump(
  source: Readable,
  keep: (line: Buffer) => boolean,
  forward: (bytes: Buffer) => void,
  ended: () => void,
) {
  const splitter = new LineSplitter();
  source.on('data', (chunk: Buffer) => {
    const lines = splitter.push(chunk);
    const kept = lines.filter((line) => keep(line));
    if (kept.length === 1) forward(kept[0] as Buffer);
    else if (kept.length > 1) forward(Buffer.concat(kept));
  });
  source.once('end', () => {
    const rest = splitter.end();
    // A last line without its newline is not a message; it still goes on, as the pipe would pass it.
    if (rest) forward(rest);
    ended();
  });
}

/** Writes, pausing `source` while `target` is full, so a slow side never makes the proxy buffer without end. */
function write(target: Writable, bytes: Buffer, source: Readable): void {
  if (target.destroyed || target.writableEnded) return;
  // One drain listener per pause, however many writes found the target full.
  if (!target.write(bytes) && !source.isPaused()) {
    source.pause();
    target.once('drain', () => source.resume());
  }
}

function jsonLine(message: object): Buffer {
  return Buffer.from(`${JSON.stringify(message)}\n`);
}
