/**
 * Opens one authenticated WebSocket to the console and says hello. Resolves once the upgrade succeeded;
 * every way of failing (refused port, 401/403, handshake timeout) rejects with `connect-failed`, so callers
 * can fall back or retry without inspecting ws's errors.
 */
import WebSocket from 'ws';
import { PROTOCOL_VERSION } from '../../common/protocol';
import type { ConsoleEndpoint } from './discover';
import { BridgeError } from './errors';
import type { AgentIdentity } from './types';

export const DEFAULT_CONNECT_TIMEOUT_MS = 2_000;

export function openBridgeSocket(
  endpoint: ConsoleEndpoint,
  options: { readonly agent: AgentIdentity; readonly connectTimeoutMs?: number },
): Promise<WebSocket> {
  const socket = new WebSocket(endpoint.url, {
    headers: { Authorization: `Bearer ${endpoint.token}` },
    handshakeTimeout: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    // Frames are small JSON; compression costs more latency than it saves bytes on loopback.
    perMessageDeflate: false,
  });
  return new Promise((resolve, reject) => {
    const fail = (message: string) => {
      socket.removeAllListeners();
      // ws emits 'error' after a refused upgrade too; keep one listener so that never throws.
      socket.on('error', () => undefined);
      socket.terminate();
      reject(new BridgeError(message, 'connect-failed'));
    };
    socket.once('open', () => {
      socket.removeAllListeners();
      socket.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION, agent: options.agent }));
      resolve(socket);
    });
    socket.once('unexpected-response', (_request, response) =>
      fail(`The console refused the connection (HTTP ${response.statusCode}).`),
    );
    socket.once('error', (error) => fail(`Cannot reach the console: ${error.message}`));
  });
}
