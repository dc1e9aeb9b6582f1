import { describe, expect, it } from 'vitest';
import { callDangers } from './call-dangers';
import { assessRisk } from './risk';

const place = { cwd: '/home/ana/shop', home: '/home/ana', roots: ['/home/ana/shop'] };
const dangers = (toolName: string, input: Record<string, unknown>) =>
  callDangers({ toolName, input }, undefined, place);

describe('callDangers for tools other than Bash', () => {
  it('names a write to a file that runs later, whatever the tool', () => {
    expect(dangers('Write', { file_path: '/home/ana/.config/systemd/user/sync.timer', content: '' })).toEqual(
      [{ text: '/home/ana/.config/systemd/user/sync.timer', reason: 'runs-later' }],
    );
    expect(dangers('Edit', { file_path: '/home/ana/.ssh/config', old_string: 'a', new_string: 'b' })).toEqual(
      [{ text: '/home/ana/.ssh/config', reason: 'runs-later' }],
    );
    expect(dangers('MultiEdit', { file_path: '/home/ana/Library/LaunchAgents/a.plist', edits: [] })).toEqual([
      { text: '/home/ana/Library/LaunchAgents/a.plist', reason: 'runs-later' },
    ]);
    expect(
      dangers('mcp__filesystem__write_file', { path: '/home/ana/.ssh/authorized_keys', content: '' }),
    ).toEqual([{ text: '/home/ana/.ssh/authorized_keys', reason: 'runs-later' }]);
  });

  it('names an overwrite of an important file, and lets ordinary edits in the project pass', () => {
    expect(dangers('Write', { file_path: '/home/ana/shop/.env.production', content: '' })).toEqual([
      { text: '/home/ana/shop/.env.production', reason: 'overwrites-important' },
    ]);
    expect(dangers('NotebookEdit', { notebook_path: '/etc/jupyter/x.ipynb', new_source: '' })).toEqual([
      { text: '/etc/jupyter/x.ipynb', reason: 'overwrites-important' },
    ]);
    expect(dangers('Write', { file_path: '/home/ana/shop/src/cart.ts', content: '' })).toEqual([]);
    expect(dangers('Write', { file_path: '/home/ana/shop/.env.example', content: '' })).toEqual([]);
    expect(dangers('mcp__filesystem__edit_file', { path: '/home/ana/shop/README.md', edits: [] })).toEqual(
      [],
    );
  });

  it('names an MCP read of a secret as a secret read, in one path or a list', () => {
    const one = { toolName: 'mcp__filesystem__read_text_file', input: { path: '/home/ana/.ssh/id_ed25519' } };
    expect(callDangers(one, undefined, place)).toEqual([
      { text: '/home/ana/.ssh/id_ed25519', reason: 'reads-secret' },
    ]);
    expect(assessRisk(one)).toBe('reads secrets');
    const many = {
      toolName: 'mcp__filesystem__read_multiple_files',
      input: { paths: ['/home/ana/shop/a.ts', '/home/ana/.aws/credentials'] },
    };
    expect(callDangers(many, undefined, place)).toEqual([
      { text: '/home/ana/.aws/credentials', reason: 'reads-secret' },
    ]);
    expect(assessRisk(many)).toBe('reads secrets');
    const plain = { toolName: 'mcp__filesystem__read_file', input: { path: '/home/ana/shop/a.ts' } };
    expect(callDangers(plain, undefined, place)).toEqual([]);
    expect(assessRisk(plain)).toBe('read-only');
  });

  it('reads Grep’s pattern as a pattern, not a path', () => {
    const grep = { toolName: 'Grep', input: { pattern: '.env', path: '/home/ana/shop/src' } };
    expect(callDangers(grep, undefined, place)).toEqual([]);
    expect(assessRisk(grep)).toBe('read-only');
    expect(dangers('Read', { file_path: '/home/ana/shop/.env' })).toEqual([
      { text: '/home/ana/shop/.env', reason: 'reads-secret' },
    ]);
  });

  it('names a fetched URL that carries a key, and not one that only mentions a token', () => {
    const url = 'https://api.example.org/v1/ping?access_token=ghp_abcdef123456';
    expect(dangers('WebFetch', { url, prompt: 'ok?' })).toEqual([{ text: url, reason: 'sends-secrets' }]);
    expect(
      dangers('WebFetch', { url: 'https://docs.example.org/auth/token?lang=en', prompt: 'how?' }),
    ).toEqual([]);
    expect(dangers('WebFetch', { url: 'https://example.org/search?q=secret', prompt: 'what?' })).toEqual([]);
  });
});
