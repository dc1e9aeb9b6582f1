import { describe, expect, it } from 'vitest';
import { bridgeProof } from '../../common/bridge-proof';
import { guardBridgeUpgrade } from './bridge-guard';

const token = 'a'.repeat(43);
const nonce = 'n'.repeat(43);
const challenge = 'c'.repeat(43);
const base = { port: 4000, token, allowedOrigins: [] as string[], path: '/bridge', challenge };
const ok = { host: '127.0.0.1:4000', 'gatehouse-nonce': nonce };

describe('guardBridgeUpgrade', () => {
  it.each([
    ['a correct request', '/bridge', ok, { ok: true }],
    ['no nonce', '/bridge', { host: ok.host }, { ok: false, status: 401 }],
    [
      'a nonce too short',
      '/bridge',
      { ...ok, 'gatehouse-nonce': 'n'.repeat(42) },
      { ok: false, status: 401 },
    ],
    [
      'a bearer token instead of a nonce (protocol 1)',
      '/bridge',
      { host: ok.host, authorization: `Bearer ${token}` },
      { ok: false, status: 401, reason: expect.stringMatching(/no bearer token/) },
    ],
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
    ['no Host', '/bridge', { 'gatehouse-nonce': nonce }, { ok: false, status: 403 }],
    ['the token in the query', `/bridge?token=${token}`, ok, { ok: false, status: 400 }],
    ['an access_token in the query', `/bridge?x=1&access_token=${token}`, ok, { ok: false, status: 400 }],
    ['a percent-encoded token name', `/bridge?%74oken=${token}`, ok, { ok: false, status: 400 }],
    ['a token name spelt with +', `/bridge?x=1&Token+=${token}`, ok, { ok: false, status: 400 }],
    ['another path', '/other', ok, { ok: false, status: 404 }],
  ])('answers %s', (_name, url, headers, expected) => {
    expect(guardBridgeUpgrade({ url, headers }, base)).toMatchObject(expected);
  });

  it('admits an origin that settings allow explicitly', () => {
    const verdict = guardBridgeUpgrade(
      { url: '/bridge', headers: { ...ok, origin: 'vscode-webview://x' } },
      { ...base, allowedOrigins: ['vscode-webview://x'] },
    );
    expect(verdict).toMatchObject({ ok: true });
  });

  it('answers the nonce with the server proof for its own port, sets the challenge, and expects its answer', () => {
    expect(guardBridgeUpgrade({ url: '/bridge', headers: ok }, base)).toEqual({
      ok: true,
      headers: [
        `gatehouse-proof: ${bridgeProof(token, nonce, 'gatehouse-server', 4000)}`,
        `gatehouse-challenge: ${challenge}`,
      ],
      expectedProof: bridgeProof(token, challenge, 'gatehouse-client', 4000),
    });
  });
});

describe('bridgeProof', () => {
  it('is HMAC-SHA256 keyed by the token over nonce, role and port', async () => {
    const { createHmac } = await import('node:crypto');
    const message = Buffer.concat([Buffer.from(nonce, 'base64url'), Buffer.from('gatehouse-server4000')]);
    expect(bridgeProof(token, nonce, 'gatehouse-server', 4000)).toBe(
      createHmac('sha256', token).update(message).digest('base64url'),
    );
    expect(bridgeProof(token, nonce, 'gatehouse-server', 4001)).not.toBe(
      bridgeProof(token, nonce, 'gatehouse-server', 4000),
    );
    expect(bridgeProof(token, nonce, 'gatehouse-client', 4000)).not.toBe(
      bridgeProof(token, nonce, 'gatehouse-server', 4000),
    );
  });
});
