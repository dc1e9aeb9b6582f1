/**
 * The agent side of the bridge: one WebSocket to the console, any number of permission requests over it,
 * each answered by exactly one decision. The decision (or a cancel) is matched by the request's id.
 */
import WebSocket from 'ws';
import { parseConsoleMessage, PROTOCOL_VERSION } from '../../common/protocol';
import type {
  ErrorMessage,
  PermissionDecision,
  PermissionRequest,
  SessionEvent,
} from '../../common/protocol';
import type { ConsoleEndpoint } from './discover';

export interface BridgeClientOptions {
  readonly agent: { readonly name: string; readonly version?: string };
  /** How long the TCP + WebSocket handshake may take before the console is considered absent. */
  readonly connectTimeoutMs?: number;
}

export type PermissionCall = Omit<PermissionRequest, 'type'>;

export class BridgeError extends Error {
  constructor(
    message: string,
    readonly code: ErrorMessage['code'] | 'connect-failed' | 'closed' | 'aborted',
  ) {
    super(message);
  }
}

interface Waiter {
  resolve: (decision: PermissionDecision) => void;
  reject: (error: BridgeError) => void;
}

export interface BridgeClient {
  requestPermission(call: PermissionCall, options?: { signal?: AbortSignal }): Promise<PermissionDecision>;
  sendSessionEvent(event: Omit<SessionEvent, 'type'>): void;
  close(): void;
}

export async function connectBridge(
  endpoint: ConsoleEndpoint,
  options: BridgeClientOptions,
): Promise<BridgeClient> {
  const socket = new WebSocket(endpoint.url, {
    headers: { Authorization: `Bearer ${endpoint.token}` },
    handshakeTimeout: options.connectTimeoutMs ?? 2_000,
    perMessageDeflate: false,
  });
  const waiters = new Map<string, Waiter>();

  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_request, response) =>
      reject(
        new BridgeError(
          `The console refused the connection (HTTP ${response.statusCode}).`,
          'connect-failed',
        ),
      ),
    );
    socket.once('error', (error) =>
      reject(new BridgeError(`Cannot reach the console: ${error.message}`, 'connect-failed')),
    );
  });

  const failAll = (error: BridgeError) => {
    for (const waiter of waiters.values()) waiter.reject(error);
    waiters.clear();
  };

  socket.on('message', (data) => {
    const parsed = parseConsoleMessage(data.toString());
    if (!parsed.ok) return;
    const message = parsed.value;
    if (message.type === 'permission.decision') {
      const waiter = waiters.get(message.id);
      waiters.delete(message.id);
      waiter?.resolve(message);
    } else if (message.type === 'error' && message.id !== undefined) {
      const waiter = waiters.get(message.id);
      waiters.delete(message.id);
      waiter?.reject(new BridgeError(message.message, message.code));
    }
  });
  socket.on('close', () => failAll(new BridgeError('The console closed the connection.', 'closed')));
  socket.on('error', () => undefined);

  socket.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION, agent: options.agent }));

  return {
    requestPermission(call, { signal } = {}) {
      return new Promise<PermissionDecision>((resolve, reject) => {
        if (signal?.aborted)
          return reject(new BridgeError('The request was aborted before it was sent.', 'aborted'));
        const onAbort = () => {
          if (!waiters.delete(call.id)) return;
          if (socket.readyState === WebSocket.OPEN) {
            socket.send(JSON.stringify({ type: 'permission.cancel', id: call.id, reason: 'aborted' }));
          }
          reject(new BridgeError('The request was aborted.', 'aborted'));
        };
        waiters.set(call.id, {
          resolve: (decision) => {
            signal?.removeEventListener('abort', onAbort);
            resolve(decision);
          },
          reject: (error) => {
            signal?.removeEventListener('abort', onAbort);
            reject(error);
          },
        });
        signal?.addEventListener('abort', onAbort, { once: true });
        socket.send(JSON.stringify({ type: 'permission.request', ...call }));
      });
    },
    sendSessionEvent(event) {
      socket.send(JSON.stringify({ type: 'session.event', ...event }));
    },
    close() {
      socket.close();
    },
  };
}
