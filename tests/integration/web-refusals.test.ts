/**
 * Every refusal the console's one socket sends, at the upgrade or over plain HTTP, tells the browser not to
 * sniff its body into something runnable.
 */
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCore } from '../support/test-core';
import type { ConsoleCore } from '../../main/core/console-core';
import { rawUpgrade } from '../support/raw-upgrade';
import { makeTempDir } from '../support/temp-dir';

let home: Awaited<ReturnType<typeof makeTempDir>>;
let core: ConsoleCore;

beforeAll(async () => {
  home = await makeTempDir();
  core = await startTestCore({
    home: join(home.path, 'gh'),
    userHome: join(home.path, 'user'),
    port: 0,
    timeoutMs: 60_000,
    timeoutAction: 'passthrough',
  });
});
afterAll(async () => {
  await core.close();
  await home.remove();
});

describe('refusals carry nosniff', () => {
  it.each([
    ['an unknown path', '/nowhere', () => ({ Host: `127.0.0.1:${core.port}` }), 404],
    ['no bridge token', '/bridge', () => ({ Host: `127.0.0.1:${core.port}` }), 401],
    ['a foreign Host', '/bridge', () => ({ Host: 'evil.example' }), 403],
    ['a token in the query', '/bridge?token=x', () => ({ Host: `127.0.0.1:${core.port}` }), 400],
    [
      'a foreign page on the console channel',
      '/console',
      () => ({ Host: `127.0.0.1:${core.port}`, Origin: 'https://evil.example' }),
      403,
    ],
  ])('at the upgrade, for %s', async (_name, path, headers, status) => {
    const result = await rawUpgrade(core.port, path, headers());
    expect(result.status).toBe(status);
    expect(result.headers['x-content-type-options']).toBe('nosniff');
  });

  it('over HTTP, when no web console is served', async () => {
    const headers = await new Promise<{ status: number; nosniff: unknown }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: core.port, path: '/' }, (response) => {
        response.resume();
        resolve({
          status: response.statusCode ?? 0,
          nosniff: response.headers['x-content-type-options'],
        });
      });
      req.on('error', reject);
      req.end();
    });
    expect(headers).toEqual({ status: 404, nosniff: 'nosniff' });
  });
});
