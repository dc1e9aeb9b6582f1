import { checkPlace } from './upgrade-place';
import type { UpgradeRequest, UpgradeVerdict } from './upgrade-place';

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
