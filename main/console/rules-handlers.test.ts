import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseInvokeArgs } from '../../common/console-contract';
import type { Caller, Result } from '../../common/console-contract';
import type { BashSupport } from '../../engine';
import { loadInstalledBashSupport } from '../../engine/node';
import { EXAMPLES_FILE, openExamplesStore } from '../rules/editor/examples-store';
import { versionOf } from '../rules/editor/settings-text';
import { createRulesService, NEVER_MATCHED_MIN_CALLS, type RulesService } from './rules-handlers';

const caller: Caller = { id: 'test', channel: 'window' };
let bash: BashSupport;
let root: string;
let home: string;
let project: string;
let gatehouseHome: string;
let service: RulesService;
let past: Array<{ tool: string; input: Record<string, unknown>; cwd: string }>;

const projectFile = () => join(project, '.claude', 'settings.json');
const localFile = () => join(project, '.claude', 'settings.local.json');
const userFile = () => join(home, '.claude', 'settings.json');

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

beforeAll(async () => {
  bash = await loadInstalledBashSupport();
});

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'gatehouse-rules-'));
  home = join(root, 'home');
  project = join(root, 'project');
  gatehouseHome = join(root, 'gatehouse');
  await mkdir(join(home, '.claude'), { recursive: true });
  await mkdir(join(project, '.claude'), { recursive: true });
  await mkdir(gatehouseHome);
  await writeFile(join(root, 'policy.json'), JSON.stringify({ permissions: { deny: ['Bash(rm -rf *)'] } }));
  await writeFile(
    userFile(),
    JSON.stringify({ permissions: { allow: ['Bash', 'Bash(rm -rf build)'] } }, null, 2),
  );
  await writeFile(
    projectFile(),
    '{\n    "env": {"A": "1"},\n    "permissions": {"allow": ["Bash(npm test)"]}\n}\n',
  );
  past = Array.from({ length: NEVER_MATCHED_MIN_CALLS }, () => ({
    tool: 'Bash',
    input: { command: 'npm test' },
    cwd: project,
  }));
  service = createRulesService({
    scope: { home, policyFile: join(root, 'policy.json') },
    bash,
    examples: await openExamplesStore(gatehouseHome),
    recentRequests: () => past,
    pendingFolders: () => ['/waiting/here'],
  });
});

afterEach(async () => {
  service.close();
  await rm(root, { recursive: true, force: true });
});

describe('the rule editor handlers', () => {
  it('lists every rule of every source in effective order, policy locked, with warnings beside them', async () => {
    const snapshot = value(await service.handlers['rules:load']({ cwd: project }, caller));
    expect(snapshot.rules.map((r) => [r.order, r.behavior, r.text, r.source, r.locked])).toEqual([
      [1, 'deny', 'Bash(rm -rf *)', 'policySettings', true],
      [2, 'allow', 'Bash', 'userSettings', false],
      [3, 'allow', 'Bash(rm -rf build)', 'userSettings', false],
      [4, 'allow', 'Bash(npm test)', 'projectSettings', false],
    ]);
    const kinds = (text: string) => snapshot.rules.find((r) => r.text === text)!.warnings.map((w) => w.kind);
    expect(kinds('Bash')).toContain('broad-allow');
    expect(kinds('Bash(rm -rf build)')).toContain('shadowed');
    expect(kinds('Bash(rm -rf *)')).toContain('never-matched');
    expect(snapshot.files.find((f) => f.source === 'localSettings')).toMatchObject({
      status: 'missing',
      editable: true,
    });
    expect(snapshot.files.find((f) => f.source === 'policySettings')).toMatchObject({
      status: 'ok',
      editable: false,
    });
  });

  it('calls no rule "never matched" while the folder has too few past calls to say', async () => {
    past = past.slice(0, NEVER_MATCHED_MIN_CALLS - 1);
    const snapshot = value(await service.handlers['rules:load']({ cwd: project }, caller));
    expect(snapshot.rules.flatMap((r) => r.warnings.map((w) => w.kind))).not.toContain('never-matched');
  });

  it('refuses a folder that is relative or does not exist, and arguments that carry a path', async () => {
    expect(parseInvokeArgs('rules:load', { cwd: 'relative/dir' }).ok).toBe(false);
    const missing = await service.handlers['rules:load']({ cwd: join(root, 'nowhere') }, caller);
    expect(missing).toEqual({
      ok: false,
      error: {
        code: 'folder-missing',
        message: `The folder ${join(root, 'nowhere')} does not exist; choose an existing project folder.`,
        params: { folder: join(root, 'nowhere') },
      },
    });
    const withPath = parseInvokeArgs('rules:save', {
      cwd: project,
      edit: { kind: 'add', to: { source: '/etc/passwd', behavior: 'allow' }, rule: 'Bash' },
      versions: {},
    });
    expect(withPath.ok).toBe(false);
    const policy = parseInvokeArgs('rules:save', {
      cwd: project,
      edit: { kind: 'remove', from: { source: 'policySettings', behavior: 'deny' }, rule: 'Bash(rm -rf *)' },
      versions: {},
    });
    expect(policy.ok).toBe(false);
  });

  it('never writes a project rule into the user’s own settings through a .claude folder linked to ~/.claude', async () => {
    // The attack of docs/security.md, section 4: the repository's .claude is a link to ~/.claude, which has
    // no settings.json yet.
    await rm(userFile());
    await rm(join(project, '.claude'), { recursive: true });
    await symlink(join(home, '.claude'), join(project, '.claude'));
    const result = await service.handlers['rules:save'](
      {
        cwd: project,
        edit: { kind: 'add', to: { source: 'projectSettings', behavior: 'allow' }, rule: 'Bash' },
        versions: {},
      },
      caller,
    );
    expect(result).toMatchObject({
      ok: false,
      error: {
        message: expect.stringMatching(
          /\.claude is a symbolic link; .*your own or another project's settings/,
        ),
      },
    });
    expect(await readdir(join(home, '.claude'))).toEqual([]);
  });

  it('never writes through a project settings link that leads out of the project', async () => {
    const outside = join(root, 'outside.json');
    await writeFile(outside, '{}');
    await symlink(outside, localFile());
    const result = await service.handlers['rules:save'](
      {
        cwd: project,
        edit: { kind: 'add', to: { source: 'localSettings', behavior: 'allow' }, rule: 'Bash' },
        versions: {},
      },
      caller,
    );
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'settings-file-outside',
        message: `The settings file ${localFile()} leads to ${outside}, outside the project folder; Gatehouse will not write through it.`,
        params: { file: localFile(), target: outside },
      },
    });
    expect(await readFile(outside, 'utf8')).toBe('{}');
  });

  it('adds a rule to a file that does not exist yet, and keeps the formatting and keys of one that does', async () => {
    value(
      await service.handlers['rules:save'](
        {
          cwd: project,
          edit: { kind: 'add', to: { source: 'localSettings', behavior: 'ask' }, rule: 'WebFetch' },
          versions: { localSettings: 'missing' },
        },
        caller,
      ),
    );
    expect(JSON.parse(await readFile(localFile(), 'utf8'))).toEqual({ permissions: { ask: ['WebFetch'] } });
    const before = await readFile(projectFile(), 'utf8');
    const outcome = value(
      await service.handlers['rules:save'](
        {
          cwd: project,
          edit: {
            kind: 'change',
            from: { source: 'projectSettings', behavior: 'allow' },
            rule: 'Bash(npm test)',
            to: { source: 'projectSettings', behavior: 'allow' },
            newRule: 'Bash(npm run *)',
          },
          versions: { projectSettings: versionOf(before) },
        },
        caller,
      ),
    );
    expect(outcome).toEqual({ status: 'saved', merged: false });
    expect(await readFile(projectFile(), 'utf8')).toBe(before.replace('Bash(npm test)', 'Bash(npm run *)'));
  });

  it('shows the permissions switches a file turns on, and keeps them through a save', async () => {
    const text =
      '{\n  "permissions": {\n    "denyInsteadOfPrompting": true,\n    "blockWritesOutsideWorkingDirectories": true,\n    "blockReadsOutsideWorkingDirectories": false,\n    "allow": ["Bash(npm test)"]\n  }\n}\n';
    await writeFile(projectFile(), text);
    const snapshot = value(await service.handlers['rules:load']({ cwd: project }, caller));
    expect(snapshot.files.find((f) => f.source === 'projectSettings')?.switches).toEqual([
      'denyInsteadOfPrompting',
      'blockWritesOutsideWorkingDirectories',
    ]);
    expect(snapshot.files.find((f) => f.source === 'userSettings')).not.toHaveProperty('switches');
    value(
      await service.handlers['rules:save'](
        {
          cwd: project,
          edit: { kind: 'add', to: { source: 'projectSettings', behavior: 'deny' }, rule: 'WebFetch' },
          versions: { projectSettings: versionOf(text) },
        },
        caller,
      ),
    );
    expect(JSON.parse(await readFile(projectFile(), 'utf8'))).toEqual({
      permissions: {
        denyInsteadOfPrompting: true,
        blockWritesOutsideWorkingDirectories: true,
        blockReadsOutsideWorkingDirectories: false,
        allow: ['Bash(npm test)'],
        deny: ['WebFetch'],
      },
    });
  });

  it('merges an edit onto a file changed since it was read, and moves a rule between files', async () => {
    const read = await readFile(projectFile(), 'utf8');
    await writeFile(
      projectFile(),
      JSON.stringify({ env: { A: '1' }, permissions: { allow: ['Bash(npm test)', 'Read'] } }),
    );
    const outcome = value(
      await service.handlers['rules:save'](
        {
          cwd: project,
          edit: {
            kind: 'change',
            from: { source: 'projectSettings', behavior: 'allow' },
            rule: 'Bash(npm test)',
            to: { source: 'userSettings', behavior: 'deny' },
            newRule: 'Bash(npm test)',
          },
          versions: {
            projectSettings: versionOf(read),
            userSettings: versionOf(await readFile(userFile(), 'utf8')),
          },
        },
        caller,
      ),
    );
    expect(outcome).toEqual({ status: 'saved', merged: true });
    expect(JSON.parse(await readFile(projectFile(), 'utf8')).permissions.allow).toEqual(['Read']);
    expect(JSON.parse(await readFile(userFile(), 'utf8')).permissions).toEqual({
      allow: ['Bash', 'Bash(rm -rf build)'],
      deny: ['Bash(npm test)'],
    });
  });

  it('returns a conflict when the rule was changed on disk, and applies anyway when asked', async () => {
    const read = await readFile(projectFile(), 'utf8');
    await writeFile(projectFile(), JSON.stringify({ permissions: { allow: ['Bash(npm ci)'] } }));
    const edit = {
      kind: 'change' as const,
      from: { source: 'projectSettings' as const, behavior: 'allow' as const },
      rule: 'Bash(npm test)',
      to: { source: 'projectSettings' as const, behavior: 'allow' as const },
      newRule: 'Bash(npm run test)',
    };
    const conflict = value(
      await service.handlers['rules:save'](
        { cwd: project, edit, versions: { projectSettings: versionOf(read) } },
        caller,
      ),
    );
    expect(conflict.status).toBe('conflict');
    expect(JSON.parse(await readFile(projectFile(), 'utf8')).permissions.allow).toEqual(['Bash(npm ci)']);
    const forced = value(
      await service.handlers['rules:save'](
        { cwd: project, edit, versions: { projectSettings: versionOf(read) }, force: true },
        caller,
      ),
    );
    expect(forced).toEqual({ status: 'saved', merged: true });
    expect(JSON.parse(await readFile(projectFile(), 'utf8')).permissions.allow).toEqual([
      'Bash(npm ci)',
      'Bash(npm run test)',
    ]);
  });

  it('takes a delete of a rule someone already removed as done', async () => {
    const read = await readFile(projectFile(), 'utf8');
    await writeFile(projectFile(), JSON.stringify({ permissions: { allow: ['Read'] } }));
    const outcome = value(
      await service.handlers['rules:save'](
        {
          cwd: project,
          edit: {
            kind: 'remove',
            from: { source: 'projectSettings', behavior: 'allow' },
            rule: 'Bash(npm test)',
          },
          versions: { projectSettings: versionOf(read) },
        },
        caller,
      ),
    );
    expect(outcome).toEqual({ status: 'saved', merged: true });
    expect(JSON.parse(await readFile(projectFile(), 'utf8')).permissions.allow).toEqual(['Read']);
  });

  it('never overwrites a broken settings file and says so in one sentence', async () => {
    await writeFile(localFile(), '{"permissions": {"allow": [');
    const snapshot = value(await service.handlers['rules:load']({ cwd: project }, caller));
    expect(snapshot.files.find((f) => f.source === 'localSettings')).toMatchObject({ status: 'broken' });
    const result = await service.handlers['rules:save'](
      {
        cwd: project,
        edit: { kind: 'add', to: { source: 'localSettings', behavior: 'allow' }, rule: 'Read' },
        versions: {},
      },
      caller,
    );
    expect(result.ok === false && result.error.code).toBe('broken-file');
    expect(result.ok === false && result.error.message).toMatch(
      /^The settings file .*settings\.local\.json is not valid JSON .*; fix it by hand, Gatehouse will not overwrite it\.$/,
    );
    expect(await readFile(localFile(), 'utf8')).toBe('{"permissions": {"allow": [');
  });

  it('keeps examples in its own data, evaluates them, and carries them along when the rule changes', async () => {
    const examples = { match: ['npm test', 'npm test -- --watch'], noMatch: ['npm publish', 'rm -rf /'] };
    const target = {
      cwd: project,
      source: 'projectSettings' as const,
      behavior: 'allow' as const,
      rule: 'Bash(npm test *)',
    };
    const tried = value(await service.handlers['rules:try-examples']({ ...target, examples }, caller));
    expect(tried.map((v) => [v.text, v.passed])).toEqual([
      ['npm test', true],
      ['npm test -- --watch', true],
      ['npm publish', true],
      ['rm -rf /', true],
    ]);
    const failing = value(
      await service.handlers['rules:try-examples']({ ...target, rule: 'Bash(npm *)', examples }, caller),
    );
    expect(failing.find((v) => v.text === 'npm publish')!.passed).toBe(false);

    value(
      await service.handlers['rules:set-examples']({ ...target, rule: 'Bash(npm test)', examples }, caller),
    );
    const stored = JSON.parse(await readFile(join(gatehouseHome, EXAMPLES_FILE), 'utf8'));
    expect(Object.values(stored.rules)).toEqual([{ file: projectFile(), rule: 'Bash(npm test)', examples }]);
    expect(JSON.parse(await readFile(projectFile(), 'utf8'))).not.toHaveProperty('examples');

    value(
      await service.handlers['rules:save'](
        {
          cwd: project,
          edit: {
            kind: 'change',
            from: { source: 'projectSettings', behavior: 'allow' },
            rule: 'Bash(npm test)',
            to: { source: 'localSettings', behavior: 'allow' },
            newRule: 'Bash(npm test *)',
          },
          versions: {},
        },
        caller,
      ),
    );
    const snapshot = value(await service.handlers['rules:load']({ cwd: project }, caller));
    const moved = snapshot.rules.find((r) => r.text === 'Bash(npm test *)')!;
    expect(moved.examples).toEqual(examples);
    expect(moved.verdicts.every((v) => v.passed)).toBe(true);
  });

  it('answers the playground with the decision and its provenance', async () => {
    const result = value(
      await service.handlers['rules:check'](
        { cwd: project, tool: 'Bash', input: { command: 'rm -rf /tmp/x' } },
        caller,
      ),
    );
    expect(result.behavior).toBe('deny');
    expect(result.reason.rule).toMatchObject({
      text: 'Bash(rm -rf *)',
      source: 'policySettings',
      file: join(root, 'policy.json'),
      index: 0,
    });
  });

  it('checks a tool named after an Object.prototype key like any other tool', async () => {
    for (const tool of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const result = await service.handlers['rules:check']({ cwd: project, tool, input: {} }, caller);
      expect(value(result).behavior).toBe('ask');
    }
  });

  it('writes rule warnings about such tools as sentences, never as [object Object]', async () => {
    await writeFile(
      localFile(),
      JSON.stringify({ permissions: { allow: ['constructor', '__proto__', 'toString', 'hasOwnProperty'] } }),
    );
    const snapshot = value(await service.handlers['rules:load']({ cwd: project }, caller));
    const messages = snapshot.rules.flatMap((r) => r.warnings.map((w) => w.message));
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(message).not.toMatch(/\[object |function |native code/);
    const local = snapshot.rules.filter((r) => r.source === 'localSettings');
    expect(local.flatMap((r) => r.warnings.map((w) => w.kind))).not.toContain('broad-allow');
  });

  it('offers the folders of waiting requests and of history', () => {
    expect(value(service.handlers['rules:folders']({}, caller) as Result<string[]>)).toEqual([
      '/waiting/here',
      project,
    ]);
  });

  it('tells every window when a watched settings file changes on disk', async () => {
    value(await service.handlers['rules:load']({ cwd: project }, caller));
    const changed = new Promise<string[]>((resolve) => {
      service.subscribe((_channel, payload) => resolve(payload.folders));
    });
    await writeFile(localFile(), JSON.stringify({ permissions: { allow: ['Read'] } }));
    expect(await changed).toEqual([project]);
  });
});
