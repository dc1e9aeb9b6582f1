/**
 * Claude Code's rule semantics (docs/engine.md), statement by statement, through the whole pipeline (fake
 * Bash analyser).
 */
import { describe, expect, it } from 'vitest';
import { createPermissionContext } from '../context/context';
import { listRules } from '../review/listing';
import { CWD, HOME, contextWith, layer, type RuleLists } from '../testing/build';
import { fakeBash } from '../testing/fake-bash';
import { compileDomainPattern } from '../matchers/domain';
import { protectedPathOf } from '../safety/protected-paths';
import type { PermissionMode } from '../types';
import { decide } from './decide';

const deps = { bash: fakeBash };
type Call = { toolName: string; input: Record<string, unknown> };
const bash = (command: string, extra: Record<string, unknown> = {}): Call => ({
  toolName: 'Bash',
  input: { command, ...extra },
});
const fetch = (url: string): Call => ({ toolName: 'WebFetch', input: { url, prompt: 'summarise' } });
const tool = (toolName: string, input: Record<string, unknown> = {}): Call => ({ toolName, input });
const behaviorOf = (rules: RuleLists, call: Call, mode?: PermissionMode) =>
  decide(contextWith(rules, mode ? { mode } : {}), call, deps).behavior;

describe('§3.1 evaluation order', () => {
  it.each([
    [
      'deny before ask before allow',
      { deny: ['Bash(git push *)'], ask: ['Bash(git *)'], allow: ['Bash(git *)'] },
      bash('git push'),
      'deny',
    ],
    ['ask before allow', { ask: ['Bash(git *)'], allow: ['Bash(git status)'] }, bash('git status'), 'ask'],
    [
      'specificity is ignored: a broad deny carries no allow exception',
      { deny: ['Bash(aws *)'], allow: ['Bash(aws s3 ls)'] },
      bash('aws s3 ls'),
      'deny',
    ],
    ['a scoped deny blocks matching calls only', { deny: ['Bash(rm *)'] }, bash('ls'), 'allow'],
  ] as const)('%s', (_says, rules, call, expected) => {
    expect(behaviorOf(rules, call)).toBe(expected);
  });
});

describe('§3.2 Bash (pipeline view; pattern details are engine/bash tests)', () => {
  it.each([
    [
      'the legacy :* prefix form',
      { allow: ['Bash(npm run test:*)'] },
      bash('npm run test -- --watch'),
      'allow',
    ],
    ['wildcards anywhere', { allow: ['Bash(git * main)'] }, bash('git push origin main'), 'allow'],
    [
      'compound: every subcommand must match',
      { allow: ['Bash(git *)'] },
      bash('git add . && npm publish'),
      'ask',
    ],
    ['compound: a pipe splits too', { allow: ['Bash(git *)'] }, bash('git log | sh'), 'ask'],
    [
      'compound: deny if any subcommand matches',
      { deny: ['Bash(curl *)'], allow: ['Bash(echo *)'] },
      bash('echo a; curl x.com'),
      'deny',
    ],
    ['$() is never approved by an allow rule', { allow: ['Bash(echo *)'] }, bash('echo $(whoami)'), 'ask'],
    ['$() contents are checked by deny rules', { deny: ['Bash(rm *)'] }, bash('echo $(rm -rf x)'), 'deny'],
    ['backticks are never approved', { allow: ['Bash(echo *)'] }, bash('echo `id`'), 'ask'],
    ['eval is never approved', { allow: ['Bash(eval *)'] }, bash('eval ls'), 'ask'],
    ['the read-only set needs no rule', {}, bash('ls -la && pwd'), 'allow'],
    [
      'read-only is not configurable away by allow-only lists',
      { allow: ['Bash(npm *)'] },
      bash('cat README.md'),
      'allow',
    ],
    ['a read-only command reading outside the working folders asks', {}, bash('cat /etc/shadow'), 'ask'],
    ['a Read deny stops cat', { deny: ['Read(./.env)'] }, bash('cat .env'), 'deny'],
    ['unparseable commands always prompt', { allow: ['Bash'] }, bash("echo 'unterminated"), 'allow'],
    [
      'unparseable commands prompt without a tool-wide allow',
      { allow: ['Bash(echo *)'] },
      bash("echo 'unterminated"),
      'ask',
    ],
    [
      'unparseable commands still meet deny rules',
      { deny: ['Bash(echo *)'] },
      bash("echo 'unterminated"),
      'deny',
    ],
    [
      'over 10,000 characters always prompts',
      { allow: ['Bash(echo *)'] },
      bash(`echo ${'a'.repeat(10_001)}`),
      'ask',
    ],
    [
      'a redirect is checked as a write against Edit rules',
      { allow: ['Bash(echo *)'], deny: ['Edit(*.lock)'] },
      bash('echo x > yarn.lock'),
      'deny',
    ],
    ['a redirect needs its own approval', { allow: ['Bash(echo *)'] }, bash('echo x > out.txt'), 'ask'],
    [
      'an Edit allow rule approves the redirect',
      { allow: ['Bash(echo *)', 'Edit(out.txt)'] },
      bash('echo x > out.txt'),
      'allow',
    ],
    ['/dev/null is exempt', { allow: ['Bash(echo *)'] }, bash('echo x > /dev/null'), 'allow'],
    [
      'Bash(param:value) denies by parameter',
      { deny: ['Bash(run_in_background:true)'] },
      bash('npm start', { run_in_background: true }),
      'deny',
    ],
    [
      'Bash(param:value) leaves other values alone',
      { deny: ['Bash(run_in_background:true)'], allow: ['Bash(npm *)'] },
      bash('npm start', { run_in_background: false }),
      'allow',
    ],
    ['Bash(git:*) stays the legacy prefix form', { allow: ['Bash(git:*)'] }, bash('git status'), 'allow'],
  ] as const)('%s', (_says, rules, call, expected) => {
    expect(behaviorOf(rules, call)).toBe(expected);
  });

  it('keeps a tool-wide Bash allow behind the unparseable-command rule only in the sense of 2b', () => {
    // A bare `Bash` allow is a global allow (step 2b): it approves what the tool could not judge.
    expect(decide(contextWith({ allow: ['Bash'] }), bash("echo 'x"), deps).step).toBe('2b');
  });
});

describe('§3.3 Read and Edit', () => {
  const edit = (file_path: string) => tool('Edit', { file_path });
  it.each([
    [
      'Edit rules cover Write',
      { deny: ['Edit(./dist/**)'] },
      tool('Write', { file_path: `${CWD}/dist/a.js` }),
      'deny',
    ],
    [
      'Edit rules cover MultiEdit',
      { deny: ['Edit(./dist/**)'] },
      tool('MultiEdit', { file_path: `${CWD}/dist/a.js`, edits: [] }),
      'deny',
    ],
    [
      'Edit rules cover NotebookEdit',
      { deny: ['Edit(*.ipynb)'] },
      tool('NotebookEdit', { notebook_path: `${CWD}/a.ipynb` }),
      'deny',
    ],
    [
      'Write(...) path rules are never consulted',
      { deny: ['Write(./dist/**)'] },
      tool('Write', { file_path: `${CWD}/dist/a.js` }),
      'ask',
    ],
    [
      'NotebookEdit(...) path rules are never consulted',
      { allow: ['NotebookEdit(*.ipynb)'] },
      tool('NotebookEdit', { notebook_path: `${CWD}/a.ipynb` }),
      'ask',
    ],
    [
      'a bare Write still names the tool',
      { deny: ['Write'] },
      tool('Write', { file_path: `${CWD}/a` }),
      'deny',
    ],
    [
      'Read rules cover Grep',
      { deny: ['Read(./secrets/**)'] },
      tool('Grep', { pattern: 'x', path: `${CWD}/secrets/a` }),
      'deny',
    ],
    [
      'Read rules cover Glob',
      { deny: ['Read(//etc/**)'] },
      tool('Glob', { pattern: '*', path: '/etc/ssl' }),
      'deny',
    ],
    ['a Read deny also blocks editing', { deny: ['Read(./.env)'] }, edit(`${CWD}/.env`), 'deny'],
    [
      'a Read allow outside the cwd allows reading',
      { allow: ['Read(~/.zshrc)'] },
      tool('Read', { file_path: `${HOME}/.zshrc` }),
      'allow',
    ],
    [
      'an Edit allow rule allows an edit',
      { allow: ['Edit(/src/**/*.ts)'] },
      edit(`${CWD}/src/a/b.ts`),
      'allow',
    ],
    [
      'a relative file_path resolves against the cwd',
      { deny: ['Edit(./dist/**)'] },
      edit('dist/a.js'),
      'deny',
    ],
    [
      'a ~ file_path resolves against home',
      { deny: ['Read(~/.ssh/**)'] },
      tool('Read', { file_path: '~/.ssh/id_ed25519' }),
      'deny',
    ],
    [
      'Windows paths normalise to /c/...',
      { deny: ['Read(//c/Users/alice/**)'] },
      tool('Read', { file_path: 'C:\\Users\\alice\\a.txt' }),
      'deny',
    ],
  ] as const)('%s', (_says, rules, call, expected) => {
    expect(behaviorOf(rules, call)).toBe(expected);
  });

  it('warns about path rules that are never consulted', () => {
    const listed = listRules(contextWith({ deny: ['Write(./dist/**)'] }));
    expect(listed[0]!.warning).toBe(
      '"Write(./dist/**)" is never consulted: path rules for Write are written as Edit(...)',
    );
  });

  it('anchors /path per source: local settings at the cwd, user settings at ~/.claude', () => {
    const context = createPermissionContext({
      cwd: CWD,
      home: HOME,
      settings: [
        layer('userSettings', { deny: ['Read(/agents/**)'] }),
        layer('localSettings', { deny: ['Read(/private/**)'] }),
      ],
    });
    expect(decide(context, tool('Read', { file_path: `${HOME}/.claude/agents/a.md` }), deps).behavior).toBe(
      'deny',
    );
    expect(decide(context, tool('Read', { file_path: `${CWD}/agents/a.md` }), deps).behavior).toBe('allow');
    expect(decide(context, tool('Read', { file_path: `${CWD}/private/a` }), deps).behavior).toBe('deny');
  });

  it('anchors cliArg and session /path rules at the cwd', () => {
    const context = createPermissionContext({
      cwd: CWD,
      home: HOME,
      rules: [{ source: 'cliArg', behavior: 'deny', rule: 'Read(/private/**)' }],
    });
    expect(decide(context, tool('Read', { file_path: `${CWD}/private/a` }), deps).behavior).toBe('deny');
  });

  it('follows symlinks: a deny applies if the link or the target matches; an allow needs both', () => {
    const links: Record<string, string> = {
      [`${CWD}/link.txt`]: '/secrets/real.txt',
      [`${CWD}/ok.txt`]: `${CWD}/src/ok.txt`,
    };
    const realpath = (p: string) => links[p];
    const deny = contextWith({ deny: ['Read(//secrets/**)'] });
    expect(decide(deny, tool('Read', { file_path: `${CWD}/link.txt` }), { ...deps, realpath }).behavior).toBe(
      'deny',
    );
    const allow = contextWith({ allow: ['Edit(./link.txt)'] });
    expect(
      decide(allow, tool('Edit', { file_path: `${CWD}/link.txt` }), { ...deps, realpath }).behavior,
    ).toBe('ask');
    const both = contextWith({ allow: ['Edit(./ok.txt)', 'Edit(./src/ok.txt)'] });
    expect(decide(both, tool('Edit', { file_path: `${CWD}/ok.txt` }), { ...deps, realpath }).behavior).toBe(
      'allow',
    );
  });
});

describe('§3.4 WebFetch, MCP and other rule types', () => {
  it.each([
    ['example.com', 'example.com', true],
    ['example.com', 'EXAMPLE.com.', true],
    ['example.com', 'www.example.com', false],
    ['*.example.com', 'a.b.example.com', true],
    ['*.example.com', 'example.com', false],
    ['example.*', 'example.org', true],
    ['example.*', 'example.evil.com', false],
    ['*', 'anything.at.all', true],
  ])('domain:%s against %s: %s', (pattern, host, expected) => {
    expect(compileDomainPattern(pattern)(host)).toBe(expected);
  });

  it.each([
    [
      'WebFetch(domain:) matches the hostname',
      { allow: ['WebFetch(domain:docs.rs)'] },
      fetch('https://docs.rs/ignore'),
      'allow',
    ],
    [
      'not the path or another host',
      { allow: ['WebFetch(domain:docs.rs)'] },
      fetch('https://evil.com/docs.rs'),
      'ask',
    ],
    ['domain:* is bare WebFetch', { deny: ['WebFetch(domain:*)'] }, fetch('https://a.b'), 'deny'],
    ['an unparseable URL asks', { allow: ['WebFetch(domain:*)'] }, fetch('not a url'), 'ask'],
    [
      'mcp__server matches the whole server',
      { allow: ['mcp__puppeteer'] },
      tool('mcp__puppeteer__navigate'),
      'allow',
    ],
    [
      'mcp__server__* matches the whole server',
      { allow: ['mcp__puppeteer__*'] },
      tool('mcp__puppeteer__navigate'),
      'allow',
    ],
    [
      'mcp__server does not match another server',
      { allow: ['mcp__puppeteer'] },
      tool('mcp__puppeteer2__navigate'),
      'ask',
    ],
    [
      'one tool',
      { allow: ['mcp__puppeteer__puppeteer_navigate'] },
      tool('mcp__puppeteer__puppeteer_navigate'),
      'allow',
    ],
    ['a tool-name glob', { allow: ['mcp__github__get_*'] }, tool('mcp__github__get_issue'), 'allow'],
    [
      'a tool-name glob does not cross the prefix',
      { allow: ['mcp__github__get_*'] },
      tool('mcp__github__create_issue'),
      'ask',
    ],
    ['an allow of "*" is skipped', { allow: ['*'] }, tool('mcp__github__create_issue'), 'ask'],
    ['an allow of "mcp__*" is skipped', { allow: ['mcp__*'] }, tool('mcp__github__create_issue'), 'ask'],
    ['a deny of "mcp__*" applies', { deny: ['mcp__*'] }, tool('mcp__github__get_issue'), 'deny'],
    ['an ask of "*" applies', { ask: ['*'] }, tool('Read', { file_path: `${CWD}/a` }), 'ask'],
    ['plugin servers are servers', { deny: ['mcp__plugin_x_db'] }, tool('mcp__plugin_x_db__query'), 'deny'],
    [
      'Agent(Explore) matches the subagent type',
      { allow: ['Agent(Explore)'] },
      tool('Agent', { subagent_type: 'Explore', prompt: 'p' }),
      'allow',
    ],
    [
      'Agent(model:opus) denies by parameter',
      { deny: ['Agent(model:opus)'] },
      tool('Agent', { subagent_type: 'Explore', model: 'opus' }),
      'deny',
    ],
    [
      'param:value is not for allow rules',
      { allow: ['Agent(model:opus)'] },
      tool('Agent', { subagent_type: 'Explore', model: 'opus' }),
      'ask',
    ],
    [
      'param:value never matches the primary field',
      { deny: ['Agent(subagent_type:Explore)'] },
      tool('Agent', { subagent_type: 'Explore' }),
      'ask',
    ],
    [
      'param:value on an MCP tool',
      { ask: ['mcp__db__query(database:prod)'] },
      tool('mcp__db__query', { database: 'prod' }),
      'ask',
    ],
    [
      'param:value on an MCP tool, other value',
      { ask: ['mcp__db__query(database:prod)'], allow: ['mcp__db'] },
      tool('mcp__db__query', { database: 'dev' }),
      'allow',
    ],
    [
      'Skill(name *) matches the skill',
      { allow: ['Skill(deploy *)'] },
      tool('Skill', { skill: 'deploy' }),
      'allow',
    ],
  ] as const)('%s', (_says, rules, call, expected) => {
    expect(behaviorOf(rules, call)).toBe(expected);
  });

  it('warns when an allow glob is skipped', () => {
    expect(listRules(contextWith({ allow: ['mcp__*'] }))[0]!.warning).toBe(
      'the allow rule "mcp__*" is skipped: an allow glob must start with a literal "mcp__<server>__"',
    );
  });

  it('refuses a WebFetch rule that is not domain:, naming the file', () => {
    expect(() => contextWith({ deny: ['WebFetch(https://x.com)'] })).toThrow(
      `The settings file ${CWD}/.claude/settings.json has an invalid rule at permissions.deny[0]: "WebFetch(https://x.com)" is not a valid WebFetch rule: write WebFetch(domain:example.com).`,
    );
  });
});

describe('§3.5 modes and protected paths', () => {
  it.each([
    ['.git/config'],
    ['.config/git/config'],
    ['.vscode/settings.json'],
    ['.idea/workspace.xml'],
    ['.husky/pre-commit'],
    ['.cargo/config.toml'],
    ['.devcontainer/devcontainer.json'],
    ['.yarn/releases/yarn.cjs'],
    ['.mvn/wrapper/maven-wrapper.properties'],
    ['.claude/settings.json'],
    ['.agent/settings.local.json'],
    ['.gitconfig'],
    ['.bashrc'],
    ['.zshrc'],
    ['.npmrc'],
    ['.mcp.json'],
    ['.claude.json'],
    ['.GIT/config'],
    ['.claude/worktrees/t/.git/config'],
  ])('%s is protected', (rel) => {
    expect(protectedPathOf(`${CWD}/${rel}`)).toBeDefined();
  });

  it.each([
    ['.claude/worktrees/t/src/a.ts'],
    ['src/.gitkeep'],
    ['docs/git/readme.md'],
    ['.github/workflows/ci.yml'],
  ])('%s is not protected', (rel) => {
    expect(protectedPathOf(`${CWD}/${rel}`)).toBeUndefined();
  });

  it('treats alias spellings as protected and never classifier-approvable', () => {
    expect(protectedPathOf(`${CWD}/GIT~1/config`)).toMatchObject({ classifierApprovable: false });
    expect(protectedPathOf(`${CWD}/.git./config`)).toMatchObject({ classifierApprovable: false });
    expect(protectedPathOf(`${CWD}/a.txt::$DATA`)).toMatchObject({ classifierApprovable: false });
  });

  it.each([
    ['default', 'ask'],
    ['acceptEdits', 'ask'],
    ['plan', 'ask'],
    ['dontAsk', 'deny'],
    ['bypassPermissions', 'ask'],
  ] as const)('protected paths still prompt in %s (never silently allowed)', (mode, expected) => {
    expect(behaviorOf({ allow: ['Edit'] }, tool('Edit', { file_path: `${CWD}/.git/config` }), mode)).toBe(
      expected,
    );
  });

  it('rm/rmdir on critical paths need approval in every mode', () => {
    expect(behaviorOf({ allow: ['Bash(rm *)'] }, bash('rm -rf /'), 'bypassPermissions')).toBe('ask');
    expect(behaviorOf({ allow: ['Bash(rm *)'] }, bash('rmdir /usr'), 'acceptEdits')).toBe('ask');
    expect(behaviorOf({ allow: ['Bash(rm *)'] }, bash('rm -rf build'), 'default')).toBe('allow');
  });
});

describe('symlinked working folders', () => {
  it('treats files under a symlinked cwd as inside it, not as links elsewhere', () => {
    // macOS: /tmp is a link to /private/tmp, so every path under a /tmp cwd resolves elsewhere.
    const realpath = (p: string) => (p.startsWith('/tmp/') ? `/private${p}` : p);
    const context = createPermissionContext({ cwd: '/tmp/project', home: HOME, mode: 'acceptEdits' });
    expect(
      decide(context, tool('Edit', { file_path: '/tmp/project/src/a.ts' }), { ...deps, realpath }).behavior,
    ).toBe('allow');
    expect(
      decide(context, tool('Read', { file_path: '/tmp/project/src/a.ts' }), { ...deps, realpath }).behavior,
    ).toBe('allow');
  });
});
