/** The bridge's guard: agents only, no browser origin unless settings allow it, the token in the header. */
import { tokensEqual } from '../secrets/token';
import { checkPlace } from './upgrade-place';
import type { UpgradeRequest, UpgradeVerdict } from './upgrade-place';

const QUERY_SECRET = /(^|&)(token|access_token|auth|authorization)=/i;

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
