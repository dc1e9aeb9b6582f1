/**
 * Seed §9.3–9.6, statement by statement, against the pipeline with a fake Bash analyser (the real one runs
 * the Bash tables in tools/bash-tool.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { createPermissionContext, withoutRule, withRules, type ContextOptions } from '../context/context';
import { CWD, HOME, contextWith, layer, type RuleLists } from '../testing/build';
import { fakeBash } from '../testing/fake-bash';
import type { PermissionMode } from '../types';
import type { Classifier } from '../classifier/types';
import { checkPermission } from './check';
import { decide } from './decide';

const deps = { bash: fakeBash };
const bash = (command: string) => ({ toolName: 'Bash', input: { command } });
const edit = (file_path: string) => ({
  toolName: 'Edit',
  input: { file_path, old_string: 'a', new_string: 'b' },
});
const write = (file_path: string) => ({ toolName: 'Write', input: { file_path, content: 'x' } });
const read = (file_path: string) => ({ toolName: 'Read', input: { file_path } });

interface Row {
  readonly says: string;
  readonly rules?: RuleLists;
  readonly options?: Partial<ContextOptions>;
  readonly call: { toolName: string; input: Record<string, unknown> };
  readonly flags?: { sandboxed?: boolean; requiresUserInteraction?: boolean };
  readonly behavior: 'allow' | 'deny' | 'ask';
  readonly step: string;
  readonly reason?: string;
}

const mode = (name: PermissionMode): Partial<ContextOptions> => ({ mode: name });

const rows: Row[] = [
  // §9.3 Step 1a: the global deny comes first and is a veto.
  {
    says: '1a: a tool-wide deny denies',
    rules: { deny: ['Bash'] },
    call: bash('ls'),
    behavior: 'deny',
    step: '1a',
    reason: 'rule',
  },
  {
    says: '1a: deny beats an allow for the same tool',
    rules: { deny: ['Bash'], allow: ['Bash'] },
    call: bash('ls'),
    behavior: 'deny',
    step: '1a',
  },
  {
    says: '1a: even bypass cannot pass a deny',
    rules: { deny: ['WebFetch'] },
    options: mode('bypassPermissions'),
    call: { toolName: 'WebFetch', input: { url: 'https://a.com' } },
    behavior: 'deny',
    step: '1a',
  },
  {
    says: '1a: an MCP server rule denies every tool of that server',
    rules: { deny: ['mcp__server1'] },
    call: { toolName: 'mcp__server1__anything', input: {} },
    behavior: 'deny',
    step: '1a',
  },
  {
    says: '1a: a deny glob "*" denies every tool',
    rules: { deny: ['*'] },
    call: read(`${CWD}/a.ts`),
    behavior: 'deny',
    step: '1a',
  },
  // Step 1b: the global ask, with the sandbox exception.
  {
    says: '1b: a tool-wide ask asks',
    rules: { ask: ['Bash'] },
    call: bash('ls'),
    behavior: 'ask',
    step: '1b',
    reason: 'rule',
  },
  {
    says: '1b: a tool-wide ask asks even in bypass',
    rules: { ask: ['Bash'] },
    options: mode('bypassPermissions'),
    call: bash('ls'),
    behavior: 'ask',
    step: '1b',
  },
  {
    says: '1b: a sandboxed Bash command skips the tool-wide ask',
    rules: { ask: ['Bash'] },
    call: bash('ls'),
    flags: { sandboxed: true },
    behavior: 'allow',
    step: '1c',
  },
  {
    says: '1b: the sandbox exception is for Bash only',
    rules: { ask: ['Read'] },
    call: read(`${CWD}/a`),
    flags: { sandboxed: true },
    behavior: 'ask',
    step: '1b',
  },
  // Step 1c: the tool's own check.
  {
    says: '1c: Bash(git *) allows git commands',
    rules: { allow: ['Bash(git *)'] },
    call: bash('git status'),
    behavior: 'allow',
    step: '1c',
    reason: 'rule',
  },
  {
    says: '1c: each subcommand is checked on its own',
    rules: { allow: ['Bash(git *)'] },
    call: bash('git status && curl x.com'),
    behavior: 'ask',
    step: '3',
  },
  {
    says: '1c: subcommands may be allowed by different rules',
    rules: { allow: ['Bash(git *)', 'Bash(npm test)'] },
    call: bash('git status && npm test'),
    behavior: 'allow',
    step: '1c',
  },
  {
    says: '1c: the edit tool allows nothing by itself in the cwd',
    call: edit(`${CWD}/src/a.ts`),
    behavior: 'ask',
    step: '3',
    reason: 'default',
  },
  {
    says: '1c: reads inside the working folders need no approval',
    call: read(`${CWD}/src/a.ts`),
    behavior: 'allow',
    step: '1c',
    reason: 'tool',
  },
  {
    says: '1c: reads outside the working folders ask',
    call: read('/etc/passwd'),
    behavior: 'ask',
    step: '1c',
  },
  // Step 1d: a tool deny is final.
  {
    says: '1d: a denied subcommand denies the whole line',
    rules: { deny: ['Bash(rm *)'], allow: ['Bash(git *)'] },
    call: bash('git status && rm -rf build'),
    behavior: 'deny',
    step: '1d',
    reason: 'rule',
  },
  {
    says: '1d: a tool deny holds in bypass',
    rules: { deny: ['Bash(rm *)'] },
    options: mode('bypassPermissions'),
    call: bash('rm -rf build'),
    behavior: 'deny',
    step: '1d',
  },
  {
    says: '1d: a path deny holds in acceptEdits',
    rules: { deny: ['Edit(./secrets/**)'] },
    options: mode('acceptEdits'),
    call: edit(`${CWD}/secrets/k`),
    behavior: 'deny',
    step: '1d',
  },
  // Step 1e: requiresUserInteraction.
  {
    says: '1e: AskUserQuestion asks even in bypass',
    options: mode('bypassPermissions'),
    call: { toolName: 'AskUserQuestion', input: { questions: [] } },
    behavior: 'ask',
    step: '1e',
    reason: 'tool',
  },
  {
    says: '1e: an allow rule does not answer for the user',
    rules: { allow: ['AskUserQuestion'] },
    call: { toolName: 'AskUserQuestion', input: {} },
    behavior: 'ask',
    step: '1e',
  },
  {
    says: '1e: an MCP tool flagged as interactive asks in bypass',
    options: mode('bypassPermissions'),
    call: { toolName: 'mcp__s__confirm', input: {} },
    flags: { requiresUserInteraction: true },
    behavior: 'ask',
    step: '1e',
  },
  // Step 1f: content-level ask rules bypass cannot skip.
  {
    says: '1f: Bash(npm publish:*) asks in bypass',
    rules: { ask: ['Bash(npm publish:*)'] },
    options: mode('bypassPermissions'),
    call: bash('npm publish --tag next'),
    behavior: 'ask',
    step: '1f',
    reason: 'rule',
  },
  {
    says: '1f: a content ask beats a content allow',
    rules: { ask: ['Bash(git push *)'], allow: ['Bash(git *)'] },
    call: bash('git push origin main'),
    behavior: 'ask',
    step: '1f',
  },
  {
    says: '1f: an Edit ask rule asks in acceptEdits',
    rules: { ask: ['Edit(*.lock)'] },
    options: mode('acceptEdits'),
    call: edit(`${CWD}/package.lock`),
    behavior: 'ask',
    step: '1f',
  },
  // Step 1g: the safety check.
  {
    says: '1g: editing .git/ asks in bypass',
    options: mode('bypassPermissions'),
    call: edit(`${CWD}/.git/config`),
    behavior: 'ask',
    step: '1g',
    reason: 'safetyCheck',
  },
  {
    says: '1g: editing .agent/settings.json asks in bypass',
    options: mode('bypassPermissions'),
    call: write(`${CWD}/.agent/settings.json`),
    behavior: 'ask',
    step: '1g',
  },
  {
    says: '1g: editing .claude/ asks',
    options: mode('acceptEdits'),
    call: write(`${CWD}/.claude/commands/x.md`),
    behavior: 'ask',
    step: '1g',
  },
  {
    says: '1g: .claude/worktrees is exempt',
    options: mode('acceptEdits'),
    call: write(`${CWD}/.claude/worktrees/t1/src/a.ts`),
    behavior: 'allow',
    step: '2a',
  },
  {
    says: '1g: editing ~/.bashrc asks in bypass',
    options: mode('bypassPermissions'),
    call: edit(`${HOME}/.bashrc`),
    behavior: 'ask',
    step: '1g',
  },
  {
    says: '1g: editing ~/.gitconfig asks in bypass',
    options: mode('bypassPermissions'),
    call: edit(`${HOME}/.gitconfig`),
    behavior: 'ask',
    step: '1g',
  },
  {
    says: '1g: editing .vscode/ asks in bypass',
    options: mode('bypassPermissions'),
    call: edit(`${CWD}/.vscode/tasks.json`),
    behavior: 'ask',
    step: '1g',
  },
  {
    says: '1g: an allow rule cannot pre-approve a protected path',
    rules: { allow: ['Edit(.husky/**)'] },
    call: edit(`${CWD}/.husky/pre-commit`),
    behavior: 'ask',
    step: '1g',
  },
  {
    says: '1g: a redirect into .git asks in bypass',
    options: mode('bypassPermissions'),
    call: bash('echo x > .git/hooks/pre-commit'),
    behavior: 'ask',
    step: '1g',
  },
  {
    says: '1g: rm -rf ~ asks in bypass',
    options: mode('bypassPermissions'),
    call: bash('rm -rf ~'),
    behavior: 'ask',
    step: '1g',
  },
  // §9.4: passthrough becomes ask; global allow is step 2b.
  {
    says: '3: no opinion becomes ask, not allow',
    call: { toolName: 'mcp__db__query', input: {} },
    behavior: 'ask',
    step: '3',
    reason: 'default',
  },
  {
    says: '2b: a tool-wide allow allows',
    rules: { allow: ['mcp__db'] },
    call: { toolName: 'mcp__db__query', input: {} },
    behavior: 'allow',
    step: '2b',
    reason: 'rule',
  },
  {
    says: '2b: a tool-wide allow does not pass a protected path',
    rules: { allow: ['Edit'] },
    call: edit(`${CWD}/.git/HEAD`),
    behavior: 'ask',
    step: '1g',
  },
  {
    says: '2b: a tool-wide allow does not pass a content ask',
    rules: { allow: ['Bash'], ask: ['Bash(git push *)'] },
    call: bash('git push'),
    behavior: 'ask',
    step: '1f',
  },
  // §9.5: the modes.
  {
    says: 'default: an unmatched edit asks',
    options: mode('default'),
    call: edit(`${CWD}/a.ts`),
    behavior: 'ask',
    step: '3',
  },
  {
    says: 'acceptEdits: an edit inside the cwd is allowed',
    options: mode('acceptEdits'),
    call: edit(`${CWD}/a.ts`),
    behavior: 'allow',
    step: '2a',
    reason: 'mode',
  },
  {
    says: 'acceptEdits: Write and NotebookEdit are edits too',
    options: mode('acceptEdits'),
    call: { toolName: 'NotebookEdit', input: { notebook_path: `${CWD}/n.ipynb` } },
    behavior: 'allow',
    step: '2a',
  },
  {
    says: 'acceptEdits: additionalDirectories count',
    options: { mode: 'acceptEdits', additionalDirectories: ['../docs'] },
    call: edit('/work/docs/a.md'),
    behavior: 'allow',
    step: '2a',
  },
  {
    says: 'acceptEdits: an edit outside the working folders asks',
    options: mode('acceptEdits'),
    call: edit('/tmp/a.ts'),
    behavior: 'ask',
    step: '1c',
  },
  {
    says: 'acceptEdits: mkdir in the cwd is allowed',
    options: mode('acceptEdits'),
    call: bash('mkdir -p build/out'),
    behavior: 'allow',
    step: '2a',
  },
  {
    says: 'acceptEdits: mv and cp in the cwd are allowed',
    options: mode('acceptEdits'),
    call: bash('mv a.txt b.txt && cp b.txt c.txt'),
    behavior: 'allow',
    step: '2a',
  },
  {
    says: 'acceptEdits: rm outside the cwd asks',
    options: mode('acceptEdits'),
    call: bash('rm /tmp/x'),
    behavior: 'ask',
    step: '1c',
  },
  {
    says: 'acceptEdits: other shell commands still ask',
    options: mode('acceptEdits'),
    call: bash('npm install'),
    behavior: 'ask',
    step: '3',
  },
  {
    says: 'acceptEdits: MCP tools still ask',
    options: mode('acceptEdits'),
    call: { toolName: 'mcp__gh__create_issue', input: {} },
    behavior: 'ask',
    step: '3',
  },
  {
    says: 'bypassPermissions: unmatched calls are allowed',
    options: mode('bypassPermissions'),
    call: bash('curl https://x.com'),
    behavior: 'allow',
    step: '2a',
    reason: 'mode',
  },
  {
    says: 'plan entered from bypass keeps bypass',
    options: { mode: 'plan', planEnteredFrom: 'bypassPermissions' },
    call: bash('npm install'),
    behavior: 'allow',
    step: '2a',
    reason: 'mode',
  },
  {
    says: 'plan entered from default asks',
    options: { mode: 'plan', planEnteredFrom: 'default' },
    call: bash('npm install'),
    behavior: 'ask',
    step: '3',
  },
  {
    says: 'dontAsk: what would ask is denied',
    options: mode('dontAsk'),
    call: bash('npm install'),
    behavior: 'deny',
    step: 'dontAsk',
    reason: 'mode',
  },
  {
    says: 'dontAsk: an explicit ask rule is denied too',
    rules: { ask: ['Bash(npm *)'] },
    options: mode('dontAsk'),
    call: bash('npm install'),
    behavior: 'deny',
    step: 'dontAsk',
  },
  {
    says: 'dontAsk: allow rules still allow',
    rules: { allow: ['Bash(npm *)'] },
    options: mode('dontAsk'),
    call: bash('npm install'),
    behavior: 'allow',
    step: '1c',
  },
  {
    says: 'dontAsk: read-only Bash still runs',
    options: mode('dontAsk'),
    call: bash('ls -la'),
    behavior: 'allow',
    step: '1c',
  },
];

describe('the check pipeline', () => {
  it.each(rows)('$says', (row) => {
    const context = contextWith(row.rules, row.options);
    const decision = decide(context, row.call, deps, row.flags);
    expect({ behavior: decision.behavior, step: decision.step }).toEqual({
      behavior: row.behavior,
      step: row.step,
    });
    if (row.reason) expect(decision.reason.type).toBe(row.reason);
    expect(decision.reason.message).toMatch(/^[A-Za-z`].*[.)]$/s);
  });
});

describe('sources and precedence', () => {
  it('reports the highest-precedence rule when several match', () => {
    const context = createPermissionContext({
      cwd: CWD,
      home: HOME,
      settings: [
        layer('userSettings', { deny: ['Bash(rm *)'] }),
        layer('policySettings', { deny: ['Bash(rm -rf *)'] }),
      ],
    });
    const decision = decide(context, bash('rm -rf /tmp/x'), deps);
    expect(decision.reason).toMatchObject({
      type: 'rule',
      rule: {
        source: 'policySettings',
        text: 'Bash(rm -rf *)',
        file: '/etc/claude-code/managed-settings.json',
        index: 0,
      },
    });
  });

  it('lets a deny from the lowest source beat an allow from the highest', () => {
    const context = createPermissionContext({
      cwd: CWD,
      home: HOME,
      settings: [layer('policySettings', { allow: ['Bash(git *)'] })],
      rules: [{ source: 'session', behavior: 'deny', rule: 'Bash(git push *)' }],
    });
    expect(decide(context, bash('git push'), deps)).toMatchObject({
      behavior: 'deny',
      reason: { rule: { source: 'session' } },
    });
  });

  it('keeps the three rule tables apart and orders each by source', () => {
    const context = createPermissionContext({
      cwd: CWD,
      home: HOME,
      settings: [
        layer('localSettings', { allow: ['Read'], ask: ['Bash'] }),
        layer('userSettings', { deny: ['WebFetch'] }),
      ],
      rules: [{ source: 'cliArg', behavior: 'allow', rule: 'Edit' }],
    });
    expect(context.alwaysAllowRules.localSettings.map((r) => r.ruleValue.toolName)).toEqual(['Read']);
    expect(context.alwaysAllowRules.cliArg.map((r) => r.ruleValue.toolName)).toEqual(['Edit']);
    expect(context.alwaysAskRules.localSettings.map((r) => r.ruleValue.toolName)).toEqual(['Bash']);
    expect(context.alwaysDenyRules.userSettings.map((r) => r.ruleValue.toolName)).toEqual(['WebFetch']);
    expect(context.alwaysDenyRules.localSettings).toEqual([]);
  });

  it('refuses to remove or add a policy or flag rule, and removes others', () => {
    const context = createPermissionContext({
      cwd: CWD,
      home: HOME,
      settings: [
        layer('policySettings', { deny: ['Bash(curl *)'] }),
        layer('flagSettings', { ask: ['Bash'] }),
        layer('userSettings', { allow: ['Read'] }),
      ],
    });
    expect(() => withoutRule(context, context.alwaysDenyRules.policySettings[0]!)).toThrow(
      'Rules cannot be removed from managed policy: only its owner can change them.',
    );
    expect(() => withoutRule(context, context.alwaysAskRules.flagSettings[0]!)).toThrow(
      'Rules cannot be removed from the --settings file: only its owner can change them.',
    );
    expect(() => withRules(context, 'policySettings', 'allow', ['Bash'])).toThrow(
      'Rules cannot be added to managed policy: only its owner can change them.',
    );
    const without = withoutRule(context, context.alwaysAllowRules.userSettings[0]!);
    expect(without.alwaysAllowRules.userSettings).toEqual([]);
    expect(context.alwaysAllowRules.userSettings).toHaveLength(1);
  });

  it('adds session rules as a new context and leaves the old one alone', () => {
    const context = contextWith();
    const next = withRules(context, 'session', 'allow', ['Bash(npm test)']);
    expect(decide(next, bash('npm test'), deps).behavior).toBe('allow');
    expect(decide(context, bash('npm test'), deps).behavior).toBe('ask');
  });

  it('ignores user, project, local and cliArg rules when policy allows only managed rules', () => {
    const context = createPermissionContext({
      cwd: CWD,
      home: HOME,
      settings: [
        layer('policySettings', { allow: ['Bash(ls *)'] }, { allowManagedPermissionRulesOnly: true }),
        layer('projectSettings', { allow: ['Bash(npm *)'] }),
      ],
      rules: [{ source: 'cliArg', behavior: 'allow', rule: 'Bash' }],
    });
    expect(decide(context, bash('npm install'), deps).behavior).toBe('ask');
  });

  it('takes the mode from the settings when none is given, but never auto from a project', () => {
    const user = createPermissionContext({
      cwd: CWD,
      home: HOME,
      settings: [layer('userSettings', {}, { defaultMode: 'acceptEdits' })],
    });
    expect(user.mode).toEqual({ name: 'acceptEdits' });
    const project = createPermissionContext({
      cwd: CWD,
      home: HOME,
      settings: [layer('projectSettings', {}, { defaultMode: 'auto' })],
    });
    expect(project.mode).toEqual({ name: 'default' });
    const explicit = createPermissionContext({
      cwd: CWD,
      home: HOME,
      mode: 'dontAsk',
      settings: [layer('userSettings', {}, { defaultMode: 'acceptEdits' })],
    });
    expect(explicit.mode).toEqual({ name: 'dontAsk' });
  });

  it('refuses bypass when a settings file disables it, naming the file', () => {
    expect(() =>
      createPermissionContext({
        cwd: CWD,
        home: HOME,
        mode: 'bypassPermissions',
        settings: [layer('policySettings', {}, { disableBypassPermissionsMode: true })],
      }),
    ).toThrow(
      'bypassPermissions mode is disabled by /etc/claude-code/managed-settings.json (disableBypassPermissionsMode).',
    );
  });
});

describe('the immutable context', () => {
  it('is frozen all the way down', () => {
    const context = contextWith({ allow: ['Bash(git *)'] });
    expect(Object.isFrozen(context)).toBe(true);
    expect(Object.isFrozen(context.alwaysAllowRules)).toBe(true);
    expect(Object.isFrozen(context.alwaysAllowRules.projectSettings)).toBe(true);
    expect(Object.isFrozen(context.alwaysAllowRules.projectSettings[0]!.ruleValue)).toBe(true);
    expect(Object.isFrozen(context.mode)).toBe(true);
    expect(() => {
      (context.alwaysAllowRules.projectSettings as unknown as unknown[]).push({});
    }).toThrow(TypeError);
  });

  it('headless: ask becomes deny', async () => {
    const context = contextWith({}, { shouldAvoidPermissionPrompts: true });
    const decision = await checkPermission(context, bash('npm install'), { deps });
    expect(decision).toMatchObject({ behavior: 'deny', step: 'headless', reason: { type: 'headless' } });
  });

  it('headless: a PermissionRequest hook that allows wins', async () => {
    const context = contextWith({}, { shouldAvoidPermissionPrompts: true });
    const decision = await checkPermission(context, bash('npm install'), {
      deps,
      hook: async () => ({ behavior: 'allow' }),
    });
    expect(decision).toMatchObject({ behavior: 'allow', step: 'hook', reason: { type: 'hook' } });
  });

  it('denyInsteadOfPrompting in user or policy settings: ask becomes deny, naming the file; a hook still decides first', async () => {
    const denying = layer('userSettings', {}, { denyInsteadOfPrompting: true });
    const context = createPermissionContext({
      cwd: CWD,
      home: HOME,
      settings: [layer('projectSettings', { allow: ['Bash(npm test)'] }), denying],
    });
    const decision = await checkPermission(context, bash('npm install'), { deps });
    expect(decision).toMatchObject({ behavior: 'deny', step: 'headless', reason: { type: 'headless' } });
    expect(decision.reason.message).toContain(`${denying.file} sets "permissions.denyInsteadOfPrompting"`);
    expect((await checkPermission(context, bash('npm test'), { deps })).behavior).toBe('allow');
    const hooked = await checkPermission(context, bash('npm install'), {
      deps,
      hook: async () => ({ behavior: 'allow' }),
    });
    expect(hooked).toMatchObject({ behavior: 'allow', step: 'hook' });
    const without = createPermissionContext({ cwd: CWD, home: HOME, settings: [layer('userSettings', {})] });
    expect((await checkPermission(without, bash('npm install'), { deps })).behavior).toBe('ask');
    // As in Claude Code 2.1.328, a repository's own files cannot set it.
    const repository = createPermissionContext({
      cwd: CWD,
      home: HOME,
      settings: [
        layer('projectSettings', {}, { denyInsteadOfPrompting: true }),
        layer('localSettings', {}, { denyInsteadOfPrompting: true }),
      ],
    });
    expect((await checkPermission(repository, bash('npm install'), { deps })).behavior).toBe('ask');
  });

  it('headless: a hook is not consulted for what is already decided', async () => {
    const context = contextWith({ deny: ['Bash(rm *)'] }, { shouldAvoidPermissionPrompts: true });
    let called = false;
    const hook = async () => {
      called = true;
      return { behavior: 'allow' as const };
    };
    expect((await checkPermission(context, bash('rm x'), { deps, hook })).behavior).toBe('deny');
    expect(called).toBe(false);
  });

  it('coordinator: the hook runs first, then the classifier, then the dialog', async () => {
    const context = contextWith({}, { awaitAutomatedChecksBeforeDialog: true });
    const order: string[] = [];
    const classifier: Classifier = {
      classify: async () => {
        order.push('classifier');
        return { verdict: 'unsure', confidence: 0.3, reason: 'Cannot tell.' };
      },
    };
    const hook = async () => {
      order.push('hook');
      return undefined;
    };
    const decision = await checkPermission(context, bash('npm install'), { deps, hook, classifier });
    expect(order).toEqual(['hook', 'classifier']);
    expect(decision.behavior).toBe('ask');
  });

  it('coordinator: a hook answer stops the chain before the classifier', async () => {
    const context = contextWith({}, { awaitAutomatedChecksBeforeDialog: true });
    const classifier: Classifier = {
      classify: () => {
        throw new Error('must not run');
      },
    };
    const decision = await checkPermission(context, bash('npm install'), {
      deps,
      hook: async () => ({ behavior: 'deny', message: 'No.' }),
      classifier,
    });
    expect(decision).toMatchObject({ behavior: 'deny', step: 'hook', reason: { message: 'No.' } });
  });

  it('coordinator: a confident classifier answers before the dialog', async () => {
    const context = contextWith({}, { awaitAutomatedChecksBeforeDialog: true });
    const classifier: Classifier = {
      classify: async () => ({ verdict: 'allow', confidence: 0.9, reason: 'Fine.' }),
    };
    expect(await checkPermission(context, bash('npm install'), { deps, classifier })).toMatchObject({
      behavior: 'allow',
      step: 'classifier',
    });
  });
});

describe('auto mode and Layer 3', () => {
  const confident: Classifier = {
    classify: async () => ({ verdict: 'allow', confidence: 0.99, reason: 'Looks fine.' }),
  };

  it('lets the classifier decide what would ask', async () => {
    const decision = await checkPermission(contextWith({}, mode('auto')), bash('npm install'), {
      deps,
      classifier: confident,
    });
    expect(decision).toMatchObject({
      behavior: 'allow',
      step: 'classifier',
      reason: { type: 'classifier', verdict: 'allow', risk: 'network' },
    });
  });

  it('treats an allow below the threshold as unsure, so a person is asked', async () => {
    const lukewarm: Classifier = {
      classify: async () => ({ verdict: 'allow', confidence: 0.6, reason: 'Maybe.' }),
    };
    expect(
      (
        await checkPermission(contextWith({}, mode('auto')), bash('npm install'), {
          deps,
          classifier: lukewarm,
        })
      ).behavior,
    ).toBe('ask');
  });

  it('lets a classifier deny', async () => {
    const no: Classifier = {
      classify: async () => ({ verdict: 'deny', confidence: 0.95, reason: 'Dangerous.' }),
    };
    expect(
      await checkPermission(contextWith({}, mode('auto')), bash('npm install'), { deps, classifier: no }),
    ).toMatchObject({ behavior: 'deny', step: 'classifier' });
  });

  it('may approve a protected path in auto mode', async () => {
    const decision = await checkPermission(
      contextWith({}, mode('auto')),
      edit(`${CWD}/.vscode/settings.json`),
      { deps, classifier: confident },
    );
    expect(decision).toMatchObject({ behavior: 'allow', step: 'classifier' });
  });

  it('never approves a change to the rule files, even in auto mode', async () => {
    const decision = await checkPermission(
      contextWith({}, mode('auto')),
      edit(`${CWD}/.claude/settings.json`),
      { deps, classifier: confident },
    );
    expect(decision).toMatchObject({ behavior: 'ask', step: '1g', classifierApprovable: false });
  });

  it('does not consult the classifier for a protected path outside auto mode', async () => {
    const decision = await checkPermission(
      contextWith({}, mode('bypassPermissions')),
      edit(`${CWD}/.vscode/settings.json`),
      { deps, classifier: confident },
    );
    expect(decision).toMatchObject({ behavior: 'ask', step: '1g' });
  });

  it('respects explicit ask rules in auto mode', async () => {
    const decision = await checkPermission(
      contextWith({ ask: ['Bash(npm *)'] }, mode('auto')),
      bash('npm install'),
      { deps, classifier: confident },
    );
    expect(decision).toMatchObject({ behavior: 'ask', step: '1f' });
  });
});

describe('provenance and near misses', () => {
  it('names the rule, its source, file and index', () => {
    const decision = decide(contextWith({ allow: ['Bash(ls *)', 'Bash(git *)'] }), bash('git log'), deps);
    expect(decision.reason).toMatchObject({
      type: 'rule',
      rule: {
        text: 'Bash(git *)',
        behavior: 'allow',
        source: 'projectSettings',
        file: `${CWD}/.claude/settings.json`,
        index: 1,
      },
    });
    expect(decision.nearMisses.map((r) => r.text)).toEqual(['Bash(ls *)']);
  });

  it('lists rules for the same tool that did not match when nothing did', () => {
    const decision = decide(
      contextWith({ deny: ['Bash(rm *)'], allow: ['Bash(npm run *)', 'Read(./src/**)'] }),
      bash('npm test'),
      deps,
    );
    expect(decision.reason.type).toBe('default');
    expect(decision.nearMisses.map((r) => r.text)).toEqual(['Bash(rm *)', 'Bash(npm run *)']);
  });

  it('names every rule that allowed part of a compound command', () => {
    const decision = decide(
      contextWith({ allow: ['Bash(git *)', 'Bash(npm test)'] }),
      bash('git status && npm test'),
      deps,
    );
    expect(decision.reason).toMatchObject({
      type: 'rule',
      rule: { text: 'Bash(git *)' },
      otherRules: [{ text: 'Bash(npm test)' }],
    });
    expect(decision.nearMisses).toEqual([]);
  });

  it('names the protected path', () => {
    const decision = decide(contextWith(), edit(`${CWD}/.git/config`), deps);
    expect(decision.reason).toMatchObject({ type: 'safetyCheck', path: `${CWD}/.git/config` });
  });
});
