/**
 * Opens one authenticated WebSocket to the console and says hello. The token is proved both ways and never
 * sent (common/bridge-proof.ts): the `101` must answer this socket's nonce before the hello goes out, so a
 * process squatting on a dead console's port learns nothing. Resolves once the upgrade succeeded; every
 * way of failing (refused port, 401/403, a proof that fails, handshake timeout) rejects with
 * `connect-failed`, so callers can fall back or retry without inspecting ws's errors.
 */
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import {
  bridgeProof,
  CHALLENGE_HEADER,
  isProofText,
  NONCE_BYTES,
  NONCE_HEADER,
  PROOF_HEADER,
} from '../../common/bridge-proof';
import { PROTOCOL_VERSION } from '../../common/protocol';
import type { ConsoleEndpoint } from '../../common/discovery';
import { BridgeError } from './errors';
import type { AgentIdentity } from './types';

export const DEFAULT_CONNECT_TIMEOUT_MS = 2_000;

export function openBridgeSocket(
  endpoint: ConsoleEndpoint,
  options: { readonly agent: AgentIdentity; readonly connectTimeoutMs?: number },
): Promise<WebSocket> {
  const url = new URL(endpoint.url);
  const port = Number(url.port || 80);
  const nonce = randomBytes(NONCE_BYTES).toString('base64url');
  const socket = new WebSocket(endpoint.url, {
    headers: { [NONCE_HEADER]: nonce },
    handshakeTimeout: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    // Frames are small JSON; compression costs more latency than it saves bytes on loopback.
    perMessageDeflate: false,
  });
  return new Promise((resolve, reject) => {
    let challenge: string | undefined;
    const fail = (message: string) => {
      socket.removeAllListeners();
      // ws emits 'error' after a refused upgrade too; keep one listener so that never throws.
      socket.on('error', () => undefined);
      socket.terminate();
      reject(new BridgeError(message, 'connect-failed'));
    };
    // ws emits 'upgrade' before 'open' and opens nothing once the socket is terminated here.
    socket.once('upgrade', (response) => {
      const offered = response.headers[CHALLENGE_HEADER];
      if (
        response.headers[PROOF_HEADER] !== bridgeProof(endpoint.token, nonce, 'gatehouse-server', port) ||
        !isProofText(offered)
      )
        return fail(
          `Whatever listens on ${url.host} did not prove it holds the token: the discovery file is stale, or names another user's process.`,
        );
      challenge = offered;
    });
    socket.once('open', () => {
      socket.removeAllListeners();
      socket.send(
        JSON.stringify({
          type: 'hello',
          protocol: PROTOCOL_VERSION,
          agent: options.agent,
          proof: bridgeProof(endpoint.token, challenge!, 'gatehouse-client', port),
        }),
      );
      resolve(socket);
    });
    socket.once('unexpected-response', (_request, response) =>
      fail(`The console refused the connection (HTTP ${response.statusCode}).`),
    );
    socket.once('error', (error) => fail(`Cannot reach the console: ${error.message}`));
  });
}
