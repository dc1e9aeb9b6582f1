import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvokeArgs } from '../../common/console-contract';
import type { BashSupport } from '../../engine';
import { loadInstalledBashSupport } from '../../engine/node';
import { makeTempDir } from '../../tests/support/temp-dir';
import { createSqliteHistory } from '../history/sqlite-history';
import { sampleEntry, sampleRequest } from '../history/testing/sample';
import type { History } from '../history/types';
import { createProposalsService } from './proposals-handlers';

let bash: BashSupport;
let dir: Awaited<ReturnType<typeof makeTempDir>>;
let history: History;
let project: string;
const caller = { id: 'tab', channel: 'web' } as const;

beforeAll(async () => {
  bash = await loadInstalledBashSupport();
});
beforeEach(async () => {
  dir = await makeTempDir();
  project = join(dir.path, 'shop');
  await mkdir(join(project, '.claude'), { recursive: true });
  await mkdir(join(dir.path, 'home', '.claude'), { recursive: true });
  history = createSqliteHistory(join(dir.path, 'history.sqlite3'));
});
afterEach(async () => {
  history.close();
  await dir.remove();
});

function allowLint(count: number, now: number) {
  for (let i = 0; i < count; i += 1)
    history.record(
      sampleEntry(
        sampleRequest({ id: `lint-${now}-${i}`, cwd: project, input: { command: 'npm run lint' } }),
        { behavior: 'allow', by: 'console' },
        { receivedAt: now - 60_000, decidedAt: now - 59_000 },
      ),
    );
}

function service(options: { now?: () => number; enabled?: boolean } = {}) {
  const saves: Array<InvokeArgs<'rules:save'>> = [];
  const proposals = createProposalsService({
    history: history.proposals,
    bash,
    scope: { home: join(dir.path, 'home'), policyFile: join(dir.path, 'no-policy.json') },
    enabled: options.enabled ?? true,
    saveEnabled: () => Promise.resolve(),
    rules: {
      'rules:save': (args) => {
        saves.push(args);
        return { ok: true, value: { status: 'saved', merged: false } };
      },
    },
    now: options.now ?? Date.now,
  });
  return { proposals, saves };
}

const rulesOf = async (proposals: ReturnType<typeof service>['proposals']) => {
  const listed = await proposals.handlers['proposals:list']({}, caller);
  if (!listed.ok) throw new Error(listed.error.message);
  return listed.value.proposals.map((p) => p.rule);
};

describe('the Suggestions view’s handlers', () => {
  it('apply only a rule proposed now, through the rule editor’s save to the local settings', async () => {
    allowLint(5, Date.now());
    const { proposals, saves } = service();
    expect(await rulesOf(proposals)).toEqual(['Bash(npm run lint *)']);
    const refused = await proposals.handlers['proposals:apply']({ cwd: project, rule: 'Bash(*)' }, caller);
    expect(refused).toMatchObject({ ok: false, error: { code: 'proposal-gone' } });
    expect(saves).toEqual([]);
    await proposals.handlers['proposals:apply']({ cwd: project, rule: 'Bash(npm run lint *)' }, caller);
    expect(saves).toEqual([
      {
        cwd: project,
        edit: {
          kind: 'add',
          to: { source: 'localSettings', behavior: 'allow' },
          rule: 'Bash(npm run lint *)',
        },
        versions: {},
      },
    ]);
  });

  it('propose nothing once turned off, nor a rule the folder’s settings already hold', async () => {
    allowLint(5, Date.now());
    expect(await rulesOf(service({ enabled: false }).proposals)).toEqual([]);
    await writeFile(
      join(project, '.claude', 'settings.local.json'),
      JSON.stringify({ permissions: { allow: ['Bash(npm run lint *)'] } }),
    );
    expect(await rulesOf(service().proposals)).toEqual([]);
  });

  it('work the list out again after a change at most every five seconds, and push it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const now = Date.now();
      allowLint(4, now);
      const { proposals } = service();
      const pushed: string[][] = [];
      proposals.changed.subscribe((state) => pushed.push(state.proposals.map((p) => p.rule)));
      expect(await rulesOf(proposals)).toEqual([]);
      allowLint(1, now + 1);
      proposals.invalidate();
      expect(await rulesOf(proposals)).toEqual([]);
      await vi.advanceTimersByTimeAsync(5_000);
      await vi.waitFor(() => expect(pushed).toEqual([['Bash(npm run lint *)']]));
      proposals.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('say nothing of a pass that its worker’s end cut short because the console closed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      let stop: (error: Error) => void = () => undefined;
      const proposals = createProposalsService({
        history: history.proposals,
        bash,
        scope: { home: join(dir.path, 'home'), policyFile: join(dir.path, 'no-policy.json') },
        enabled: true,
        saveEnabled: () => Promise.resolve(),
        rules: { 'rules:save': () => ({ ok: true, value: { status: 'saved', merged: false } }) },
        now: Date.now,
        workOut: () => new Promise((_, reject) => (stop = reject)),
      });
      proposals.invalidate();
      await vi.advanceTimersByTimeAsync(5_000);
      proposals.close();
      stop(new Error('the proposals worker stopped (exit code 1)'));
      await vi.advanceTimersByTimeAsync(0);
      expect(reported).not.toHaveBeenCalled();
    } finally {
      reported.mockRestore();
      vi.useRealTimers();
    }
  });
});
