/**
 * A history database of realistic shape for the bench: sessions of about fifty requests each, spread over
 * ninety days up to `now`, with the tool, outcome and racer mix of everyday use and commands, paths and
 * URLs varied enough that full-text search has a real vocabulary. A fixed seed makes every run the same.
 */
import type { Database } from 'better-sqlite3';
import type { DecisionBehavior, RacerKind } from '../../common/protocol';

const DAY_MS = 86_400_000;
const SPAN_MS = 90 * DAY_MS;
const REQUESTS_PER_SESSION = 50;

/** mulberry32: tiny, seeded, and good enough to pick from weighted lists. */
export function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function weighted<T>(next: () => number, choices: ReadonlyArray<readonly [T, number]>): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = next() * total;
  for (const [value, weight] of choices) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return choices[choices.length - 1]![0];
}

const TOOLS = [
  ['Bash', 45],
  ['Edit', 15],
  ['Read', 14],
  ['Grep', 8],
  ['Write', 5],
  ['Glob', 5],
  ['WebFetch', 4],
  ['mcp__github__create_issue', 4],
] as const;

/** A decision's behavior and the racer that won it; undefined for a request left pending. */
type Outcome = readonly [DecisionBehavior, RacerKind] | undefined;

const OUTCOMES: ReadonlyArray<readonly [Outcome, number]> = [
  [['allow', 'console'], 30],
  [['allow', 'grant'], 35],
  [['allow', 'notification'], 5],
  [['deny', 'console'], 8],
  [['deny', 'notification'], 2],
  [['deny', 'timeout'], 2],
  [['passthrough', 'agent'], 10],
  [['passthrough', 'disconnect'], 2],
  [undefined, 3],
];

const COMMANDS = [
  'npm run test -- --watch=false',
  'npm run build',
  'git status',
  'git push origin feature-{n}',
  'git commit -m "fix issue {n}"',
  'terraform plan -out plan-{n}',
  'docker compose up -d service-{n}',
  'rm -rf build dist',
  'curl -s https://api.example.com/v1/items/{n}',
  'python manage.py migrate app_{n}',
  'kubectl rollout restart deployment/web-{n}',
  'cargo test --package crate-{n}',
] as const;

function toolInput(tool: string, next: () => number, project: string): Record<string, unknown> {
  const n = Math.floor(next() * 500);
  const file = `${project}/src/module-${n % 40}/file-${n}.ts`;
  switch (tool) {
    case 'Bash':
      return { command: COMMANDS[Math.floor(next() * COMMANDS.length)]!.replace('{n}', String(n)) };
    case 'Edit':
      return { file_path: file, old_string: `value ${n}`, new_string: `value ${n + 1}` };
    case 'Write':
      return { file_path: file, content: `export const v${n} = ${n};\n` };
    case 'Read':
      return { file_path: file };
    case 'Grep':
      return { pattern: `handler${n % 60}`, path: `${project}/src` };
    case 'Glob':
      return { pattern: `**/*${n % 30}.ts` };
    case 'WebFetch':
      return { url: `https://docs.example.com/guide/page-${n}`, prompt: 'summarise' };
    default:
      return { args: { title: `Bug ${n}`, body: 'see logs' } };
  }
}

/** Fills `db` (already migrated) with `count` requests ending at `now`, in one transaction. */
export function fillHistory(db: Database, count: number, now: number): void {
  const next = random(0x9a7e);
  const agent = db.prepare(
    "INSERT INTO agents (id, name, version, first_seen) VALUES (1, 'claude-code', '2.0.14', ?)",
  );
  const session = db.prepare(
    'INSERT INTO sessions (id, agent_id, cwd, first_seen, last_seen, ended_at) VALUES (?, 1, ?, ?, ?, ?)',
  );
  const request = db.prepare(`
    INSERT INTO requests (id, session_id, tool, input, cwd, mode, fingerprint, received_at)
    VALUES (?, ?, ?, ?, ?, 'default', ?, ?)`);
  const decision = db.prepare(`
    INSERT INTO decisions (request_id, behavior, decided_by, channel, latency_ms, decided_at)
    VALUES (?, ?, ?, ?, ?, ?)`);
  const start = now - SPAN_MS;
  const step = SPAN_MS / count;
  db.transaction(() => {
    agent.run(start);
    for (let first = 0; first < count; first += REQUESTS_PER_SESSION) {
      const sessionId = `session-${first / REQUESTS_PER_SESSION}`;
      const project = `/home/dev/project-${Math.floor(next() * 25)}`;
      const last = Math.min(count, first + REQUESTS_PER_SESSION) - 1;
      const firstAt = Math.round(start + first * step);
      const lastAt = Math.round(start + last * step);
      session.run(sessionId, project, firstAt, lastAt, lastAt);
      for (let i = first; i <= last; i++) {
        const id = `req-${i}`;
        const tool = weighted(next, TOOLS);
        const at = Math.round(start + i * step);
        request.run(
          id,
          sessionId,
          tool,
          JSON.stringify(toolInput(tool, next, project)),
          project,
          `fp-${i}`,
          at,
        );
        const outcome = weighted(next, OUTCOMES);
        if (!outcome) continue;
        const [behavior, by] = outcome;
        const latency = Math.floor(next() * 8_000);
        decision.run(id, behavior, by, by === 'console' ? 'window' : null, latency, at + latency);
      }
    }
  })();
}
