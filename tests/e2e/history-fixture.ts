/**
 * A history of realistic shape written into a console's home before it starts: four recent sessions of
 * everyday work (each racer and outcome, a rule written, a grant that answered, a denial with a message),
 * and sixty short sessions from months ago, enough to page through and to purge.
 */
import { join } from 'node:path';
import type { DecisionBehavior, PermissionRequest, RacerKind } from '../../common/protocol';
import type { SessionEndView } from '../../common/history-contract';
import { createSqliteHistory, HISTORY_FILE } from '../../main/history';
import { requestFingerprint } from '../../main/history/request-fingerprint';

const MINUTE = 60_000;
const DAY = 86_400_000;

interface Ask {
  readonly tool: string;
  readonly input: Record<string, unknown>;
  /** Omitted: nobody answered. */
  readonly answer?: {
    readonly behavior: DecisionBehavior;
    readonly by: RacerKind;
    readonly channel?: string;
    readonly latencyMs: number;
    readonly ruleWritten?: string;
    readonly message?: string;
  };
}

interface Session {
  readonly id: string;
  readonly agent: string;
  readonly cwd: string;
  /** When its first request came, before `now`. */
  readonly ago: number;
  readonly ended: false | SessionEndView;
  readonly asks: readonly Ask[];
}

export const SHOP = '/home/dev/projects/shop';
export const DOCS = '/home/dev/projects/docs-site';

export const RECENT_SESSIONS: readonly Session[] = [
  {
    id: '3f9c2a71-5d4e-4b8a-9c61-2e7f0a9d4b13',
    agent: 'claude-code',
    cwd: SHOP,
    ago: 50 * MINUTE,
    ended: false,
    asks: [
      {
        tool: 'Bash',
        input: { command: 'npm run build && npm test -- --coverage', description: 'Build and run the tests' },
        answer: {
          behavior: 'allow',
          by: 'console',
          channel: 'window',
          latencyMs: 2_430,
          ruleWritten: 'Bash(npm test *)',
        },
      },
      {
        tool: 'Edit',
        input: {
          file_path: `${SHOP}/src/cart.ts`,
          old_string: '  for (const item of items) sum += item.price;',
          new_string: '  for (const item of items) sum += item.price * item.quantity;',
        },
        answer: { behavior: 'allow', by: 'notification', latencyMs: 6_120 },
      },
      {
        tool: 'Bash',
        input: { command: 'git push --force origin main', description: 'Push the fix' },
        answer: {
          behavior: 'deny',
          by: 'console',
          channel: 'web',
          latencyMs: 11_800,
          message: 'Never force-push main; open a pull request instead.',
        },
      },
      {
        tool: 'Bash',
        input: { command: 'npm test -- --watch=false', description: 'Run the tests once' },
        answer: { behavior: 'allow', by: 'grant', channel: 'grant:Bash(npm test *)', latencyMs: 4 },
      },
      {
        tool: 'WebFetch',
        input: {
          url: 'https://docs.example.com/api/v2/orders?page=2',
          prompt: 'Which fields does an order have?',
        },
      },
    ],
  },
  {
    id: 'b81c55e0-2f4d-4c1e-9a7b-61f0c3d2e4a9',
    agent: 'claude-code',
    cwd: DOCS,
    ago: 5 * 60 * MINUTE,
    ended: 'agent',
    asks: [
      {
        tool: 'Write',
        input: {
          file_path: `${DOCS}/guide/install.md`,
          content: '# Install\n\nRun `npm install gatehouse`.\n',
        },
        answer: { behavior: 'allow', by: 'tray', latencyMs: 3_900 },
      },
      {
        tool: 'Bash',
        input: { command: 'rm -rf build/ node_modules/.cache', description: 'Clean the build output' },
        answer: { behavior: 'passthrough', by: 'agent', latencyMs: 15_200 },
      },
      {
        tool: 'mcp__github__create_issue',
        input: { owner: 'acme', repo: 'docs-site', title: 'Install guide misses Windows', labels: ['docs'] },
        answer: { behavior: 'deny', by: 'timeout', latencyMs: 600_000 },
      },
    ],
  },
  {
    id: '5d0e7a13-8c2b-4f6a-b1d9-0e4c7f2a6b38',
    agent: 'ci-agent',
    cwd: `${SHOP}-admin`,
    ago: 26 * 60 * MINUTE,
    ended: 'disconnect',
    asks: [
      {
        tool: 'Bash',
        input: { command: 'docker compose up -d db', description: 'Start the database' },
        answer: { behavior: 'allow', by: 'console', channel: 'window', latencyMs: 1_200 },
      },
      {
        tool: 'Bash',
        input: { command: 'psql -c "DROP TABLE sessions"', description: 'Reset sessions' },
        answer: {
          behavior: 'deny',
          by: 'console',
          channel: 'window',
          latencyMs: 8_400,
          message: 'Not on the shared database.',
        },
      },
    ],
  },
  {
    id: '9e41d7c0-3a5b-4f2e-8d61-7c0b2a9e5f14',
    agent: 'claude-code',
    cwd: SHOP,
    ago: 3 * DAY,
    ended: false,
    asks: [
      {
        tool: 'Read',
        input: { file_path: `${SHOP}/.env.production` },
        answer: { behavior: 'deny', by: 'notification', latencyMs: 2_000 },
      },
      {
        tool: 'Bash',
        input: { command: 'npm run lint -- --fix', description: 'Fix lint errors' },
        answer: { behavior: 'passthrough', by: 'session', latencyMs: 30_500 },
      },
    ],
  },
];

/** How many months-old sessions the fixture adds, one request each, beyond the first page of fifty. */
export const OLD_SESSIONS = 60;
export const OLD_AGE_DAYS = 200;

export function recentRequestCount(): number {
  return RECENT_SESSIONS.reduce((sum, session) => sum + session.asks.length, 0);
}

function record(history: ReturnType<typeof createSqliteHistory>, session: Session, now: number) {
  session.asks.forEach((ask, index) => {
    const receivedAt = now - session.ago + index * 3 * MINUTE;
    const request: PermissionRequest = {
      type: 'permission.request',
      id: `${session.id.slice(0, 8)}-${index}`,
      sessionId: session.id,
      cwd: session.cwd,
      tool: ask.tool,
      input: ask.input,
      mode: 'default',
    };
    const agent = { name: session.agent };
    if (!ask.answer) {
      history.recordPending(request, agent, receivedAt);
      return;
    }
    const { behavior, by, channel, latencyMs, ruleWritten, message } = ask.answer;
    history.record({
      request,
      agent,
      fingerprint: requestFingerprint(request),
      decision: {
        type: 'permission.decision',
        id: request.id,
        behavior,
        by,
        ...(message ? { message } : {}),
      },
      receivedAt,
      decidedAt: receivedAt + latencyMs,
      ...(channel ? { channel } : {}),
      ...(ruleWritten ? { ruleWritten } : {}),
    });
  });
  if (session.ended)
    history.recordSessionEnd(session.id, now - session.ago + session.asks.length * 3 * MINUTE, session.ended);
}

export function fillHistory(home: string, now: number = Date.now()): void {
  const history = createSqliteHistory(join(home, HISTORY_FILE));
  try {
    for (const session of RECENT_SESSIONS) record(history, session, now);
    for (let i = 0; i < OLD_SESSIONS; i++) {
      record(
        history,
        {
          id: `old-${String(i).padStart(3, '0')}-0000-4000-8000-000000000000`,
          agent: 'claude-code',
          cwd: SHOP,
          ago: OLD_AGE_DAYS * DAY + i * DAY,
          ended: 'agent',
          asks: [
            {
              tool: 'Bash',
              input: { command: `git log --oneline -n ${i + 1}`, description: 'Look at history' },
              answer: { behavior: 'allow', by: 'console', channel: 'window', latencyMs: 900 },
            },
          ],
        },
        now,
      );
    }
  } finally {
    history.close();
  }
}

/** One session of `count` Bash requests a minute apart, `echo step 0` first. */
export function fillLongSession(home: string, count: number, now: number = Date.now()): void {
  const history = createSqliteHistory(join(home, HISTORY_FILE));
  try {
    record(
      history,
      {
        id: 'long-session-0000-4000-8000-000000000000',
        agent: 'claude-code',
        cwd: SHOP,
        ago: count * 3 * MINUTE,
        ended: false,
        asks: Array.from({ length: count }, (_, i) => ({
          tool: 'Bash',
          input: { command: `echo step ${i}` },
          answer: {
            behavior: 'allow' as const,
            by: 'grant' as const,
            channel: 'grant:Bash(echo *)',
            latencyMs: 3,
          },
        })),
      },
      now,
    );
  } finally {
    history.close();
  }
}
