import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../tests/support/temp-dir';
import { runRules } from './rules';

let root: { path: string; remove: () => Promise<void> };
let cwd: string;
let home: string;
let policy: string;

beforeEach(async () => {
  root = await makeTempDir('gatehouse-rules-');
  cwd = join(root.path, 'project');
  home = join(root.path, 'home');
  policy = join(root.path, 'managed-settings.json');
  mkdirSync(join(cwd, '.claude'), { recursive: true });
  mkdirSync(join(home, '.claude'), { recursive: true });
});
afterEach(() => root.remove());

async function rules(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runRules(['--cwd', cwd, '--home', home, '--policy', policy, ...args], {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    env: {},
  });
  return { code, stdout, stderr };
}

describe('gatehouse rules', () => {
  beforeEach(() => {
    writeFileSync(policy, JSON.stringify({ permissions: { deny: ['Bash(curl *)'], allow: ['Read'] } }));
    writeFileSync(
      join(home, '.claude', 'settings.json'),
      JSON.stringify({ permissions: { allow: ['Bash(git *)'], deny: ['Read(~/.ssh/**)'] } }),
    );
    writeFileSync(
      join(cwd, '.claude', 'settings.local.json'),
      JSON.stringify({ permissions: { ask: ['Bash(git push *)'], allow: ['mcp__*'] } }),
    );
  });

  it('lists every rule in effective order with source, file, index in its list, and lock', async () => {
    const { code, stdout } = await rules('--json');
    expect(code).toBe(0);
    const listed = JSON.parse(stdout) as { files: unknown[]; rules: unknown[] };
    expect(listed.files).toEqual([
      { source: 'policySettings', file: policy, exists: true },
      { source: 'userSettings', file: join(home, '.claude', 'settings.json'), exists: true },
      { source: 'projectSettings', file: join(cwd, '.claude', 'settings.json'), exists: false },
      { source: 'localSettings', file: join(cwd, '.claude', 'settings.local.json'), exists: true },
    ]);
    expect(listed.rules).toEqual([
      {
        order: 1,
        behavior: 'deny',
        rule: 'Bash(curl *)',
        source: 'policySettings',
        file: policy,
        index: 0,
        locked: true,
      },
      {
        order: 2,
        behavior: 'deny',
        rule: 'Read(~/.ssh/**)',
        source: 'userSettings',
        file: join(home, '.claude', 'settings.json'),
        index: 0,
        locked: false,
      },
      {
        order: 3,
        behavior: 'ask',
        rule: 'Bash(git push *)',
        source: 'localSettings',
        file: join(cwd, '.claude', 'settings.local.json'),
        index: 0,
        locked: false,
      },
      {
        order: 4,
        behavior: 'allow',
        rule: 'Read',
        source: 'policySettings',
        file: policy,
        index: 0,
        locked: true,
      },
      {
        order: 5,
        behavior: 'allow',
        rule: 'Bash(git *)',
        source: 'userSettings',
        file: join(home, '.claude', 'settings.json'),
        index: 0,
        locked: false,
      },
      {
        order: 6,
        behavior: 'allow',
        rule: 'mcp__*',
        source: 'localSettings',
        file: join(cwd, '.claude', 'settings.local.json'),
        index: 0,
        locked: false,
        warning:
          'the allow rule "mcp__*" is skipped: an allow glob must start with a literal "mcp__<server>__"',
      },
    ]);
  });

  it('prints a table by default', async () => {
    const { code, stdout } = await rules();
    expect(code).toBe(0);
    expect(stdout).toContain(`    1. deny  Bash(curl *)  (policySettings, locked)  ${policy}[0]\n`);
    expect(stdout).toContain(`  projectSettings  ${join(cwd, '.claude', 'settings.json')}  (not present)\n`);
    expect(stdout).toContain('       warning: the allow rule "mcp__*" is skipped');
  });

  it('reads the agent profile', async () => {
    mkdirSync(join(cwd, '.agent'));
    writeFileSync(join(cwd, '.agent', 'settings.json'), JSON.stringify({ permissions: { deny: ['Edit'] } }));
    const listed = JSON.parse((await rules('--profile', 'agent', '--json')).stdout) as {
      rules: { rule: string; source: string }[];
    };
    expect(listed.rules.map((r) => [r.rule, r.source])).toEqual([
      ['Bash(curl *)', 'policySettings'],
      ['Edit', 'projectSettings'],
      ['Read', 'policySettings'],
    ]);
  });

  it('exits 2 naming a malformed file', async () => {
    writeFileSync(join(cwd, '.claude', 'settings.json'), '{"permissions": {"deny": [42]}}');
    const { code, stderr, stdout } = await rules();
    expect({ code, stderr, stdout }).toEqual({
      code: 2,
      stderr: `gatehouse rules: The settings file ${join(cwd, '.claude', 'settings.json')} has permissions.deny[0] as a number, but a rule must be a string.\n`,
      stdout: '',
    });
  });

  it('exits 2 for a wrong flag and prints usage for --help', async () => {
    expect(await rules('--verbose')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'gatehouse rules: unknown option --verbose. Run "gatehouse rules --help" for usage.\n',
    });
    const help = await rules('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: gatehouse rules \[options\]/);
  });
});
