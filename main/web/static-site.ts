/**
 * Serves the built renderer to the web console. Only GET and HEAD, only files under the renderer folder,
 * only to a loopback Host (DNS rebinding), with a strict CSP so the page can talk to nothing but its origin.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { isLoopbackHost } from '../server/upgrade-place';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

export function contentSecurityPolicy(port: number): string {
  return [
    "default-src 'none'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ws://127.0.0.1:${port} ws://localhost:${port}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function plain(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  response.end(`${text}\n`);
}

/** Resolves a URL path inside `root`, or undefined when it would escape it. */
export function resolveInside(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const relative = normalize(decoded === '/' ? '/index.html' : decoded).replace(/^([/\\])+/, '');
  const full = join(root, relative);
  const base = root.endsWith(sep) ? root : root + sep;
  return full.startsWith(base) ? full : undefined;
}

export function createStaticSite(rootDir: string) {
  return async function serve(
    request: IncomingMessage,
    response: ServerResponse,
    port: number,
  ): Promise<void> {
    if (!isLoopbackHost(request.headers.host, port)) return plain(response, 403, 'Forbidden host.');
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return plain(response, 405, 'Method not allowed.');
    const url = new URL(request.url ?? '/', 'http://site.invalid');
    const file = resolveInside(rootDir, url.pathname);
    if (!file) return plain(response, 404, 'Not found.');
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return plain(response, 404, 'Not found.');
    response.writeHead(200, {
      'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'Content-Length': info.size,
      'Content-Security-Policy': contentSecurityPolicy(port),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Resource-Policy': 'same-origin',
      'X-Frame-Options': 'DENY',
      'Cache-Control': 'no-store',
    });
    if (request.method === 'HEAD') return void response.end();
    createReadStream(file).pipe(response);
  };
}
