/**
 * The tab's side of a resume (`resumeProofMessage` in common/console-contract.ts): a challenge that names its
 * secret without giving it away, and the proof only the console that handed the secret out can send back.
 */
import { resumeProofMessage } from '../../../common/console-contract';

export interface ResumeChallenge {
  readonly frame: { readonly type: 'challenge'; readonly for: string; readonly nonce: string };
  /** What the console must answer. */
  readonly proof: string;
}

const utf8 = (text: string) => new TextEncoder().encode(text);

function base64url(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  return btoa(String.fromCharCode(...view))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

const sha256 = async (text: string) => base64url(await crypto.subtle.digest('SHA-256', utf8(text)));

export async function prepareResumeChallenge(secret: string, port: string): Promise<ResumeChallenge> {
  const digest = await sha256(secret);
  const nonce = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const key = await crypto.subtle.importKey('raw', utf8(digest), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const proof = base64url(await crypto.subtle.sign('HMAC', key, utf8(resumeProofMessage(port, nonce))));
  return { frame: { type: 'challenge', for: await sha256(digest), nonce }, proof };
}
