import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../tests/support/temp-dir';
import { runCheck } from './check';

let root: { path: string; remove: () => Promise<void> };
let cwd: string;
let home: string;
let policy: string;

beforeEach(async () => {
  root = await makeTempDir('gatehouse-check-');
  cwd = join(root.path, 'project');
  home = join(root.path, 'home');
  policy = join(root.path, 'managed-settings.json');
  mkdirSync(cwd);
  mkdirSync(home);
});
afterEach(() => root.remove());

function settings(file: string, permissions: unknown): string {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, typeof permissions === 'string' ? permissions : JSON.stringify({ permissions }));
  return file;
}

async function check(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCheck(['--cwd', cwd, '--home', home, '--policy', policy, ...args], {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    env: {},
  });
  return {
    code,
    stdout,
    stderr,
    json: stdout.startsWith('{') ? (JSON.parse(stdout) as Record<string, unknown>) : undefined,
  };
}

const bash = (command: string) => ['--tool', 'Bash', '--input', JSON.stringify({ command })];

describe('gatehouse check', () => {
  it('allows by a project rule and names the rule, source, file and index', async () => {
    const file = settings(join(cwd, '.claude', 'settings.json'), {
      allow: ['Bash(npm test)', 'Bash(git *)'],
    });
    const { code, json } = await check(...bash('git status && git log'));
    expect(code).toBe(0);
    expect(json).toMatchObject({
      behavior: 'allow',
      reason: { type: 'rule', source: 'projectSettings', rule: 'Bash(git *)', file, index: 1 },
      step: '1c',
      nearMisses: [{ rule: 'Bash(npm test)', behavior: 'allow', source: 'projectSettings', file, index: 0 }],
    });
  });

  it('lets a managed policy deny beat a local allow', async () => {
    settings(policy, { deny: ['Bash(curl *)'] });
    settings(join(cwd, '.claude', 'settings.local.json'), { allow: ['Bash(curl *)'] });
    const { json } = await check(...bash('curl https://example.com'));
    expect(json).toMatchObject({
      behavior: 'deny',
      reason: { type: 'rule', source: 'policySettings', file: policy },
    });
  });

  it('reads user settings from --home and the agent profile from .agent/', async () => {
    settings(join(home, '.agent', 'settings.json'), { deny: ['WebFetch(domain:*.evil.com)'] });
    const { json } = await check(
      '--profile',
      'agent',
      '--tool',
      'WebFetch',
      '--input',
      '{"url":"https://a.evil.com/x"}',
    );
    expect(json).toMatchObject({
      behavior: 'deny',
      reason: { source: 'userSettings', file: join(home, '.agent', 'settings.json') },
    });
    const claude = await check('--tool', 'WebFetch', '--input', '{"url":"https://a.evil.com/x"}');
    expect(claude.json).toMatchObject({ behavior: 'ask', reason: { type: 'default' } });
  });

  it('reads user settings from CLAUDE_CONFIG_DIR when no --home is given', async () => {
    const relocated = join(root.path, 'claude-config');
    const file = settings(join(relocated, 'settings.json'), { deny: ['Bash(npm *)'] });
    let stdout = '';
    const args = ['--cwd', cwd, '--policy', policy, '--tool', 'Bash', '--input', '{"command":"npm test"}'];
    const code = await runCheck(args, {
      stdout: (t) => void (stdout += t),
      stderr: () => {},
      env: { CLAUDE_CONFIG_DIR: relocated },
    });
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ behavior: 'deny', reason: { source: 'userSettings', file } });
  });

  it('asks for a path outside the working directories until --add-dir or the settings add it', async () => {
    const input = JSON.stringify({ command: 'touch ../shared/notes.txt' });
    const outside = await check('--tool', 'Bash', '--input', input, '--allow', 'Bash(touch *)');
    expect(outside.json).toMatchObject({
      behavior: 'ask',
      reason: {
        type: 'workingDirectories',
        path: join(root.path, 'shared', 'notes.txt'),
        workingDirectories: [cwd],
        message: expect.stringContaining('outside the working directories for this session'),
      },
    });
    const added = await check(
      '--tool',
      'Bash',
      '--input',
      input,
      '--allow',
      'Bash(touch *)',
      '--add-dir',
      '../shared',
    );
    expect(added.json).toMatchObject({ behavior: 'allow' });
    settings(join(cwd, '.claude', 'settings.json'), { additionalDirectories: ['../shared'] });
    const fromSettings = await check('--tool', 'Bash', '--input', input, '--allow', 'Bash(touch *)');
    expect(fromSettings.json).toMatchObject({ behavior: 'allow' });
  });

  it('takes cliArg rules from --allow, --deny and --ask', async () => {
    expect((await check('--allow', 'Bash(npm *)', ...bash('npm test'))).json).toMatchObject({
      behavior: 'allow',
      reason: { source: 'cliArg', rule: 'Bash(npm *)' },
    });
    expect((await check('--allow', 'Bash', '--deny', 'Bash(rm *)', ...bash('rm -rf x'))).json).toMatchObject({
      behavior: 'deny',
      reason: { source: 'cliArg' },
    });
    expect(
      (
        await check(
          '--ask',
          'Edit(*.lock)',
          '--mode',
          'bypassPermissions',
          '--tool',
          'Edit',
          '--input',
          JSON.stringify({ file_path: join(cwd, 'a.lock') }),
        )
      ).json,
    ).toMatchObject({
      behavior: 'ask',
      step: '1f',
    });
  });

  it('reports a protected path in bypass mode', async () => {
    const { json } = await check(
      '--mode',
      'bypassPermissions',
      '--tool',
      'Write',
      '--input',
      JSON.stringify({ file_path: join(cwd, '.git', 'config') }),
    );
    expect(json).toMatchObject({
      behavior: 'ask',
      reason: { type: 'safetyCheck', path: join(cwd, '.git', 'config') },
      step: '1g',
    });
  });

  it('reports the mode', async () => {
    const { json } = await check(
      '--mode',
      'acceptEdits',
      '--tool',
      'Edit',
      '--input',
      JSON.stringify({ file_path: 'src/a.ts' }),
    );
    expect(json).toMatchObject({
      behavior: 'allow',
      reason: { type: 'mode', mode: 'acceptEdits' },
      step: '2a',
    });
  });

  it('denies in headless mode unless the hook allows', async () => {
    expect((await check('--headless', ...bash('npm install'))).json).toMatchObject({
      behavior: 'deny',
      reason: { type: 'headless' },
    });
    expect((await check('--headless', '--hook-allow', ...bash('npm install'))).json).toMatchObject({
      behavior: 'allow',
      reason: { type: 'hook' },
    });
    expect((await check('--hook-allow', ...bash('npm install'))).json).toMatchObject({
      behavior: 'allow',
      reason: { type: 'hook' },
    });
  });

  it('lets the heuristic classifier answer in auto mode', async () => {
    expect((await check('--mode', 'auto', ...bash('sudo rm -rf /var/x'))).json).toMatchObject({
      behavior: 'deny',
      reason: { type: 'classifier', risk: 'privileged' },
    });
  });

  it('prints its usage for --help', async () => {
    const { code, stdout } = await check('--help');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: gatehouse check --tool NAME/);
  });

  it.each([
    [
      ['--tool', 'Bash', '--frobnicate'],
      'gatehouse check: unknown option --frobnicate. Run "gatehouse check --help" for usage.\n',
    ],
    [
      ['--input', '{}'],
      'gatehouse check: --tool is required, e.g. --tool Bash. Run "gatehouse check --help" for usage.\n',
    ],
    [
      ['--tool', 'Bash', '--input', '{nope'],
      `gatehouse check: --input is not valid JSON; give an object such as '{"command":"ls"}'. Run "gatehouse check --help" for usage.\n`,
    ],
    [
      ['--tool', 'Bash', '--input', '[1]'],
      `gatehouse check: --input must be a JSON object such as '{"command":"ls"}'. Run "gatehouse check --help" for usage.\n`,
    ],
    [
      ['--tool', 'Bash', '--mode', 'yolo'],
      'gatehouse check: --mode must be one of default, acceptEdits, plan, auto, dontAsk, bypassPermissions, not "yolo". Run "gatehouse check --help" for usage.\n',
    ],
    [
      ['--tool', 'Bash', '--profile', 'codex'],
      'gatehouse check: --profile must be agent or claude, not "codex". Run "gatehouse check --help" for usage.\n',
    ],
    [
      ['--tool', 'Bash', 'extra'],
      'gatehouse check: unexpected argument "extra". Run "gatehouse check --help" for usage.\n',
    ],
    [
      ['--tool', 'Bash', '--allow', 'Bash('],
      'gatehouse check: The allow rule from the command line is invalid: the rule "Bash(" opens "(" after "Bash" but never closes it.\n',
    ],
  ])('refuses %j with one sentence and exit 2', async (args, message) => {
    const { code, stderr, stdout } = await check(...args);
    expect({ code, stderr, stdout }).toEqual({ code: 2, stderr: message, stdout: '' });
  });

  it('exits 2 naming a malformed settings file', async () => {
    const file = settings(
      join(cwd, '.claude', 'settings.local.json'),
      '{"permissions": {"allow": ["Bash(git *)",]}}',
    );
    const { code, stderr } = await check(...bash('ls'));
    expect(code).toBe(2);
    expect(stderr).toBe(
      `gatehouse check: The settings file ${file} is not valid JSON (Unexpected token ']').\n`,
    );
  });

  it('exits 2 naming the file of a rule that cannot be compiled', async () => {
    const file = settings(join(home, '.claude', 'settings.json'), {
      deny: ['Read', 'WebFetch(example.com)'],
    });
    const { code, stderr } = await check(...bash('ls'));
    expect(code).toBe(2);
    expect(stderr).toBe(
      `gatehouse check: The settings file ${file} has an invalid rule at permissions.deny[1]: "WebFetch(example.com)" is not a valid WebFetch rule: write WebFetch(domain:example.com).\n`,
    );
  });

  it('exits 2 when policy disables the bypass mode asked for', async () => {
    settings(policy, { disableBypassPermissionsMode: 'disable' });
    const { code, stderr } = await check('--mode', 'bypassPermissions', ...bash('ls'));
    expect(code).toBe(2);
    expect(stderr).toBe(
      `gatehouse check: bypassPermissions mode is disabled by ${policy} (disableBypassPermissionsMode).\n`,
    );
  });

  it('exits 2 for a --cwd that does not exist', async () => {
    const { code, stderr } = await check('--cwd', join(root.path, 'nope'), ...bash('ls'));
    expect(code).toBe(2);
    expect(stderr).toMatch(/^gatehouse check: the folder ".*nope" given to --cwd does not exist\. Run/);
  });
});
