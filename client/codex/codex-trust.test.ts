import { describe, expect, it } from 'vitest';
import { CODEX_PERMISSION_REQUEST } from '../hook/codex-events';
import { projectTrust, trustedHashes, trustKey } from './codex-trust';

describe('Codex trust records in config.toml', () => {
  it('keys a handler by file, snake-case event, group and place, as Codex does', () => {
    expect(trustKey('/h/.codex/hooks.json', CODEX_PERMISSION_REQUEST, 2, 0)).toBe(
      '/h/.codex/hooks.json:permission_request:2:0',
    );
  });

  it('reads trusted_hash from each [hooks.state."…"] table and nothing from other tables', () => {
    const config = [
      'model = "gpt-5.5"',
      'trusted_hash = "sha256:top-level"',
      '[hooks.state."/h/hooks.json:stop:0:0"]',
      'trusted_hash = "sha256:aa" # trusted by hand',
      '[hooks.state . "C:\\\\Users\\\\me\\\\hooks.json:stop:1:0"]',
      '  trusted_hash="sha256:bb"',
      '[model_providers.standin]',
      'trusted_hash = "sha256:not-a-hook"',
      '[projects."/work/repo"]',
      'trust_level = "trusted"',
    ].join('\n');
    expect([...trustedHashes(config)]).toEqual([
      ['/h/hooks.json:stop:0:0', 'sha256:aa'],
      ['C:\\Users\\me\\hooks.json:stop:1:0', 'sha256:bb'],
    ]);
    expect(projectTrust(config).get('/work/repo')).toBe('trusted');
  });
});
