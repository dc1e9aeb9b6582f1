/**
 * What lets a browser tab into the web console. A link carries a one-time code that expires quickly; the
 * tab trades it for a tab secret, and every later authentication (a reload) trades that secret for the next
 * one. Nothing works twice, and a secret dies soon after its tab lets go of it, so whatever a browser keeps
 * on disk (history, session file, session storage) opens nothing.
 *
 * The digests of live tab secrets are kept in the console's private home, so an open tab, which holds its
 * secret in memory only, gets back into the console that restarted on that home: a secret a socket held
 * when the console stopped works for one reload grace after the next start. Codes are not kept.
 */
import { createHash, createHmac } from 'node:crypto';
import { LINK_CODE_TTL_MS, resumeProofMessage } from '../../common/console-contract';
import { generateToken } from '../secrets/token';

/** How long a tab secret outlives its socket: long enough for a reload, not for a closed tab. */
export const RELOAD_GRACE_MS = 30_000;
/** Live codes at once; issuing more retires the oldest (nobody opens thousands of links). */
const MAX_LIVE_CODES = 100;
/** How long a code or secret that no longer works is remembered, and how many at most. */
const GONE_MEMORY_MS = 10 * 60_000;
const MAX_GONE = 1_000;

/** A tab shows its stored secret, the code of the link in its address, or both (a new link in an open tab). */
export interface Presented {
  readonly code?: string;
  readonly secret?: string;
}
export type Refusal = 'used' | 'expired' | 'unknown';
export type Proved =
  { readonly ok: true; readonly proof: string } | { readonly ok: false; readonly reason: Refusal };
export type Redeemed =
  | {
      readonly ok: true;
      readonly secret: string;
      /** Resolves once the home keeps the secret's digest: only then may the tab be handed the secret. */
      readonly kept: Promise<void>;
      readonly release: () => void;
    }
  | { readonly ok: false; readonly reason: Refusal };

/** A live tab secret as the home keeps it: its digest, and when it expires (null: a socket held it). */
export interface KeptSecret {
  readonly digest: string;
  readonly expiresAt: number | null;
}

/** Where the live tab secrets are kept across restarts (main/web/kept-secrets.ts). */
export interface SecretKeeping {
  /** What the last console on this home kept. */
  readonly secrets: readonly KeptSecret[];
  /** Replaces what is kept; called at each change. Resolves once this list (or a newer one) is on disk. */
  keep(secrets: readonly KeptSecret[]): Promise<void>;
}

export interface ConsolePasses {
  /** A fresh one-time code for a link. */
  issueCode(): string;
  /**
   * Spends whatever is presented and, if any of it was live, hands out the next tab secret; `release` is for
   * when that tab's socket closes. A refusal names why the code failed, else why the secret did.
   */
  redeem(presented: Presented): Redeemed;
  /**
   * Proves to a tab that this console handed out the secret it names (`resumeProofMessage` in
   * common/console-contract.ts), before the tab shows it; spends nothing.
   */
  prove(named: string, nonce: string, port: number): Proved;
  /**
   * Keeps the secrets as they are now, sockets still holding theirs, and nothing after: the console is
   * stopping, and its tabs must find their secrets live when it starts again.
   */
  stop(): void;
}

interface Live {
  readonly kind: 'code' | 'secret';
  /** Undefined while a socket holds the secret. */
  expiresAt: number | undefined;
}

// Kept by digest, so a lookup's timing says nothing about a stored value.
const digest = (value: string) => createHash('sha256').update(value).digest('base64url');

export function createConsolePasses(now: () => number = Date.now, keeping?: SecretKeeping): ConsolePasses {
  const live = new Map<string, Live>();
  for (const { digest: key, expiresAt } of keeping?.secrets ?? []) {
    if (expiresAt === null || expiresAt > now()) {
      live.set(key, { kind: 'secret', expiresAt: expiresAt ?? now() + RELOAD_GRACE_MS });
    }
  }
  let stopped = false;
  const keep = (): Promise<void> => {
    if (stopped || !keeping) return Promise.resolve();
    const secrets: KeptSecret[] = [];
    for (const [key, entry] of live) {
      if (entry.kind === 'secret') secrets.push({ digest: key, expiresAt: entry.expiresAt ?? null });
    }
    return keeping.keep(secrets);
  };
  /** Codes and secrets that no longer work, and why, so a replay hears why rather than "unknown". */
  const gone = new Map<string, { readonly reason: 'used' | 'expired'; readonly until: number }>();

  const retire = (key: string, reason: 'used' | 'expired') => {
    live.delete(key);
    gone.set(key, { reason, until: now() + GONE_MEMORY_MS });
    if (gone.size > MAX_GONE) gone.delete(gone.keys().next().value!);
  };
  const sweep = () => {
    const at = now();
    for (const [key, entry] of live) {
      if (entry.expiresAt !== undefined && entry.expiresAt <= at) retire(key, 'expired');
    }
    for (const [key, { until }] of gone) if (until <= at) gone.delete(key);
  };

  return {
    issueCode() {
      sweep();
      const codes = [...live].filter(([, entry]) => entry.kind === 'code');
      if (codes.length >= MAX_LIVE_CODES) retire(codes[0]![0], 'expired');
      const code = generateToken();
      live.set(digest(code), { kind: 'code', expiresAt: now() + LINK_CODE_TTL_MS });
      return code;
    },
    redeem(presented) {
      sweep();
      const spend = (kind: Live['kind'], value: string | undefined): true | Refusal => {
        if (value === undefined) return 'unknown';
        const key = digest(value);
        if (live.get(key)?.kind !== kind) return gone.get(key)?.reason ?? 'unknown';
        retire(key, 'used');
        return true;
      };
      const bySecret = spend('secret', presented.secret);
      const byCode = spend('code', presented.code);
      if (bySecret !== true && byCode !== true) {
        return { ok: false, reason: presented.code === undefined ? bySecret : byCode };
      }
      const secret = generateToken();
      const next: Live = { kind: 'secret', expiresAt: undefined };
      live.set(digest(secret), next);
      return {
        ok: true,
        secret,
        kept: keep(),
        release: () => {
          next.expiresAt ??= now() + RELOAD_GRACE_MS;
          void keep();
        },
      };
    },
    prove(named, nonce, port) {
      sweep();
      for (const [key, entry] of live) {
        if (entry.kind !== 'secret' || digest(key) !== named) continue;
        const proof = createHmac('sha256', key)
          .update(resumeProofMessage(String(port), nonce))
          .digest('base64url');
        return { ok: true, proof };
      }
      for (const [key, { reason }] of gone) if (digest(key) === named) return { ok: false, reason };
      return { ok: false, reason: 'unknown' };
    },
    stop() {
      keep();
      stopped = true;
    },
  };
}
