import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteHistory } from './sqlite-history';
import { sampleEntry, sampleRequest } from './testing/sample';
import { RecordRefusedError } from './types';
import type { History } from './types';

let dir: string;
let path: string;
let history: History;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-history-'));
  path = join(dir, 'history.db');
  history = createSqliteHistory(path);
});

afterEach(() => {
  history.close();
  rmSync(dir, { recursive: true, force: true });
});

function refusal(run: () => void): RecordRefusedError {
  try {
    run();
  } catch (error) {
    if (error instanceof RecordRefusedError) return error;
    throw error;
  }
  throw new Error('expected the record to be refused');
}

describe('createSqliteHistory', () => {
  it('keeps the decision exactly as it was sent, so a re-sent request replays it unchanged', () => {
    const entry = sampleEntry(sampleRequest(), {
      behavior: 'allow',
      updatedInput: { command: 'npm test' },
      updatedPermissions: [
        {
          type: 'addRules',
          rules: [{ toolName: 'Bash', ruleContent: 'npm test' }],
          behavior: 'allow',
          destination: 'localSettings',
        },
      ],
      message: '',
      interrupt: false,
    });
    history.record(entry);
    expect(history.find('req-1')).toEqual({ fingerprint: entry.fingerprint, decision: entry.decision });
    expect(history.find('req-unknown')).toBeUndefined();
  });

  it('keeps the request’s own option a decision chose, as the agent named it, and what ended a wait', () => {
    const options = [
      { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
      { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
    ] as const;
    const chose = sampleEntry(sampleRequest({ id: 'acp-1', options: [...options] }), {
      behavior: 'allow',
      by: 'agent',
      optionId: 'allow',
    });
    history.record(chose);
    history.record(
      sampleEntry(
        sampleRequest({ id: 'acp-2', options: [...options] }),
        { behavior: 'passthrough', by: 'agent' },
        {
          ended: 'turn-cancelled',
        },
      ),
    );
    // A re-sent request replays the option it was answered with.
    expect(history.find('acp-1')?.decision).toEqual(chose.decision);
    const entries = history.sessionTimeline('session-1');
    expect(entries.map((entry) => entry.decision?.option)).toEqual([options[0], undefined]);
    expect(entries.map((entry) => entry.decision?.ended)).toEqual([undefined, 'turn-cancelled']);
    // What ended a wait belongs to a wait nobody answered: the schema refuses it on an answer.
    const db = new Database(path);
    expect(() =>
      db.prepare("UPDATE decisions SET agent_end = 'agent-exited' WHERE request_id = 'acp-1'").run(),
    ).toThrow(/CHECK/);
    db.close();
  });

  it('still has every decision after the database is closed and opened again', () => {
    for (const id of ['a', 'b', 'c'])
      history.record(sampleEntry(sampleRequest({ id }), { behavior: 'deny', message: `no ${id}` }));
    history.close();
    history = createSqliteHistory(path);
    expect(history.countDecisions()).toBe(3);
    expect(history.find('b')?.decision).toEqual({
      type: 'permission.decision',
      id: 'b',
      behavior: 'deny',
      by: 'console',
      message: 'no b',
    });
  });

  it('refuses a second decision for the same request and keeps the first', () => {
    history.record(sampleEntry(sampleRequest(), { behavior: 'allow', by: 'console' }));
    const error = refusal(() =>
      history.record(sampleEntry(sampleRequest(), { behavior: 'deny', by: 'timeout' })),
    );
    expect(error.reason).toBe('already-decided');
    expect(history.find('req-1')?.decision).toMatchObject({ behavior: 'allow', by: 'console' });
    expect(history.countDecisions()).toBe(1);
  });

  it('refuses a pending row SQLite cannot store, alone: its sibling and the sibling’s decision are stored', () => {
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 1_100; i++) deep = { a: deep };
    const refused = sampleRequest({ id: 'deep', input: deep });
    // The group commit (group-commit.ts) catches this throw, so one bad arrival costs only its own row.
    expect(() => history.recordPending(refused, { name: 'claude-code' }, 1_000)).toThrow(/json_valid/);
    history.recordPending(sampleRequest({ id: 'sibling' }), { name: 'claude-code' }, 1_000);
    expect(() => history.record(sampleEntry(refused))).toThrow(/json_valid/);
    history.record(sampleEntry(sampleRequest({ id: 'sibling' })));
    expect(history.find('sibling')?.decision.behavior).toBe('allow');
    expect(history.find('deep')).toBeUndefined();
  });

  it('refuses a decision whose id names a different tool call, and stores none of it', () => {
    history.recordPending(sampleRequest(), { name: 'claude-code' }, 1_000);
    const other = sampleRequest({ input: { command: 'rm -rf /' }, sessionId: 'session-2' });
    expect(refusal(() => history.record(sampleEntry(other))).reason).toBe('different-request');
    expect(history.countDecisions()).toBe(0);
    expect(history.sessionTimeline('session-2')).toEqual([]);
    expect(history.listSessions({ limit: 10 }).map((session) => session.id)).toEqual(['session-1']);
  });

  it('commits the rest of a batch past a refused record, which stores nothing of itself', () => {
    history.record(sampleEntry(sampleRequest({ id: 'decided' }), { behavior: 'deny' }));
    const refusals: string[] = [];
    history.batch(() => {
      for (const entry of [
        sampleEntry(sampleRequest({ id: 'a' })),
        sampleEntry(sampleRequest({ id: 'decided' }), { behavior: 'allow' }),
        sampleEntry(sampleRequest({ id: 'a', sessionId: 'elsewhere', input: { command: 'rm -rf /' } })),
        sampleEntry(sampleRequest({ id: 'b' })),
      ]) {
        try {
          history.record(entry);
        } catch (error) {
          if (!(error instanceof RecordRefusedError)) throw error;
          refusals.push(error.reason);
        }
      }
    });
    expect(refusals).toEqual(['already-decided', 'different-request']);
    expect(history.find('decided')?.decision.behavior).toBe('deny');
    expect(history.countDecisions()).toBe(3);
    expect(history.listSessions({ limit: 10 }).map((session) => session.id)).toEqual(['session-1']);
  });

  it('stores nothing of a batch that fails other than by a refusal, and records its requests later', () => {
    history.close();
    const db = new Database(path);
    // A failure SQLite raises halfway through a record, after its request's rows were written.
    db.exec(`CREATE TRIGGER broken BEFORE INSERT ON decisions WHEN new.request_id = 'bad'
             BEGIN SELECT RAISE(ABORT, 'the disk is unwell'); END;`);
    db.close();
    history = createSqliteHistory(path);

    const waiting = sampleRequest({ id: 'waiting', sessionId: 'S-waiting' });
    history.recordPending(waiting, { name: 'claude-code', version: '2.0.14' }, 1_000);
    expect(() =>
      history.batch(() => {
        for (const id of ['good', 'bad']) {
          try {
            history.record(sampleEntry(sampleRequest({ id, sessionId: `S-${id}` })));
          } catch {
            // As the registry does: a record's failure is its own; the batch's is the store's to report.
          }
        }
      }),
    ).toThrow('the disk is unwell');
    expect(history.countDecisions()).toBe(0);
    // The pending row was committed on its own before the batch; nothing of the batch stayed.
    expect(history.listSessions({ limit: 10 }).map((session) => session.id)).toEqual(['S-waiting']);

    // The decision still finds its way in, timed from first arrival.
    history.record(sampleEntry(waiting, {}, { receivedAt: 1_000, decidedAt: 1_400 }));
    history.record(sampleEntry(sampleRequest({ id: 'good', sessionId: 'S-good' })));
    expect(history.countDecisions()).toBe(2);
    expect(history.sessionTimeline('S-waiting')[0]?.decision?.latencyMs).toBe(400);
  });

  it('shows a pending request, keeps its first arrival across re-sends, and measures latency from it', () => {
    const request = sampleRequest();
    history.recordPending(request, { name: 'claude-code' }, 1_000);
    history.recordPending(request, { name: 'claude-code' }, 5_000);
    expect(history.sessionTimeline('session-1')).toEqual([
      {
        request: expect.objectContaining({ id: 'req-1', receivedAt: 1_000, tool: 'Bash' }),
        agent: { name: 'claude-code' },
      },
    ]);

    history.record(
      sampleEntry(
        request,
        {},
        { receivedAt: 5_000, decidedAt: 6_500, channel: 'web', ruleWritten: 'Bash(npm run test:*)' },
      ),
    );
    const [entry] = history.sessionTimeline('session-1');
    expect(entry?.request.receivedAt).toBe(1_000);
    expect(entry?.decision).toEqual({
      decision: { type: 'permission.decision', id: 'req-1', behavior: 'allow', by: 'console' },
      channel: 'web',
      ruleWritten: 'Bash(npm run test:*)',
      latencyMs: 5_500,
      decidedAt: 6_500,
    });
  });

  it('returns the request of a timeline as the agent sent it, minus transport fields', () => {
    const request = sampleRequest({
      mode: 'acceptEdits',
      timeoutMs: 30_000,
      provenance: {
        type: 'rule',
        source: 'projectSettings',
        rule: 'Bash(npm:*)',
        file: '.claude/settings.json',
      },
      suggestions: [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }],
    });
    history.record(sampleEntry(request));
    const { type: _type, timeoutMs: _timeoutMs, ...sent } = request;
    expect(history.sessionTimeline('session-1')[0]?.request).toEqual({
      ...sent,
      fingerprint: sampleEntry(request).fingerprint,
      receivedAt: 1_000,
    });
  });

  it('lists sessions newest first with their agent, project, end and counts by outcome, a page at a time', () => {
    const agent = { name: 'sdk-agent', version: '1.0.0' };
    history.record(
      sampleEntry(
        sampleRequest({ id: 'a1', sessionId: 'A' }),
        { behavior: 'allow' },
        { agent, receivedAt: 100 },
      ),
    );
    history.record(
      sampleEntry(
        sampleRequest({ id: 'a2', sessionId: 'A' }),
        { behavior: 'deny' },
        { agent, receivedAt: 150 },
      ),
    );
    history.recordPending(sampleRequest({ id: 'a3', sessionId: 'A' }), agent, 160);
    history.record(
      sampleEntry(
        sampleRequest({ id: 'b1', sessionId: 'B', cwd: '/srv/b' }),
        { behavior: 'passthrough' },
        { receivedAt: 200 },
      ),
    );
    history.record(
      sampleEntry(
        sampleRequest({ id: 'b2', sessionId: 'B', cwd: '/srv/b' }),
        { behavior: 'passthrough', by: 'agent', message: 'turn interrupted' },
        { receivedAt: 210, channel: 'interrupted' },
      ),
    );
    history.recordPending(sampleRequest({ id: 'c1', sessionId: 'C' }), { name: 'claude-code' }, 300);
    history.recordSessionEnd('A', 9_000, 'agent');
    history.recordSessionEnd('A', 9_999, 'disconnect');

    const first = history.listSessions({ limit: 2 });
    expect(first.map((session) => session.id)).toEqual(['C', 'B']);
    expect(first[1]).toMatchObject({
      cwd: '/srv/b',
      // The turn the agent interrupted was left to no dialog: it is counted apart.
      counts: { allow: 0, deny: 0, passthrough: 1, pending: 0, interrupted: 1 },
    });
    expect(first[1]).not.toHaveProperty('endedAt');

    const next = history.listSessions({ limit: 2, before: first[1] });
    expect(next).toEqual([
      {
        id: 'A',
        agent,
        cwd: '/home/dev/project',
        firstSeen: 100,
        lastSeen: 9_000,
        endedAt: 9_000,
        endedBy: 'agent',
        counts: { allow: 1, deny: 1, passthrough: 0, pending: 1 },
      },
    ]);
    expect(history.listSessions({ limit: 2, before: next[0] })).toEqual([]);
  });

  it('amends a decision the agent did not take, keeps what was sent, and keeps the first word on it', () => {
    history.record(sampleEntry(sampleRequest({ id: 'n1', sessionId: 'S' }), { behavior: 'allow' }));
    history.recordNotTaken('n1', { because: 'terminal-no', message: 'use the build folder' });
    history.recordNotTaken('n1', { because: 'terminal-yes' });
    const [entry] = history.sessionTimeline('S');
    expect(entry?.decision).toMatchObject({
      decision: { behavior: 'allow', by: 'console' },
      notTaken: { because: 'terminal-no', message: 'use the build folder' },
    });
    expect(history.find('n1')?.decision).not.toHaveProperty('notTaken');
    history.record(sampleEntry(sampleRequest({ id: 'n2', sessionId: 'S' }), { behavior: 'deny' }));
    history.recordNotTaken('n2', { because: 'terminal-yes' });
    expect(history.sessionTimeline('S')[1]?.decision?.notTaken).toEqual({ because: 'terminal-yes' });
  });

  it("counts a session's decisions by what the agent did, not by the answer it did not take", () => {
    history.record(sampleEntry(sampleRequest({ id: 'a1', sessionId: 'S' }), { behavior: 'allow' }));
    history.record(sampleEntry(sampleRequest({ id: 'a2', sessionId: 'S' }), { behavior: 'allow' }));
    history.record(sampleEntry(sampleRequest({ id: 'd1', sessionId: 'S' }), { behavior: 'deny' }));
    const counts = () => history.listSessions({ limit: 1 })[0]?.counts;
    history.recordNotTaken('a2', { because: 'terminal-no' });
    expect(counts()).toEqual({ allow: 1, deny: 2, passthrough: 0, pending: 0 });
    history.recordNotTaken('d1', { because: 'terminal-yes' });
    expect(counts()).toEqual({ allow: 2, deny: 1, passthrough: 0, pending: 0 });
  });

  it('keeps the turn a request belongs to, and not where its transcript was', () => {
    const request = sampleRequest({
      id: 't1',
      sessionId: 'S',
      turnId: '01a24172-edcd-7751-b428-52383ef08537',
      transcriptPath: '/home/dev/.codex/sessions/rollout-1.jsonl',
    });
    history.recordPending(request, { name: 'codex' }, 1_000);
    const [entry] = history.sessionTimeline('S');
    expect(entry?.request.turnId).toBe('01a24172-edcd-7751-b428-52383ef08537');
    expect(entry?.request).not.toHaveProperty('transcriptPath');
  });

  it('lists a session from its reported start, before any request, and keeps that start', () => {
    const codex = { name: 'codex' };
    history.recordSessionStart('S', codex, '/home/dev/project', 1_000);
    expect(history.listSessions({ limit: 5 })).toEqual([
      {
        id: 'S',
        agent: codex,
        cwd: '/home/dev/project',
        firstSeen: 1_000,
        lastSeen: 1_000,
        counts: { allow: 0, deny: 0, passthrough: 0, pending: 0 },
      },
    ]);
    history.recordPending(sampleRequest({ id: 's1', sessionId: 'S' }), codex, 2_000);
    history.recordSessionStart('S', codex, '/home/dev/project', 1_500);
    history.recordSessionEnd('S', 3_000, 'agent');
    expect(history.listSessions({ limit: 5 })[0]).toMatchObject({
      firstSeen: 1_000,
      lastSeen: 3_000,
      endedAt: 3_000,
      endedBy: 'agent',
      counts: { pending: 1 },
    });
  });

  it('says a session ended by its connection closing, and opens it again when it asks once more', () => {
    const codex = { name: 'codex' };
    history.recordPending(sampleRequest({ id: 'd1', sessionId: 'D' }), codex, 1_000);
    history.recordSessionSeen('D', 2_000);
    history.recordSessionEnd('D', 2_500, 'disconnect');
    history.recordSessionEnd('D', 2_600, 'agent');
    expect(history.listSessions({ limit: 5 })[0]).toMatchObject({
      lastSeen: 2_500,
      endedAt: 2_500,
      endedBy: 'disconnect',
    });
    history.recordPending(sampleRequest({ id: 'd2', sessionId: 'D' }), codex, 4_000);
    const reopened = history.listSessions({ limit: 5 })[0];
    expect(reopened).toMatchObject({ lastSeen: 4_000 });
    expect(reopened).not.toHaveProperty('endedAt');
    expect(reopened).not.toHaveProperty('endedBy');
  });

  it('moves a session’s start back when a request from before it is recorded later, and only then', () => {
    history.record(sampleEntry(sampleRequest({ id: 'late' }), {}, { receivedAt: 500, decidedAt: 600 }));
    history.record(sampleEntry(sampleRequest({ id: 'later' }), {}, { receivedAt: 700, decidedAt: 800 }));
    expect(history.listSessions({ limit: 1 })[0]).toMatchObject({ firstSeen: 500, lastSeen: 800 });
    history.record(sampleEntry(sampleRequest({ id: 'early' }), {}, { receivedAt: 200, decidedAt: 300 }));
    expect(history.listSessions({ limit: 1 })[0]).toMatchObject({ firstSeen: 200, lastSeen: 800 });
  });

  it('lists the latest requests first, decided or pending, for rule previews', () => {
    history.record(
      sampleEntry(sampleRequest({ id: 'old', input: { command: 'npm test' } }), { behavior: 'allow' }),
    );
    history.recordPending(
      sampleRequest({ id: 'new', input: { command: 'npm run lint' } }),
      { name: 'agent' },
      2,
    );
    expect(history.recentRequests(10)).toEqual([
      { tool: 'Bash', cwd: sampleRequest().cwd, input: { command: 'npm run lint' } },
      { tool: 'Bash', cwd: sampleRequest().cwd, input: { command: 'npm test' } },
    ]);
    expect(history.recentRequests(1)).toHaveLength(1);
  });

  it('orders a timeline by arrival', () => {
    history.record(sampleEntry(sampleRequest({ id: 'late' }), {}, { receivedAt: 20 }));
    history.record(sampleEntry(sampleRequest({ id: 'early' }), {}, { receivedAt: 10 }));
    expect(history.sessionTimeline('session-1').map((entry) => entry.request.id)).toEqual(['early', 'late']);
  });

  it('counts one agent once however many sessions it runs, and keeps agents apart by version', () => {
    history.record(sampleEntry(sampleRequest({ id: '1', sessionId: 'S1' })));
    history.record(sampleEntry(sampleRequest({ id: '2', sessionId: 'S2' })));
    history.record(
      sampleEntry(sampleRequest({ id: '3', sessionId: 'S3' }), {}, { agent: { name: 'claude-code' } }),
    );
    history.close();
    const db = new Database(path, { readonly: true });
    expect(db.prepare('SELECT name, version FROM agents ORDER BY id').all()).toEqual([
      { name: 'claude-code', version: '2.0.14' },
      { name: 'claude-code', version: '' },
    ]);
    db.close();
    history = createSqliteHistory(path);
    expect(history.listSessions({ limit: 5 }).find((session) => session.id === 'S3')?.agent).toEqual({
      name: 'claude-code',
    });
  });

  it("writes an agent's row once: later requests of that agent, in any session, leave the agents table alone", () => {
    history.record(sampleEntry(sampleRequest({ id: '1', sessionId: 'S1' })));
    history.close();
    const db = new Database(path);
    db.exec(`
      CREATE TABLE agent_writes (name TEXT);
      CREATE TRIGGER agent_updated AFTER UPDATE ON agents BEGIN INSERT INTO agent_writes VALUES (new.name); END;
      CREATE TRIGGER agent_inserted AFTER INSERT ON agents BEGIN INSERT INTO agent_writes VALUES (new.name); END;`);
    db.close();

    history = createSqliteHistory(path);
    history.record(sampleEntry(sampleRequest({ id: '2', sessionId: 'S1' })));
    history.recordPending(
      sampleRequest({ id: '3', sessionId: 'S2' }),
      { name: 'claude-code', version: '2.0.14' },
      1_000,
    );
    history.record(sampleEntry(sampleRequest({ id: '3', sessionId: 'S2' })));
    history.record(
      sampleEntry(sampleRequest({ id: '4', sessionId: 'S3' }), {}, { agent: { name: 'codex' } }),
    );
    history.close();

    const check = new Database(path, { readonly: true });
    expect(check.prepare('SELECT name FROM agent_writes').pluck().all()).toEqual(['codex']);
    check.close();
    history = createSqliteHistory(path);
    expect(history.listSessions({ limit: 5 }).map((session) => [session.id, session.agent.name])).toEqual([
      ['S3', 'codex'],
      ['S2', 'claude-code'],
      ['S1', 'claude-code'],
    ]);
  });

  it('leaves the file in WAL mode, so readers never wait for the writer', () => {
    history.close();
    const db = new Database(path, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
    history = createSqliteHistory(path);
  });
});

describe('search', () => {
  beforeEach(() => {
    history.record(
      sampleEntry(
        sampleRequest({ id: 'bash', input: { command: 'git push --force origin main' } }),
        {},
        { receivedAt: 1 },
      ),
    );
    history.record(
      sampleEntry(
        sampleRequest({
          id: 'write',
          tool: 'Write',
          input: { file_path: '/etc/hosts', content: 'secret words' },
        }),
        {},
        { receivedAt: 2 },
      ),
    );
    history.record(
      sampleEntry(
        sampleRequest({
          id: 'fetch',
          tool: 'WebFetch',
          input: { url: 'https://docs.example.com/api', prompt: 'x' },
        }),
        {},
        { receivedAt: 3 },
      ),
    );
    history.recordPending(
      sampleRequest({ id: 'grep', tool: 'Grep', input: { pattern: 'TODO', path: 'src/push' } }),
      { name: 'claude-code' },
      4,
    );
    history.record(
      sampleEntry(
        sampleRequest({ id: 'mcp', tool: 'mcp__fs__read', input: { args: { path: '/var/log/syslog' } } }),
        {},
        { receivedAt: 5 },
      ),
    );
  });

  const ids = (text: string, limit = 10) => history.search(text, { limit }).map((entry) => entry.request.id);

  it('finds a Bash command by a word in it', () => {
    expect(ids('force')).toEqual(['bash']);
    expect(history.search('force', { limit: 10 })[0]?.decision?.decision.behavior).toBe('allow');
  });

  it('searches paths, URLs, patterns and nested arguments, newest first, including pending requests', () => {
    expect(ids('push')).toEqual(['grep', 'bash']);
    expect(ids('hosts')).toEqual(['write']);
    expect(ids('docs.example.com')).toEqual(['fetch']);
    expect(ids('syslog')).toEqual(['mcp']);
    expect(ids('push', 1)).toEqual(['grep']);
  });

  it('needs every word, matches prefixes, and ignores fields that are not commands, paths or URLs', () => {
    expect(ids('git main')).toEqual(['bash']);
    expect(ids('git hosts')).toEqual([]);
    expect(ids('orig')).toEqual(['bash']);
    expect(ids('secret')).toEqual([]);
  });

  it('treats FTS5 operators and quotes as text, and finds nothing for nothing', () => {
    expect(ids('--force')).toEqual(['bash']);
    for (const text of ['"', 'AND (', 'NEAR(push', '*', '   ', '']) expect(() => ids(text)).not.toThrow();
    expect(ids('  ')).toEqual([]);
  });
});
