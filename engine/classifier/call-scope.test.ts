import { beforeAll, describe, expect, it } from 'vitest';
import { loadInstalledBashSupport } from '../node/bash-wasm';
import type { BashSupport } from '../tools/bash-tool';
import { callOutsideScope } from './call-scope';

let bash: BashSupport;
beforeAll(async () => {
  bash = await loadInstalledBashSupport();
});

const place = { cwd: '/home/ana/shop', home: '/home/ana', roots: ['/home/ana/shop', '/home/ana/lib'] };
const bashOutside = (command: string) =>
  callOutsideScope({ toolName: 'Bash', input: { command } }, bash, place)?.text;

describe('callOutsideScope', () => {
  it('keeps commands whose paths stay in the working directories', () => {
    for (const command of [
      'ls -la src',
      'cat ./README.md',
      'grep -rn todo src/*.ts',
      'ls ~/lib/out',
      'cd src && ls ..',
    ])
      expect(bashOutside(command), command).toBeUndefined();
  });

  it('names the first word that leaves them, or whose value Bash computes', () => {
    expect(bashOutside('cat /etc/hosts')).toBe('/etc/hosts');
    expect(bashOutside('ls ../other')).toBe('../other');
    expect(bashOutside('head --file=/etc/passwd')).toBe('--file=/etc/passwd');
    expect(bashOutside('cat $HOME/x')).toBe('$HOME/x');
    expect(bashOutside('ls {/etc,src}')).toBe('{/etc,src}');
    expect(bashOutside('cd / && ls')).toBe('/');
    expect(bashOutside('cd && ls')).toBe('cd');
    expect(bashOutside('wc -l < /etc/passwd')).toBe('< /etc/passwd');
  });

  it('reads a file tool by the paths it names', () => {
    expect(
      callOutsideScope({ toolName: 'Read', input: { file_path: 'src/a.ts' } }, bash, place),
    ).toBeUndefined();
    expect(
      callOutsideScope({ toolName: 'Grep', input: { pattern: '/etc', path: 'src' } }, bash, place),
    ).toBeUndefined();
    expect(callOutsideScope({ toolName: 'Glob', input: { pattern: '/etc/**' } }, bash, place)?.text).toBe(
      '/etc/**',
    );
    expect(callOutsideScope({ toolName: 'Edit', input: { file_path: '/tmp/x' } }, bash, place)?.text).toBe(
      '/tmp/x',
    );
  });
});
