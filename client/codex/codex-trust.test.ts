import { describe, expect, it } from 'vitest';
import { CODEX_PERMISSION_REQUEST } from '../hook/codex-events';
import { projectTrust, projectTrustOf, trustedHashes, trustKey } from './codex-trust';

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

  it('finds a project’s trust under the folder itself, else under its repository root', () => {
    const config = ['[projects."/work/repo"]', 'trust_level = "trusted"'].join('\n');
    expect(projectTrustOf(config, '/work/repo/web', '/work/repo')).toEqual({
      folder: '/work/repo',
      level: 'trusted',
    });
    expect(projectTrustOf(config, '/work/other', undefined)).toEqual({
      folder: '/work/other',
      level: undefined,
    });
    const marked = `${config}\n[projects."/work/repo/web"]\ntrust_level = "untrusted"\n`;
    expect(projectTrustOf(marked, '/work/repo/web', '/work/repo').level).toBe('untrusted');
    expect(projectTrustOf('[projects."/p"]\ntrust_level = "maybe"', '/p', undefined).level).toBeUndefined();
  });
});
