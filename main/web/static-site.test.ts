import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../tests/support/temp-dir';
import { createStaticSite, resolveInside } from './static-site';

describe('resolveInside', () => {
  it.each([
    ['/', '/site/index.html'],
    ['/assets/app.js', '/site/assets/app.js'],
    ['/a/../b.js', '/site/b.js'],
  ])('maps %s inside the root', (url, expected) => {
    expect(resolveInside('/site', url)).toBe(expected);
  });
  // Dot segments, however encoded, stop at the root: the path lands inside it, never on /etc/passwd.
  it.each(['/../etc/passwd', '/..%2f..%2fetc/passwd', '/%2e%2e/%2e%2e/etc/passwd'])(
    'keeps %s inside the root',
    (url) => {
      expect(resolveInside('/site', url)).toBe('/site/etc/passwd');
    },
  );
  it.each(['/a%00.js', '/%E0%A4%A'])('refuses %s', (url) => {
    expect(resolveInside('/site', url)).toBeUndefined();
  });
});

describe('the static site', () => {
  let port = 0;
  let dir: Awaited<ReturnType<typeof makeTempDir>>;
  const server = createServer();

  beforeAll(async () => {
    dir = await makeTempDir();
    await mkdir(join(dir.path, 'assets'));
    await writeFile(join(dir.path, 'index.html'), '<!doctype html><title>x</title>');
    await writeFile(join(dir.path, 'assets', 'app.js'), 'console.log(1)');
    const site = createStaticSite(dir.path);
    server.on('request', (req, res) => void site(req, res, port));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await dir.remove();
  });

  // node:http rather than fetch: fetch will not send a Host header of our choosing.
  const get = (path: string, host = `127.0.0.1:${port}`, method = 'GET') =>
    new Promise<{
      status: number;
      headers: { get: (name: string) => string | null };
      text: () => Promise<string>;
    }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, method, headers: { Host: host } }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: { get: (name) => (res.headers[name] as string | undefined) ?? null },
            text: async () => body,
          }),
        );
      });
      req.on('error', reject);
      req.end();
    });

  it('serves the page with a strict CSP that allows only its own origin', async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain(`connect-src 'self' ws://127.0.0.1:${port}`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('serves assets with their content type', async () => {
    const response = await get('/assets/app.js');
    expect(response.headers.get('content-type')).toMatch(/text\/javascript/);
    expect(await response.text()).toBe('console.log(1)');
  });

  it('refuses a rebinding Host, other methods, and missing files', async () => {
    expect((await get('/', 'evil.example')).status).toBe(403);
    expect((await get('/', `127.0.0.1:${port}`, 'POST')).status).toBe(405);
    expect((await get('/missing.js')).status).toBe(404);
    expect((await get('/assets')).status).toBe(404);
  });

  it.each([
    ['a rebinding Host', '/', 'evil.example', 'GET', 403],
    ['another method', '/', undefined, 'POST', 405],
    ['a missing file', '/missing.js', undefined, 'GET', 404],
    ['a path that escapes the root', '/..%2f..%2fetc/passwd', undefined, 'GET', 404],
  ])('tells the browser not to sniff the refusal of %s', async (_name, path, host, method, status) => {
    const response = await get(path, host ?? `127.0.0.1:${port}`, method);
    expect(response.status).toBe(status);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
