import { describe, expect, it } from 'vitest';
import { guardConsoleUpgrade } from './console-guard';

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
