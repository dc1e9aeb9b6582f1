import { describe, expect, it } from 'vitest';
import { guardBridgeUpgrade, guardConsoleUpgrade, isLoopbackHost } from './upgrade-guard';

const token = 'a'.repeat(43);
const base = { port: 4000, token, allowedOrigins: [] as string[], path: '/bridge' };
const ok = { host: '127.0.0.1:4000', authorization: `Bearer ${token}` };

describe('guardBridgeUpgrade', () => {
  it.each([
    ['a correct request', '/bridge', ok, { ok: true }],
    ['no token', '/bridge', { host: ok.host }, { ok: false, status: 401 }],
    [
      'a wrong token',
      '/bridge',
      { ...ok, authorization: `Bearer ${'b'.repeat(43)}` },
      { ok: false, status: 401 },
    ],
    [
      'a token that is a prefix',
      '/bridge',
      { ...ok, authorization: `Bearer ${token.slice(0, 10)}` },
      { ok: false, status: 401 },
    ],
    ['a Basic scheme', '/bridge', { ...ok, authorization: `Basic ${token}` }, { ok: false, status: 401 }],
    ['a browser origin', '/bridge', { ...ok, origin: 'https://evil.example' }, { ok: false, status: 403 }],
    [
      'a loopback browser origin',
      '/bridge',
      { ...ok, origin: 'http://127.0.0.1:4000' },
      { ok: false, status: 403 },
    ],
    [
      'a foreign Host (DNS rebinding)',
      '/bridge',
      { ...ok, host: 'evil.example:4000' },
      { ok: false, status: 403 },
    ],
    ['another port in Host', '/bridge', { ...ok, host: '127.0.0.1:4001' }, { ok: false, status: 403 }],
    ['no Host', '/bridge', { authorization: ok.authorization }, { ok: false, status: 403 }],
    ['the token in the query', `/bridge?token=${token}`, ok, { ok: false, status: 400 }],
    ['an access_token in the query', `/bridge?x=1&access_token=${token}`, ok, { ok: false, status: 400 }],
    ['another path', '/other', ok, { ok: false, status: 404 }],
  ])('answers %s', (_name, url, headers, expected) => {
    expect(guardBridgeUpgrade({ url, headers }, base)).toMatchObject(expected);
  });

  it('admits an origin that settings allow explicitly', () => {
    const verdict = guardBridgeUpgrade(
      { url: '/bridge', headers: { ...ok, origin: 'vscode-webview://x' } },
      { ...base, allowedOrigins: ['vscode-webview://x'] },
    );
    expect(verdict).toEqual({ ok: true });
  });

  it('accepts localhost and [::1] as the Host', () => {
    expect(isLoopbackHost('localhost:4000', 4000)).toBe(true);
    expect(isLoopbackHost('[::1]:4000', 4000)).toBe(true);
    expect(isLoopbackHost('localhost', 4000)).toBe(false);
    expect(isLoopbackHost('127.0.0.1.evil.example:4000', 4000)).toBe(false);
  });
});

describe('guardConsoleUpgrade', () => {
  const options = { port: 4000, path: '/console' };
  it('admits only the console page itself', () => {
    expect(
      guardConsoleUpgrade(
        { url: '/console', headers: { host: '127.0.0.1:4000', origin: 'http://127.0.0.1:4000' } },
        options,
      ),
    ).toEqual({ ok: true });
    expect(
      guardConsoleUpgrade(
        { url: '/console', headers: { host: 'localhost:4000', origin: 'http://localhost:4000' } },
        options,
      ),
    ).toEqual({ ok: true });
  });
  it.each([
    ['no origin (a non-browser client)', { host: '127.0.0.1:4000' }, 403],
    ['a foreign origin', { host: '127.0.0.1:4000', origin: 'http://evil.example' }, 403],
    ['another loopback port as origin', { host: '127.0.0.1:4000', origin: 'http://127.0.0.1:5000' }, 403],
    ['a rebinding Host', { host: 'evil.example:4000', origin: 'http://evil.example:4000' }, 403],
  ])('refuses %s', (_name, headers, status) => {
    expect(guardConsoleUpgrade({ url: '/console', headers }, options)).toMatchObject({ ok: false, status });
  });
  it('refuses any query string, so no token can ride in the URL', () => {
    const headers = { host: '127.0.0.1:4000', origin: 'http://127.0.0.1:4000' };
    expect(guardConsoleUpgrade({ url: '/console?token=x', headers }, options)).toMatchObject({
      ok: false,
      status: 400,
    });
  });
});
