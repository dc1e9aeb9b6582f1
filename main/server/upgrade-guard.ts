/**
 * Decides, from the HTTP upgrade request alone, whether a WebSocket may open. Pure, so every refusal is
 * testable without sockets; bridge-server.ts applies it before `handleUpgrade`, so a refused peer never gets
 * to send a single frame.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { tokensEqual } from '../secrets/token';

export type UpgradeVerdict = { ok: true } | { ok: false; status: 400 | 401 | 403 | 404; reason: string };

export interface UpgradeRequest {
  readonly url?: string | undefined;
  readonly headers: IncomingHttpHeaders;
}

/** `Host` must name this very port on loopback: anything else is a DNS-rebinding attempt or a stray client. */
export function isLoopbackHost(host: string | undefined, port: number): boolean {
  return host === `127.0.0.1:${port}` || host === `localhost:${port}` || host === `[::1]:${port}`;
}

const QUERY_SECRET = /(^|&)(token|access_token|auth|authorization)=/i;

/** What every upgrade must pass, whatever its path leads to: the right path, on this very loopback port. */
function checkPlace(request: UpgradeRequest, port: number, path: string): { url: URL } | UpgradeVerdict {
  const url = new URL(request.url ?? '/', 'http://upgrade.invalid');
  if (url.pathname !== path) return { ok: false, status: 404, reason: 'No WebSocket endpoint at that path.' };
  if (!isLoopbackHost(request.headers.host, port)) {
    return {
      ok: false,
      status: 403,
      reason: 'The Host header must be 127.0.0.1 or localhost with this port.',
    };
  }
  return { url };
}

export function guardBridgeUpgrade(
  request: UpgradeRequest,
  options: {
    readonly port: number;
    readonly token: string;
    readonly allowedOrigins: readonly string[];
    readonly path: string;
  },
): UpgradeVerdict {
  const place = checkPlace(request, options.port, options.path);
  if (!('url' in place)) return place;
  const origin = request.headers.origin;
  if (origin !== undefined && !options.allowedOrigins.includes(origin)) {
    return { ok: false, status: 403, reason: 'Browser origins may not open the bridge.' };
  }
  if (QUERY_SECRET.test(place.url.search.slice(1))) {
    return {
      ok: false,
      status: 400,
      reason: 'The token is accepted only in the Authorization header, never in the URL.',
    };
  }
  const auth = request.headers.authorization;
  const match = typeof auth === 'string' ? /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(auth) : null;
  if (!match?.[1] || !tokensEqual(match[1], options.token)) {
    return { ok: false, status: 401, reason: 'Missing or wrong bearer token.' };
  }
  return { ok: true };
}

/** The web console's channel: only the console's own page may open it; the token follows in the first frame. */
export function guardConsoleUpgrade(
  request: UpgradeRequest,
  options: { readonly port: number; readonly path: string },
): UpgradeVerdict {
  const place = checkPlace(request, options.port, options.path);
  if (!('url' in place)) return place;
  const origin = request.headers.origin;
  const own = [`http://127.0.0.1:${options.port}`, `http://localhost:${options.port}`];
  if (origin === undefined || !own.includes(origin)) {
    return { ok: false, status: 403, reason: "Only the console's own page may open its channel." };
  }
  if (place.url.search.length > 0)
    return { ok: false, status: 400, reason: 'The console channel takes no query string.' };
  return { ok: true };
}
