import { describe, expect, it } from 'vitest';
import { connect } from './connect';

describe('connect', () => {
  it('refuses a connect timeout Node would clamp to 1 ms, before any attempt', async () => {
    const endpoint = { url: 'ws://127.0.0.1:9/bridge', token: 't', source: 'environment' } as const;
    await expect(connect({ endpoint, reconnect: false, connectTimeoutMs: 3_000_000_000 })).rejects.toThrow(
      /^connectTimeoutMs takes a whole number of milliseconds from 1 to 2147483647 .*, not 3000000000\.$/,
    );
  });
});
