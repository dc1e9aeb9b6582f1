/**
 * The SDK's client: one console connection that survives the console going away. Each attempt re-discovers
 * the endpoint (a restarted console listens on a new port and rewrites bridge.json); each new connection
 * re-sends every pending request with its original id, and the console answers a re-send with the decision
 * it recorded meanwhile, or re-attaches it if still undecided, so every request is decided exactly once.
 * While disconnected, new requests wait here and go out with the re-sends.
 */
import type WebSocket from 'ws';
import type { z } from 'zod';
import { parseConsoleMessage } from '../../common/protocol';
import type {
  AgentMessageSchema,
  ErrorMessage,
  PermissionCall,
  PermissionDecision,
  SessionEventCall,
} from '../../common/protocol';
import { createSignal } from '../../common/signal';
import { isTimerDelay, TIMER_DELAY_RANGE } from '../../common/timer-delay';
import { backoffDelay, DEFAULT_RECONNECT, validatePolicy } from './backoff';
import type { ReconnectPolicy } from './backoff';
import { openBridgeSocket } from './bridge-socket';
import { discoverConsole } from './discover';
import type { ConsoleEndpoint } from '../../common/discovery';
import { BridgeError } from './errors';
import { abortError, PendingRequests } from './pending-requests';
import type { AgentIdentity, CancelReason, Withdrawal } from './types';

/** Why an attempt failed; `lasting` when retrying cannot help (the environment names no usable console). */
interface Failure {
  readonly reason: string;
  readonly lasting?: true;
}

export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'closed';

export type StateChange =
  | { readonly state: 'connecting' }
  | { readonly state: 'open'; readonly endpoint: ConsoleEndpoint }
  | {
      readonly state: 'reconnecting';
      readonly attempt: number;
      readonly delayMs: number;
      readonly reason: string;
    }
  | { readonly state: 'closed'; readonly reason: string };

export interface ConnectOptions {
  /** How the console lists this agent; defaults to `{ name: 'sdk-agent' }`. */
  readonly agent?: AgentIdentity;
  /** Where discovery reads GATEHOUSE_URL, GATEHOUSE_TOKEN and GATEHOUSE_HOME; defaults to process.env. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** A fixed endpoint instead of discovery, for every attempt. */
  readonly endpoint?: ConsoleEndpoint;
  /** Backoff between attempts (merged over DEFAULT_RECONNECT), or false to give up at the first failure. */
  readonly reconnect?: Partial<ReconnectPolicy> | false;
  /** How long one TCP + WebSocket handshake may take. */
  readonly connectTimeoutMs?: number;
}

export interface GatehouseClient {
  /**
   * Asks the console. Resolves with its decision; rejects with a BridgeError: `aborted` when `signal`
   * aborts (the console is told with a `permission.cancel`), `closed` when the client closes, or the
   * console's own code (`id-conflict`, `too-many-pending`, …).
   */
  requestPermission(
    call: PermissionCall,
    options?: { readonly signal?: AbortSignal },
  ): Promise<PermissionDecision>;
  /** Withdraws a pending request, saying why; false when it was not pending. Its promise rejects `aborted`. */
  cancel(id: string, reason?: CancelReason | Withdrawal): boolean;
  /** Sent only while connected (the events are hints for retiring cards); false when it was dropped. */
  sendSessionEvent(event: SessionEventCall): boolean;
  on(event: 'state', listener: (change: StateChange) => void): () => void;
  readonly state: ConnectionState;
  /** Stops reconnecting, withdraws pending requests (they reject `closed`) and closes the socket. */
  close(): Promise<void>;
}

type Outgoing = z.input<typeof AgentMessageSchema>;

/** Re-sends after a rate-limit drop go out in one slice per this period, each within the console's rate. */
const RESEND_PERIOD_MS = 1_000;
/** The console's documented sustained rate, until its welcome says otherwise. */
const DEFAULT_MAX_MESSAGES_PER_SECOND = 500;

/**
 * Resolves once the first attempt has settled: connected, or — with reconnect on — retrying in the
 * background while requests queue. With `reconnect: false` a failed first attempt rejects `connect-failed`;
 * so does, either way, an environment that names no usable console (a bad `GATEHOUSE_URL`).
 */
export async function connect(options: ConnectOptions = {}): Promise<GatehouseClient> {
  const client = new ReconnectingClient(options);
  await client.start();
  return client;
}

class ReconnectingClient implements GatehouseClient {
  private current: ConnectionState = 'connecting';
  private socket: WebSocket | undefined;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private resendTimer: ReturnType<typeof setTimeout> | undefined;
  /** A rate-limit drop arrived while a paced re-send was under way: run another round after it. */
  private dropsDuringResend = false;
  private maxMessagesPerSecond = DEFAULT_MAX_MESSAGES_PER_SECOND;
  private readonly pending = new PendingRequests();
  /** Cancels that could not be sent: a request an earlier connection carried is still held by the console. */
  private readonly unsentCancels = new Map<string, Withdrawal>();
  private readonly changes = createSignal<StateChange>();
  private readonly policy: ReconnectPolicy | undefined;
  private readonly agent: AgentIdentity;

  constructor(private readonly options: ConnectOptions) {
    const { connectTimeoutMs } = options;
    if (connectTimeoutMs !== undefined && !isTimerDelay(connectTimeoutMs))
      throw new RangeError(`connectTimeoutMs takes ${TIMER_DELAY_RANGE}, not ${connectTimeoutMs}.`);
    this.policy =
      options.reconnect === false
        ? undefined
        : validatePolicy({ ...DEFAULT_RECONNECT, ...options.reconnect });
    this.agent = options.agent ?? { name: 'sdk-agent' };
  }

  get state(): ConnectionState {
    return this.current;
  }

  async start(): Promise<void> {
    const failure = await this.attempt();
    if (failure !== undefined && (!this.policy || failure.lasting))
      throw new BridgeError(failure.reason, 'connect-failed');
  }

  requestPermission(call: PermissionCall, options: { readonly signal?: AbortSignal } = {}) {
    if (this.closed()) return Promise.reject(new BridgeError('The client is closed.', 'closed'));
    const { decision, added } = this.pending.add(call, options.signal, () =>
      this.tellCancel(call.id, { reason: 'aborted' }),
    );
    if (added) this.send({ type: 'permission.request', ...call });
    return decision;
  }

  cancel(id: string, reason: CancelReason | Withdrawal = 'aborted'): boolean {
    const withdrawal = typeof reason === 'string' ? { reason } : reason;
    if (!this.pending.fail(id, abortError(withdrawal.reason))) return false;
    this.tellCancel(id, withdrawal);
    return true;
  }

  sendSessionEvent(event: SessionEventCall): boolean {
    return this.send({ type: 'session.event', ...event });
  }

  on(_event: 'state', listener: (change: StateChange) => void): () => void {
    return this.changes.subscribe(listener);
  }

  close(): Promise<void> {
    const socket = this.socket;
    const done = socket
      ? new Promise<void>((resolve) => socket.once('close', () => resolve()))
      : Promise.resolve();
    if (this.closed()) return done;
    for (const call of this.pending.calls()) this.tellCancel(call.id, { reason: 'aborted' });
    this.shutDown(new BridgeError('The client was closed.', 'closed'), 'The agent closed the client.');
    return done;
  }

  /** One connection attempt; returns why it failed, after arranging the retry or the shutdown. */
  private async attempt(): Promise<Failure | undefined> {
    this.setState({ state: 'connecting' });
    const failure = await this.open();
    if (failure !== undefined && !this.closed()) {
      if (failure.lasting) this.shutDown(new BridgeError(failure.reason, 'connect-failed'), failure.reason);
      else this.lost(failure.reason, 'connect-failed');
    }
    return failure;
  }

  private async open(): Promise<Failure | undefined> {
    let endpoint = this.options.endpoint;
    if (!endpoint) {
      const discovery = await discoverConsole(this.options.env);
      if (!discovery.found) return discovery;
      endpoint = discovery.endpoint;
    }
    if (this.closed()) return undefined;
    let socket: WebSocket;
    try {
      socket = await openBridgeSocket(endpoint, {
        agent: this.agent,
        ...(this.options.connectTimeoutMs !== undefined
          ? { connectTimeoutMs: this.options.connectTimeoutMs }
          : {}),
      });
    } catch (error) {
      return { reason: (error as Error).message };
    }
    // close() may have run while the handshake was in flight.
    if (this.closed()) {
      socket.close();
      return undefined;
    }
    this.adopt(socket, endpoint);
    return undefined;
  }

  private adopt(socket: WebSocket, endpoint: ConsoleEndpoint): void {
    this.socket = socket;
    this.failures = 0;
    socket.on('message', (data: WebSocket.RawData) => this.receive(data.toString()));
    socket.on('close', () => {
      if (this.socket === socket) this.lost('The console closed the connection.', 'closed');
    });
    // 'close' always follows 'error', and handles it.
    socket.on('error', () => undefined);
    for (const [id, withdrawal] of this.unsentCancels)
      this.send({ type: 'permission.cancel', id, ...withdrawal });
    this.unsentCancels.clear();
    this.resendPending();
    this.setState({ state: 'open', endpoint });
  }

  private lost(reason: string, code: 'closed' | 'connect-failed'): void {
    this.socket = undefined;
    // The next connection re-sends everything anyway.
    clearTimeout(this.resendTimer);
    this.resendTimer = undefined;
    this.dropsDuringResend = false;
    if (!this.policy) {
      this.shutDown(new BridgeError(reason, code), reason);
      return;
    }
    const delayMs = backoffDelay(this.policy, this.failures);
    this.failures += 1;
    this.setState({ state: 'reconnecting', attempt: this.failures, delayMs, reason });
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.attempt();
    }, delayMs);
  }

  private receive(text: string): void {
    // A frame we cannot read (a newer console's message) concerns no request of ours.
    const parsed = parseConsoleMessage(text);
    if (!parsed.ok) return;
    const message = parsed.value;
    if (message.type === 'permission.decision') this.pending.settle(message);
    else if (message.type === 'error') this.receiveError(message);
    else if (message.type === 'welcome') this.maxMessagesPerSecond = message.limits.maxMessagesPerSecond;
  }

  private receiveError(error: ErrorMessage): void {
    if (error.id !== undefined) {
      this.pending.fail(error.id, new BridgeError(error.message, error.code));
    } else if (error.code === 'unsupported-protocol') {
      // Reconnecting to the same console would only be refused again.
      this.shutDown(new BridgeError(error.message, error.code), error.message);
    } else if (error.code === 'rate-limited') {
      this.pacedResend();
    }
  }

  /**
   * The console dropped a frame without saying which; it may have been a request. Re-sending with the same
   * id is always safe, so every pending request goes again, in slices at half the console's rate so the
   * re-sends themselves get through; newest first, because a burst overflows the console's bucket at its
   * end.
   */
  private pacedResend(): void {
    if (this.resendTimer) {
      this.dropsDuringResend = true;
      return;
    }
    const queue = this.pending.calls().reverse();
    const slice = Math.max(1, Math.floor(this.maxMessagesPerSecond / 2));
    const step = () => {
      for (const call of queue.splice(0, slice)) {
        if (this.pending.has(call.id)) this.send({ type: 'permission.request', ...call });
      }
      this.resendTimer = undefined;
      if (queue.length > 0) this.resendTimer = setTimeout(step, RESEND_PERIOD_MS);
      else if (this.dropsDuringResend) {
        this.dropsDuringResend = false;
        this.pacedResend();
      }
    };
    this.resendTimer = setTimeout(step, RESEND_PERIOD_MS);
  }

  private resendPending(): void {
    for (const call of this.pending.calls()) this.send({ type: 'permission.request', ...call });
  }

  private tellCancel(id: string, withdrawal: Withdrawal): void {
    if (this.send({ type: 'permission.cancel', id, ...withdrawal })) return;
    if (!this.closed()) this.unsentCancels.set(id, withdrawal);
  }

  private send(message: Outgoing): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== socket.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  private shutDown(error: BridgeError, reason: string): void {
    clearTimeout(this.retryTimer);
    clearTimeout(this.resendTimer);
    this.retryTimer = this.resendTimer = undefined;
    this.current = 'closed';
    this.unsentCancels.clear();
    this.pending.failAll(error);
    const socket = this.socket;
    this.socket = undefined;
    socket?.close();
    this.setState({ state: 'closed', reason });
  }

  /** A method, not a field test, so TypeScript does not keep a narrowing across the awaits above. */
  private closed(): boolean {
    return this.current === 'closed';
  }

  private setState(change: StateChange): void {
    this.current = change.state;
    this.changes.emit(change);
  }
}
