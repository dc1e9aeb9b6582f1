import { describe, expect, it } from 'vitest';
import { findConsole } from '../hook/lean-discovery';
import { connect } from './connect';

describe('connect', () => {
  it('refuses a connect timeout Node would clamp to 1 ms, before any attempt', async () => {
    const endpoint = { url: 'ws://127.0.0.1:9/bridge', token: 't', source: 'environment' } as const;
    await expect(connect({ endpoint, reconnect: false, connectTimeoutMs: 3_000_000_000 })).rejects.toThrow(
      /^connectTimeoutMs takes a whole number of milliseconds from 1 to 2147483647 .*, not 3000000000\.$/,
    );
  });

  it.each([{ reconnect: false as const }, {}])(
    'rejects a GATEHOUSE_URL that is not a URL with the hook’s sentence (%o)',
    async (options) => {
      const env = { GATEHOUSE_URL: 'not a url', GATEHOUSE_TOKEN: 't'.repeat(43) };
      const sentence = 'GATEHOUSE_URL "not a url" is not a URL.';
      expect(await findConsole(env)).toMatchObject({ found: false, reason: sentence });
      await expect(connect({ ...options, env })).rejects.toMatchObject({
        name: 'BridgeError',
        code: 'connect-failed',
        message: sentence,
      });
    },
  );
});
