/**
 * The agents' own record of a heavy user for the bench: ten agents at once, each session a few hundred
 * calls, their rows interleaved as concurrent sessions write them, with the ids, summaries, sources and
 * modes the agents send (Claude Code's `toolu_…`, Codex's `call_…`). Written straight into the tables,
 * a transaction per batch, so ten million rows take minutes rather than the ingest path's hours; each
 * batch's search terms are written after it by the console's own indexer (activity-indexer.ts). A fixed seed makes every run the same.
 */
import type { Database } from 'better-sqlite3';
import { createActivityIndexer } from '../../main/history/activity-indexer';
import { SUMMARY_CHARS } from '../../main/history/activity-store';
import { random, weighted } from './fill';

const DAY_MS = 86_400_000;
/** Rows per transaction: big enough that commits cost nothing next to the rows. */
const BATCH = 100_000;
const CONCURRENT_SESSIONS = 10;
const ID_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

const TOOLS = [
  ['Bash', 50],
  ['Read', 18],
  ['Edit', 14],
  ['Grep', 8],
  ['Glob', 4],
  ['Write', 4],
  ['WebFetch', 2],
] as const;

const COMMANDS = [
  'npm run test -- --watch=false',
  'npm run build',
  'git status',
  'git diff --stat',
  'git push origin feature-{n}',
  'git commit -m "fix issue {n}"',
  'terraform plan -out plan-{n}',
  'docker compose up -d service-{n}',
  'curl -s https://api.example.com/v1/items/{n}',
  'python manage.py migrate app_{n}',
  'kubectl rollout restart deployment/web-{n}',
  'cargo test --package crate-{n}',
  'ls -la src/module-{n}',
] as const;

type Settled = readonly [source: string, allowed: 0 | 1];

/** How Claude Code's calls were settled, in its words, and how often; Codex's below. */
const CLAUDE_SOURCES: ReadonlyArray<readonly [Settled, number]> = [
  [['config', 1], 55],
  [['classifier', 1], 25],
  [['classifier', 0], 3],
  [['hook', 1], 8],
  [['user_temporary', 1], 6],
  [['user_reject', 0], 3],
];
const CODEX_SOURCES: ReadonlyArray<readonly [Settled, number]> = [
  [['Config', 1], 70],
  [['AutomatedReviewer', 1], 20],
  [['User', 1], 8],
  [['User', 0], 2],
];
const MODES = [
  ['auto', 60],
  ['default', 30],
  ['acceptEdits', 10],
] as const;

export interface ActivityFill {
  readonly rows: number;
  readonly sessions: number;
  /** Session ids spread over the whole record, for picking pages to read. */
  readonly sample: readonly string[];
  /** The instant before which the oldest `purgeShare` of the sessions were last active. */
  cutoffFor(purgeShare: number): number;
}

/** Fills `db` (already migrated) with `count` activity rows spread over `days` days up to `now`. */
export function fillActivity(db: Database, count: number, now: number, days: number): ActivityFill {
  const next = random(0xac71);
  const id = (prefix: string, length: number) => {
    let text = prefix;
    for (let i = 0; i < length; i++) text += ID_CHARS[Math.floor(next() * ID_CHARS.length)];
    return text;
  };
  const hex = () => Math.floor(next() * 16).toString(16);
  const uuid = () => [8, 4, 4, 4, 12].map((length) => Array.from({ length }, hex).join('')).join('-');
  const insertSession = db.prepare(
    'INSERT INTO activity_sessions (id, session_id, agent, first_seen, last_seen) VALUES (?, ?, ?, ?, ?)',
  );
  const touchSession = db.prepare('UPDATE activity_sessions SET last_seen = ? WHERE id = ?');
  const insertCall = db.prepare(`
    INSERT INTO activity (session, call_id, tool, summary, seq, decided_at, allowed, source, mode, ended_at,
                          duration_ms, success, error)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);

  interface Open {
    readonly key: number;
    readonly agent: 'claude' | 'codex';
    readonly project: string;
    left: number;
    seq: number;
    lastAt: number;
  }
  const start = now - days * DAY_MS;
  const step = (days * DAY_MS) / count;
  let sessions = 0;
  const lastSeen: number[] = [];
  const ids: string[] = [];
  const open = (at: number): Open => {
    sessions += 1;
    const agent = next() < 0.7 ? 'claude' : 'codex';
    const sessionId = agent === 'claude' ? uuid() : `019${uuid().slice(3)}`;
    insertSession.run(sessions, sessionId, agent, at, at);
    ids.push(sessionId);
    return {
      key: sessions,
      agent,
      project: `/home/dev/project-${Math.floor(next() * 25)}`,
      left: 100 + Math.floor(next() * 900),
      seq: 20,
      lastAt: at,
    };
  };
  const active: Open[] = [];
  const close = (session: Open) => {
    touchSession.run(session.lastAt, session.key);
    lastSeen[session.key] = session.lastAt;
  };

  const summaryOf = (tool: string, project: string): string => {
    const n = Math.floor(next() * 500);
    const file = `${project}/src/module-${n % 40}/file-${n}.ts`;
    switch (tool) {
      case 'Bash':
        return COMMANDS[Math.floor(next() * COMMANDS.length)]!.replace('{n}', String(n));
      case 'Grep':
        return `handler${n % 60} in ${project}/src`;
      case 'Glob':
        return `**/*${n % 30}.ts`;
      case 'WebFetch':
        return `https://docs.example.com/guide/page-${n}`;
      default:
        return file;
    }
  };

  const writeBatch = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const at = Math.round(start + i * step);
      while (active.length < CONCURRENT_SESSIONS) active.push(open(at));
      const which = Math.floor(next() * active.length);
      const session = active[which]!;
      const tool = weighted(next, TOOLS);
      const [source, allowed] = weighted(next, session.agent === 'claude' ? CLAUDE_SOURCES : CODEX_SOURCES);
      const duration = allowed ? Math.floor(next() * 4_000) : null;
      session.seq += 2 + Math.floor(next() * 6);
      insertCall.run(
        session.key,
        session.agent === 'claude' ? id('toolu_01', 22) : id('call_', 24),
        tool,
        summaryOf(tool, session.project).slice(0, SUMMARY_CHARS),
        session.agent === 'claude' ? session.seq : null,
        at,
        allowed,
        source,
        session.agent === 'claude' ? weighted(next, MODES) : null,
        duration === null ? null : at + duration,
        duration,
        duration === null ? null : next() < 0.93 ? 1 : 0,
        null,
      );
      session.lastAt = at;
      session.left -= 1;
      if (session.left === 0) {
        close(session);
        active.splice(which, 1);
      }
    }
  });
  // Each batch's search terms as the console's indexer writes them, in one go: a fill has no decision to wait.
  const indexer = createActivityIndexer(db);
  for (let from = 0; from < count; from += BATCH) {
    writeBatch(from, Math.min(count, from + BATCH));
    indexer.catchUp();
  }
  indexer.stop();
  db.transaction(() => active.forEach(close))();

  return {
    rows: count,
    sessions,
    // Two hundred sessions spread evenly over the record.
    sample: Array.from({ length: 200 }, (_, i) => ids[Math.floor((i * ids.length) / 200)]!),
    cutoffFor(purgeShare) {
      const sorted = lastSeen.filter((at) => at !== undefined).sort((a, b) => a - b);
      return sorted[Math.floor(sorted.length * purgeShare)]!;
    },
  };
}
