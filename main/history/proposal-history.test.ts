import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteHistory } from './sqlite-history';
import { sampleEntry, sampleRequest } from './testing/sample';
import type { History } from './types';

let dir: string;
let path: string;
let history: History;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-proposals-'));
  path = join(dir, 'history.sqlite3');
  history = createSqliteHistory(path);
});
afterEach(() => {
  history.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('what rule proposals read from history', () => {
  it('lists an agent’s questions newest first, with what the agent did and who answered', () => {
    const suggestions = [
      {
        type: 'addRules' as const,
        rules: [{ toolName: 'Bash', ruleContent: 'npm test:*' }],
        behavior: 'allow' as const,
        destination: 'localSettings' as const,
      },
    ];
    history.record(
      sampleEntry(
        sampleRequest({ id: 'a', input: { command: 'npm test' }, suggestions }),
        {},
        { receivedAt: 10 },
      ),
    );
    history.record(
      sampleEntry(
        sampleRequest({ id: 'b' }),
        { behavior: 'allow', by: 'grant' },
        { receivedAt: 20, channel: 'grant:Bash(npm run test *)' },
      ),
    );
    history.record(sampleEntry(sampleRequest({ id: 'c' }), { behavior: 'allow' }, { receivedAt: 30 }));
    history.recordNotTaken('c', { because: 'terminal-no' });
    history.recordPending(sampleRequest({ id: 'd' }), { name: 'claude-code' }, 40);
    history.record(
      sampleEntry(
        sampleRequest({ id: 'e', sessionId: 'codex-1' }),
        {},
        { agent: { name: 'codex' }, receivedAt: 50 },
      ),
    );

    const rows = history.proposals.pastQuestions(['claude-code'], 10);
    expect(rows.map((row) => row.id)).toEqual(['d', 'c', 'b', 'a']);
    expect(rows[3]).toMatchObject({
      agent: 'claude-code',
      tool: 'Bash',
      input: { command: 'npm test' },
      cwd: '/home/dev/project',
      suggestions,
      receivedAt: 10,
      outcome: 'allow',
      by: 'console',
    });
    expect(rows[2]).toMatchObject({ by: 'grant', channel: 'grant:Bash(npm run test *)' });
    expect(rows[1]).toMatchObject({ outcome: 'deny', terminal: true });
    expect(rows[0]!.outcome).toBeUndefined();
    expect(history.proposals.pastQuestions(['claude-code'], 2).map((row) => row.id)).toEqual(['d', 'c']);
  });

  it('keeps a dismissal across a restart, and a purge by age leaves it', () => {
    history.proposals.dismiss({ cwd: '/srv/app', rule: 'Bash(npm test *)' }, 100);
    history.proposals.dismiss({ cwd: '/srv/app', rule: 'Bash(npm test *)' }, 200);
    history.close();
    history = createSqliteHistory(path);
    history.purgeOlderThan(Number.MAX_SAFE_INTEGER);
    expect(history.proposals.dismissals()).toEqual([{ cwd: '/srv/app', rule: 'Bash(npm test *)' }]);
  });
});
