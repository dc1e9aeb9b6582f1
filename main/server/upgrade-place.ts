/**
 * What every upgrade guard shares: the verdict's shape and the check that the request came to this very
 * loopback port and path. Guards are pure, so every refusal is testable without sockets; loopback-server.ts
 * applies them before `handleUpgrade`, so a refused peer never gets to send a single frame.
 */
import type { IncomingHttpHeaders } from 'node:http';

export type UpgradeVerdict =
  /** `headers` (whole header lines) go into the `101`. */
  { ok: true; headers?: readonly string[] } | { ok: false; status: 400 | 401 | 403 | 404; reason: string };

export interface UpgradeRequest {
  readonly url?: string | undefined;
  readonly headers: IncomingHttpHeaders;
}

/** `Host` must name this very port on loopback: anything else is a DNS-rebinding attempt or a stray client. */
export function isLoopbackHost(host: string | undefined, port: number): boolean {
  return host === `127.0.0.1:${port}` || host === `localhost:${port}` || host === `[::1]:${port}`;
}

/** What every upgrade must pass, whatever its path leads to: the right path, on this very loopback port. */
export function checkPlace(
  request: UpgradeRequest,
  port: number,
  path: string,
): { url: URL } | Exclude<UpgradeVerdict, { ok: true }> {
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
