/**
 * An agent's half of the bridge handshake (common/bridge-proof.ts) for tests that drive the wire with `ws`
 * themselves: the nonce header, the console's proof checked, and the proof a `hello` must carry.
 */
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { bridgeProof, CHALLENGE_HEADER, NONCE_HEADER, PROOF_HEADER } from '../../common/bridge-proof';
import { PROTOCOL_VERSION } from '../../common/protocol';

export function nonceHeader(): { [NONCE_HEADER]: string } {
  return { [NONCE_HEADER]: randomBytes(32).toString('base64url') };
}

/** A hello that proves `token` for a socket from `openAgentSocket`. */
export function helloFor(proof: string, agent = { name: 'test-agent' }, protocol = PROTOCOL_VERSION) {
  return { type: 'hello', protocol, agent, proof };
}

/**
 * A socket to the bridge at `url` (on `port`, as the console sees it) that has checked the console's proof;
 * `proof` is what its hello must carry. Sends nothing itself.
 */
export function openAgentSocket(
  url: string,
  token: string,
  options: WebSocket.ClientOptions = {},
): Promise<{ socket: WebSocket; proof: string }> {
  const port = Number(new URL(url).port);
  const headers = nonceHeader();
  const socket = new WebSocket(url, { ...options, headers: { ...options.headers, ...headers } });
  return new Promise((resolve, reject) => {
    let proof = '';
    socket.once('upgrade', (response) => {
      const expected = bridgeProof(token, headers[NONCE_HEADER], 'gatehouse-server', port);
      if (response.headers[PROOF_HEADER] !== expected)
        reject(new Error('The console did not prove the token.'));
      proof = bridgeProof(token, String(response.headers[CHALLENGE_HEADER]), 'gatehouse-client', port);
    });
    socket.once('open', () => resolve({ socket, proof }));
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`refused with HTTP ${response.statusCode}`)),
    );
    socket.once('error', reject);
  });
}
