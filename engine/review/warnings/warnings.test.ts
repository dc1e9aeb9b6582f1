import { beforeAll, describe, expect, it } from 'vitest';
import { createPermissionContext, type MemoryRule, type SettingsLayer } from '../../context/context';
import { emptySettings } from '../../context/settings';
import { decide } from '../../pipeline/decide';
import { loadInstalledBashSupport } from '../../node/bash-wasm';
import type { BashSupport } from '../../tools/bash-tool';
import type { ToolCall } from '../../tools/types';
import type { RuleBehavior } from '../../types';
import { parseRule } from '../../rules/syntax';
import { analyzeRules, type RuleWarningKind } from '.';

const cwd = '/work/p';
const home = '/home/dev';
let bash: BashSupport;
beforeAll(async () => {
  bash = await loadInstalledBashSupport();
});

type Rules = readonly (readonly [RuleBehavior, string])[];

function sessionContext(rules: Rules) {
  const memory: MemoryRule[] = rules.map(([behavior, rule]) => ({ source: 'session', behavior, rule }));
  return createPermissionContext({ cwd, home, rules: memory });
}

function layer(
  source: SettingsLayer['source'],
  file: string,
  anchorDir: string,
  rules: Rules,
): SettingsLayer {
  const lists = { deny: [] as string[], ask: [] as string[], allow: [] as string[] };
  for (const [behavior, rule] of rules) lists[behavior].push(rule);
  const values = (texts: string[]) => texts.map((t) => (parseRule(t) as { ok: true; value: never }).value);
  return {
    source,
    file,
    anchorDir,
    exists: true,
    settings: {
      ...emptySettings,
      rules: { deny: values(lists.deny), ask: values(lists.ask), allow: values(lists.allow) },
    },
  };
}

const flagged = (rules: Rules, kind: RuleWarningKind, history?: readonly ToolCall[]) =>
  analyzeRules(sessionContext(rules), { history, bash })
    .filter((w) => w.kind === kind)
    .map((w) => `${w.rule.behavior} ${w.rule.text}`);

const bashCall = (command: string): ToolCall => ({ toolName: 'Bash', input: { command } });
const read = (file_path: string): ToolCall => ({ toolName: 'Read', input: { file_path } });

describe('shadowed', () => {
  // Each provable case names a call its subject matches alone; with every rule present, the engine must
  // decide that call by another rule, which is what "can never apply" promises.
  it.each<[string, Rules, string, ToolCall]>([
    [
      'a narrower Bash allow under a deny',
      [
        ['deny', 'Bash(git *)'],
        ['allow', 'Bash(git push *)'],
      ],
      'allow Bash(git push *)',
      bashCall('git push origin'),
    ],
    [
      'the legacy prefix form',
      [
        ['deny', 'Bash(git:*)'],
        ['allow', 'Bash(git push:*)'],
      ],
      'allow Bash(git push:*)',
      bashCall('git push'),
    ],
    [
      'the bare command under `cmd *`',
      [
        ['deny', 'Bash(git *)'],
        ['allow', 'Bash(git)'],
      ],
      'allow Bash(git)',
      bashCall('git'),
    ],
    [
      'a Bash allow under a tool-wide deny',
      [
        ['deny', 'Bash'],
        ['allow', 'Bash(npm test)'],
      ],
      'allow Bash(npm test)',
      bashCall('npm test'),
    ],
    [
      'a tool-wide allow under the same deny',
      [
        ['deny', 'Bash'],
        ['allow', 'Bash'],
      ],
      'allow Bash',
      bashCall('ls'),
    ],
    [
      'an ask under a deny',
      [
        ['deny', 'Bash(rm *)'],
        ['ask', 'Bash(rm -rf *)'],
      ],
      'ask Bash(rm -rf *)',
      bashCall('rm -rf build'),
    ],
    [
      'an allow under an ask',
      [
        ['ask', 'Bash(npm publish *)'],
        ['allow', 'Bash(npm publish --dry-run)'],
      ],
      'allow Bash(npm publish --dry-run)',
      bashCall('npm publish --dry-run'),
    ],
    [
      'an allow under a deny that matches everything',
      [
        ['deny', 'Bash(* *)'],
        ['allow', 'Bash(ls)'],
      ],
      'allow Bash(ls)',
      bashCall('ls'),
    ],
    [
      'a file under a denied folder',
      [
        ['deny', 'Read(//etc/**)'],
        ['allow', 'Read(//etc/ssl/cert.pem)'],
      ],
      'allow Read(//etc/ssl/cert.pem)',
      read('/etc/ssl/cert.pem'),
    ],
    [
      'a folder under a denied folder',
      [
        ['deny', 'Read(~/.ssh/**)'],
        ['allow', 'Read(~/.ssh/keys/*.pub)'],
      ],
      'allow Read(~/.ssh/keys/*.pub)',
      read('/home/dev/.ssh/keys/a.pub'),
    ],
    [
      'an edit under a Read deny, which blocks edits too',
      [
        ['deny', 'Read(//etc/**)'],
        ['allow', 'Edit(//etc/hosts)'],
      ],
      'allow Edit(//etc/hosts)',
      { toolName: 'Edit', input: { file_path: '/etc/hosts' } },
    ],
    [
      'an edit ask under an edit deny',
      [
        ['deny', 'Edit(//etc/**)'],
        ['ask', 'Edit(//etc/hosts)'],
      ],
      'ask Edit(//etc/hosts)',
      { toolName: 'Write', input: { file_path: '/etc/hosts' } },
    ],
    [
      'an MCP tool under its server',
      [
        ['deny', 'mcp__github'],
        ['allow', 'mcp__github__create_issue'],
      ],
      'allow mcp__github__create_issue',
      { toolName: 'mcp__github__create_issue', input: {} },
    ],
    [
      'a server under a glob',
      [
        ['deny', 'mcp__*'],
        ['allow', 'mcp__github'],
      ],
      'allow mcp__github',
      { toolName: 'mcp__github__x', input: {} },
    ],
    [
      'a WebFetch allow under a tool-wide ask',
      [
        ['ask', 'WebFetch'],
        ['allow', 'WebFetch(domain:example.com)'],
      ],
      'allow WebFetch(domain:example.com)',
      { toolName: 'WebFetch', input: { url: 'https://example.com' } },
    ],
  ])('%s', (_name, rules, expected, call) => {
    expect(flagged(rules, 'shadowed')).toEqual([expected]);
    const [behavior, text] = expected.split(/ (.*)/) as [RuleBehavior, string];
    expect(decide(sessionContext([[behavior, text]]), call, { bash }).reason.type).toBe('rule');
    const full = decide(sessionContext(rules), call, { bash });
    expect(full.reason.type === 'rule' && `${full.reason.rule.behavior} ${full.reason.rule.text}`).not.toBe(
      expected,
    );
  });

  it.each<[string, Rules]>([
    [
      'unrelated commands',
      [
        ['deny', 'Bash(git push *)'],
        ['allow', 'Bash(git status)'],
      ],
    ],
    [
      'an allow broader than the deny',
      [
        ['deny', 'Bash(git push *)'],
        ['allow', 'Bash(git *)'],
      ],
    ],
    [
      'a word boundary',
      [
        ['deny', 'Bash(ls *)'],
        ['allow', 'Bash(lsof)'],
      ],
    ],
    // Glob, Grep, LS and Bash's `cat` consult Read(...) rules but not a tool-wide `Read` deny.
    [
      'a path allow under a tool-wide Read deny',
      [
        ['deny', 'Read'],
        ['allow', 'Read(./src/**)'],
      ],
    ],
    // The sandbox skips a tool-wide Bash ask (step 1b).
    [
      'a Bash allow under a tool-wide Bash ask',
      [
        ['ask', 'Bash'],
        ['allow', 'Bash(git status)'],
      ],
    ],
    [
      'the folder itself under its `/**`',
      [
        ['deny', 'Read(./src/**)'],
        ['allow', 'Read(./src)'],
      ],
    ],
    [
      'an any-depth name',
      [
        ['deny', 'Read(./src/**)'],
        ['allow', 'Read(*.ts)'],
      ],
    ],
    [
      'a sibling folder',
      [
        ['deny', 'Read(//etc/ssl/**)'],
        ['allow', 'Read(//etc/ssh/x)'],
      ],
    ],
    [
      'an Edit deny, which does not block reads',
      [
        ['deny', 'Edit(//etc/**)'],
        ['allow', 'Read(//etc/hosts)'],
      ],
    ],
    // A deny read as a parameter (`foo:x*` when the call has `foo`) may not match what its text does.
    [
      'a deny that is also a param rule',
      [
        ['deny', 'Bash(foo:x*)'],
        ['allow', 'Bash(foo:xy)'],
      ],
    ],
    [
      'two allows',
      [
        ['allow', 'Bash(git *)'],
        ['allow', 'Bash(git push *)'],
      ],
    ],
    [
      'a deny after the allow in no order that matters',
      [
        ['allow', 'Bash(git push *)'],
        ['deny', 'Bash(git pull *)'],
      ],
    ],
    // `mcp__a___x` belongs to server `a`, not `a_`.
    [
      'a server name ending in an underscore',
      [
        ['deny', 'mcp__a_'],
        ['allow', 'mcp__a___x'],
      ],
    ],
  ])('not for %s', (_name, rules) => {
    expect(flagged(rules, 'shadowed')).toEqual([]);
  });

  it('says which rule wins, from where', () => {
    const [warning] = analyzeRules(
      sessionContext([
        ['deny', 'Bash(git *)'],
        ['allow', 'Bash(git push *)'],
      ]),
    );
    expect(warning).toMatchObject({ kind: 'shadowed', by: { text: 'Bash(git *)', behavior: 'deny' } });
    expect(warning?.message).toBe(
      'The allow rule Bash(git push *) from this session can never apply: every call it matches is first denied by Bash(git *) from this session.',
    );
  });
});

describe('duplicate', () => {
  const project = '/work/p/.claude/settings.json';
  const user = '/home/dev/.claude/settings.json';

  it('in one file, naming both places', () => {
    const context = createPermissionContext({
      cwd,
      home,
      settings: [
        layer('projectSettings', project, cwd, [
          ['allow', 'Bash(git *)'],
          ['allow', 'Bash(ls)'],
          ['allow', 'Bash(git *)'],
        ]),
      ],
    });
    const warnings = analyzeRules(context).filter((w) => w.kind === 'duplicate');
    expect(warnings.map((w) => [w.rule.index, w.by?.index])).toEqual([[2, 0]]);
    expect(warnings[0]?.message).toBe(
      `The allow rule Bash(git *) appears twice in project settings (${project}) (permissions.allow[0] and [2]); the first copy applies, so this one can be removed.`,
    );
  });

  it('across sources, naming the one that applies', () => {
    const context = createPermissionContext({
      cwd,
      home,
      settings: [
        layer('projectSettings', project, cwd, [['deny', 'Read(./.env)']]),
        layer('userSettings', user, '/home/dev/.claude', [['deny', 'Read(./.env)']]),
      ],
    });
    const [warning] = analyzeRules(context);
    expect(warning).toMatchObject({
      kind: 'duplicate',
      rule: { source: 'projectSettings' },
      by: { source: 'userSettings' },
    });
    expect(warning?.message).toBe(
      `The deny rule Read(./.env) in project settings (${project}) repeats the one in user settings (${user}), which comes first and applies, so this one can be removed.`,
    );
  });

  it.each<[string, Rules, string[]]>([
    [
      'spelled differently, parsed the same',
      [
        ['allow', 'Bash(*)'],
        ['allow', 'Bash'],
      ],
      ['allow Bash'],
    ],
    [
      'the same text as allow and deny',
      [
        ['allow', 'Bash(ls)'],
        ['deny', 'Bash(ls)'],
      ],
      [],
    ],
    [
      'different spacing',
      [
        ['allow', 'Bash(git *)'],
        ['allow', 'Bash(git  *)'],
      ],
      [],
    ],
  ])('%s', (_name, rules, expected) => {
    expect(flagged(rules, 'duplicate')).toEqual(expected);
  });

  it('not for a `/path` rule anchored in different places', () => {
    const context = createPermissionContext({
      cwd,
      home,
      settings: [
        layer('projectSettings', project, cwd, [['deny', 'Read(/agents/**)']]),
        layer('userSettings', user, '/home/dev/.claude', [['deny', 'Read(/agents/**)']]),
      ],
    });
    expect(analyzeRules(context)).toEqual([]);
  });
});

describe('broad-allow', () => {
  it.each([
    'Bash',
    'Bash(*)',
    'Bash(**)',
    'Bash(* *)',
    'Edit',
    'Write',
    'MultiEdit',
    'WebFetch',
    'WebFetch(domain:*)',
    'Edit(//**)',
    'Bash(python *)',
    'Bash(python3:*)',
    'Bash(node *)',
    'Bash(npx *)',
    'Bash(sudo *)',
    'Bash(docker exec *)',
    'Bash(eval *)',
    'Bash(bash -c *)',
    'Bash(sh *)',
    'Bash(sh)',
    'Bash(python3)',
    'Bash(curl *)',
    'Bash(wget:*)',
  ])('%s', (rule) => {
    expect(flagged([['allow', rule]], 'broad-allow')).toHaveLength(1);
  });

  it.each([
    ['allow', 'Bash(git *)'],
    ['allow', 'Bash(npm test)'],
    ['allow', 'Bash(python script.py)'],
    ['allow', 'Bash(node --version)'],
    ['allow', 'Bash(curl https://example.com/health)'],
    ['allow', 'Bash(python3 -m pytest *)'],
    ['allow', 'Read'],
    ['allow', 'Edit(./src/**)'],
    ['allow', 'WebFetch(domain:example.com)'],
    ['allow', 'mcp__github'],
    ['deny', 'Bash'],
    ['ask', 'Bash(python *)'],
  ] as const)('not %s %s', (behavior, rule) => {
    expect(flagged([[behavior, rule]], 'broad-allow')).toEqual([]);
  });

  it('says what it hands over', () => {
    expect(analyzeRules(sessionContext([['allow', 'Bash(npx *)']]))[0]?.message).toBe(
      'The allow rule Bash(npx *) from this session allows `npx` with any arguments, which can run any command without asking.',
    );
  });
});

describe('never-matched', () => {
  const history = [bashCall('git status'), bashCall('npm test && git diff'), read('/work/p/.env')];

  it.each<[string, Rules, string[]]>([
    ['a Bash allow that matched', [['allow', 'Bash(git status)']], []],
    ['a Bash allow that covered part of a compound line', [['allow', 'Bash(npm test)']], []],
    ['a Bash allow that never matched', [['allow', 'Bash(npm publish *)']], ['allow Bash(npm publish *)']],
    ['a path deny that matched', [['deny', 'Read(./.env)']], []],
    [
      'an ask that never matched',
      [['ask', 'WebFetch(domain:example.com)']],
      ['ask WebFetch(domain:example.com)'],
    ],
    ['a tool-wide rule that never matched', [['allow', 'mcp__github']], ['allow mcp__github']],
    // Each rule is tried alone: a deny that shadows another does not hide that the other would have matched.
    [
      'rules tried one at a time',
      [
        ['deny', 'Bash(git *)'],
        ['allow', 'Bash(git status)'],
      ],
      [],
    ],
  ])('%s', (_name, rules, expected) => {
    expect(flagged(rules, 'never-matched', history)).toEqual(expected);
  });

  it('keeps a rule anchored where it was written', () => {
    const context = createPermissionContext({
      cwd,
      home,
      settings: [
        layer('userSettings', '/home/dev/.claude/settings.json', '/home/dev/.claude', [
          ['deny', 'Read(/agents/**)'],
        ]),
      ],
    });
    const past = [read('/home/dev/.claude/agents/reviewer.md')];
    expect(analyzeRules(context, { history: past, bash })).toEqual([]);
    expect(analyzeRules(context, { history: [read('/work/p/agents/reviewer.md')], bash })[0]?.message).toBe(
      'The deny rule Read(/agents/**) from user settings (/home/dev/.claude/settings.json) matched none of the 1 past call in history.',
    );
  });

  it('says nothing without history, or without the parser for rules Bash calls consult', () => {
    const context = sessionContext([
      ['allow', 'Bash(npm publish *)'],
      ['deny', 'Read(./secrets/**)'],
    ]);
    expect(analyzeRules(context)).toEqual([]);
    expect(analyzeRules(context, { history: [], bash })).toEqual([]);
    expect(analyzeRules(context, { history })).toEqual([]);
  });
});
