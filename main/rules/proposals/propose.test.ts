import { beforeAll, describe, expect, it } from 'vitest';
import { loadInstalledBashSupport } from '../../../engine/node';
import type { BashSupport } from '../../../engine';
import { proposeRules } from './propose';
import type { PastQuestion } from '../../../common/proposals-contract';
import type { ProposalPlace } from './propose';

let bash: BashSupport;
beforeAll(async () => {
  bash = await loadInstalledBashSupport();
});

const NOW = Date.UTC(2026, 11, 1);
const DAY = 24 * 60 * 60_000;
const project = '/work/shop';
const home = '/home/ada';

let seq = 0;
function asked(
  tool: string,
  input: Record<string, unknown>,
  extra: Partial<PastQuestion> = {},
): PastQuestion {
  seq += 1;
  return {
    id: `q${seq}`,
    sessionId: 's1',
    agent: 'claude-code',
    tool,
    input,
    cwd: project,
    receivedAt: NOW - seq * 60_000,
    outcome: 'allow',
    by: 'console',
    ...extra,
  };
}
const bashCall = (command: string, extra: Partial<PastQuestion> = {}) => asked('Bash', { command }, extra);
const times = (n: number, make: () => PastQuestion) => Array.from({ length: n }, make);

const place = (overrides: Partial<ProposalPlace> = {}): ProposalPlace => ({
  stands: () => true,
  dismissed: () => false,
  fileFor: (cwd) => `${cwd}/.claude/settings.local.json`,
  ...overrides,
});
const propose = (questions: readonly PastQuestion[], overrides: Partial<ProposalPlace> = {}) =>
  proposeRules({ questions, now: NOW, bash, home, place: place(overrides) });

describe('rules proposed from history', () => {
  it('proposes the narrowest rule after five allows, with where it goes and what it would have answered', () => {
    const questions = [
      ...times(5, () => bashCall('npm test')),
      bashCall('npm test -- --watch=false', { outcome: 'passthrough', by: 'agent' }),
      bashCall('git status'),
    ];
    const [proposal, ...rest] = propose(questions);
    expect(rest).toEqual([]);
    expect(proposal).toMatchObject({
      rule: 'Bash(npm test *)',
      kind: 'allows',
      agent: 'claude-code',
      cwd: project,
      file: `${project}/.claude/settings.local.json`,
      allows: 5,
      answered: 6,
      examined: 7,
    });
    expect(proposal!.alsoAllows.map((q) => q.line)).toContain('npm test -- --watch=false');
  });

  it('waits for the fifth allow, and counts only a person’s', () => {
    expect(propose(times(4, () => bashCall('npm test')))).toEqual([]);
    expect(
      propose([...times(4, () => bashCall('npm test')), bashCall('npm test', { by: 'timeout' })]),
    ).toEqual([]);
    expect(
      propose([
        ...times(4, () => bashCall('npm test')),
        bashCall('npm test', { by: 'agent', terminal: true }),
      ]),
    ).toHaveLength(1);
  });

  it('proposes nothing after a deny within 30 days, and shows an older deny first', () => {
    const allows = () => times(5, () => bashCall('npm test'));
    expect(propose([...allows(), bashCall('npm test', { outcome: 'deny' })])).toEqual([]);
    const older = bashCall('npm test -- --all', { outcome: 'deny', receivedAt: NOW - 31 * DAY });
    const [proposal] = propose([...allows(), older]);
    expect(proposal!.alsoAllows[0]).toMatchObject({ id: older.id, outcome: 'deny' });
    // A timeout's deny is the clock's, not a person's word on the call.
    expect(propose([...allows(), bashCall('npm test', { outcome: 'deny', by: 'timeout' })])).toHaveLength(1);
  });

  it('never proposes for a dangerous, protected, hidden or runner call', () => {
    for (const make of [
      () => bashCall('rm -rf /tmp/cache'),
      () => bashCall('bash -c "npm test"'),
      () => bashCall('python3 build.py'),
      () => bashCall('curl https://example.com/x.tgz -o x.tgz'),
      () => bashCall('npm test\u202e'),
      () => asked('Edit', { file_path: `${project}/.git/config`, old_string: 'a', new_string: 'b' }),
      () => asked('Read', { file_path: `${project}/.env` }),
      () => asked('Write', { file_path: `${home}/.bashrc`, content: 'x' }),
    ])
      expect(propose(times(6, make))).toEqual([]);
  });

  it('proposes no rule that would also allow a past call needing a second look', () => {
    const reads = times(5, () => asked('Read', { file_path: `${project}/src/app.ts` }));
    expect(propose(reads)).toMatchObject([{ rule: 'Read(./src/app.ts)' }]);
    const tests = times(5, () => bashCall('npm test'));
    expect(propose(tests)).toHaveLength(1);
    const outside = bashCall('npm test ~/.ssh/id_rsa', { outcome: 'passthrough', by: 'agent' });
    expect(propose([...tests, outside])).toEqual([]);
  });

  it('leaves out a dismissed rule, one today’s settings would not let decide, and other agents', () => {
    const questions = times(5, () => bashCall('npm test'));
    expect(propose(questions, { dismissed: (_cwd, rule) => rule === 'Bash(npm test *)' })).toEqual([]);
    expect(propose(questions, { stands: () => false })).toEqual([]);
    expect(propose(times(5, () => bashCall('npm test', { agent: 'codex' })))).toEqual([]);
  });

  it('counts each project folder apart', () => {
    const questions = [
      ...times(3, () => bashCall('npm test')),
      ...times(3, () => bashCall('npm test', { cwd: '/work/other' })),
    ];
    expect(propose(questions)).toEqual([]);
  });

  it('proposes a grant made again in three sessions', () => {
    const granted = (sessionId: string) =>
      bashCall('npm run lint', { by: 'grant', channel: 'grant:Bash(npm run lint *)', sessionId });
    expect(propose([granted('a'), granted('b')])).toEqual([]);
    expect(propose([granted('a'), granted('b'), granted('c'), granted('c')])).toMatchObject([
      { rule: 'Bash(npm run lint *)', kind: 'grants', grantSessions: 3, answered: 4 },
    ]);
    const broad = (sessionId: string) => bashCall('ls', { by: 'grant', channel: 'grant:Bash(*)', sessionId });
    expect(propose([broad('a'), broad('b'), broad('c')])).toEqual([]);
  });

  it('tries at most twenty rules per project, the most allowed first', () => {
    const questions = Array.from({ length: 25 }, (_, task) =>
      times(5 + task, () => bashCall(`npm run task${String(task).padStart(2, '0')}`)),
    ).flat();
    const proposals = propose(questions);
    expect(proposals).toHaveLength(20);
    expect(proposals[0]).toMatchObject({ rule: 'Bash(npm run task24 *)', allows: 29 });
    expect(proposals.map((p) => p.rule)).not.toContain('Bash(npm run task04 *)');
  });
});
