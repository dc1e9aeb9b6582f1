/**
 * The bridge's mutual proof of the token (docs/protocol.md, "Connecting"): each side answers the other's
 * random nonce with HMAC-SHA256 keyed by the token, so the token itself never crosses the wire and a
 * process squatting on a dead console's port learns nothing it can use. The port is bound into each
 * proof, so a relay on another port cannot pass the real console's proof off as its own. noble rather
 * than node:crypto, which would load OpenSSL in the hook on every prompt (client/hook/entropy.ts).
 */
import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { concatBytes } from '@noble/hashes/utils';

/** The agent's nonce, in its upgrade request. */
export const NONCE_HEADER = 'gatehouse-nonce';
/** The console's answer to that nonce, in its `101`. */
export const PROOF_HEADER = 'gatehouse-proof';
/** The console's nonce, in its `101`; the agent answers it in `hello.proof`. */
export const CHALLENGE_HEADER = 'gatehouse-challenge';

export const NONCE_BYTES = 32;
/** 32 bytes (a nonce, or an HMAC-SHA256) in unpadded base64url. */
export const PROOF_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type ProofRole = 'gatehouse-server' | 'gatehouse-client';

/** base64url(HMAC-SHA256(token, nonce || role || decimal port)); the nonce is the base64url text decoded. */
export function bridgeProof(token: string, nonce: string, role: ProofRole, port: number): string {
  const text = new TextEncoder();
  const message = concatBytes(fromBase64url(nonce), text.encode(`${role}${port}`));
  return toBase64url(hmac(sha256, text.encode(token), message));
}

// atob/btoa rather than Buffer: common/ also compiles for the renderer, which has no Buffer.
function fromBase64url(text: string): Uint8Array {
  return Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));
}

function toBase64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export function isProofText(value: unknown): value is string {
  return typeof value === 'string' && PROOF_PATTERN.test(value);
}
