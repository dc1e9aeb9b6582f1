import { describe, expect, it } from 'vitest';
import { guardBridgeUpgrade } from './bridge-guard';

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
});
