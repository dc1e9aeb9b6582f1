/**
 * The bridge's guard: agents only, no browser origin unless settings allow it, and the first half of the
 * token's proof (common/bridge-proof.ts): the console answers the agent's nonce and sets its own challenge,
 * whose answer the agent's `hello` must carry (agent-connection.ts). The token itself never travels.
 */
import {
  bridgeProof,
  CHALLENGE_HEADER,
  isProofText,
  NONCE_HEADER,
  PROOF_HEADER,
} from '../../common/bridge-proof';
import { checkPlace } from './upgrade-place';
import type { UpgradeRequest, UpgradeVerdict } from './upgrade-place';

/** Names a secret might go under in a URL, matched on the decoded names, so `%74oken` is caught too. */
const QUERY_SECRET = /^(token|access_token|auth|authorization)$/i;

export type BridgeVerdict =
  Exclude<UpgradeVerdict, { ok: true }> | { ok: true; headers: readonly string[]; expectedProof: string };

export function guardBridgeUpgrade(
  request: UpgradeRequest,
  options: {
    readonly port: number;
    readonly token: string;
    readonly allowedOrigins: readonly string[];
    readonly path: string;
    /** This connection's challenge: a fresh nonce (common/bridge-proof.ts `NONCE_BYTES`, base64url). */
    readonly challenge: string;
  },
): BridgeVerdict {
  const place = checkPlace(request, options.port, options.path);
  if (!('url' in place)) return place;
  const origin = request.headers.origin;
  if (origin !== undefined && !options.allowedOrigins.includes(origin)) {
    return { ok: false, status: 403, reason: 'Browser origins may not open the bridge.' };
  }
  if ([...place.url.searchParams.keys()].some((name) => QUERY_SECRET.test(name.trim()))) {
    return {
      ok: false,
      status: 400,
      reason: 'The token never travels on the bridge, least of all in the URL; see docs/protocol.md.',
    };
  }
  const nonce = request.headers[NONCE_HEADER];
  if (!isProofText(nonce)) {
    return {
      ok: false,
      status: 401,
      reason:
        request.headers.authorization === undefined
          ? `The upgrade needs a ${NONCE_HEADER} header of 32 random bytes in base64url; see docs/protocol.md.`
          : `This console takes no bearer token (protocol 2): send a ${NONCE_HEADER} and prove the token in hello; update the agent.`,
    };
  }
  return {
    ok: true,
    headers: [
      `${PROOF_HEADER}: ${bridgeProof(options.token, nonce, 'gatehouse-server', options.port)}`,
      `${CHALLENGE_HEADER}: ${options.challenge}`,
    ],
    expectedProof: bridgeProof(options.token, options.challenge, 'gatehouse-client', options.port),
  };
}
