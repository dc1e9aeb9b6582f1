/**
 * Serves the built renderer on `gatehouse://app/` instead of `file://` (checklist item 18): pages on
 * file:// can read any file, while this protocol answers only for files inside the renderer folder.
 */
import type { Net, Protocol } from 'electron';
import { pathToFileURL } from 'node:url';
import { resolveInside } from '../web/static-site';
import { APP_HOST, APP_SCHEME } from './trusted-origin';

export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true },
} as const;

export function serveAppProtocol(protocol: Protocol, net: Net, rendererDir: string): void {
  protocol.handle(APP_SCHEME, (request) => {
    const url = new URL(request.url);
    const file = url.host === APP_HOST ? resolveInside(rendererDir, url.pathname) : undefined;
    if (!file) return new Response('Not found', { status: 404 });
    return net.fetch(pathToFileURL(file).toString());
  });
}
