/**
 * A Claude Code history of one project from which the console proposes rules (docs/console.md,
 * Suggestions): a person keeps allowing `npm run lint` and edits of one file, keeps granting `npm run
 * typecheck` session after session, once denied a lint run weeks ago, and allowed a recursive delete outside
 * the project often enough to count, which is never proposed.
 */
import { join } from 'node:path';
import type { DecisionBehavior, RacerKind } from '../../common/protocol';
import { createSqliteHistory, HISTORY_FILE } from '../../main/history';
import { requestFingerprint } from '../../main/history/request-fingerprint';

const MINUTE = 60_000;
const DAY = 86_400_000;

interface Recorded {
  readonly tool: string;
  readonly input: Record<string, unknown>;
  readonly behavior: DecisionBehavior;
  readonly by: RacerKind;
  readonly ago: number;
  readonly session?: string;
  readonly channel?: string;
  readonly message?: string;
}

/** `lintAllows`: how many allows of `npm run lint` history holds (five reach the threshold). */
export function fillProposalHistory(home: string, project: string, lintAllows: number): void {
  const bash = (command: string) => ({ command, description: 'Run it' });
  const asks: Recorded[] = [
    {
      tool: 'Bash',
      input: bash('npm run lint -- --fix'),
      behavior: 'deny',
      by: 'console',
      ago: 40 * DAY,
      message: 'Not with --fix: show me what it finds first.',
    },
    ...Array.from({ length: lintAllows }, (_, i) => ({
      tool: 'Bash',
      input: bash(i % 2 ? 'npm run lint' : 'npm run lint -- src'),
      behavior: 'allow' as const,
      by: 'console' as const,
      ago: (i + 1) * 3 * 60 * MINUTE,
    })),
    ...Array.from({ length: 5 }, (_, i) => ({
      tool: 'Edit',
      input: { file_path: join(project, 'src/cart.ts'), old_string: `a${i}`, new_string: `b${i}` },
      behavior: 'allow' as const,
      by: i % 2 ? ('notification' as const) : ('console' as const),
      ago: (i + 1) * 5 * 60 * MINUTE,
    })),
    ...['one', 'two', 'three'].map((name, i) => ({
      tool: 'Bash',
      input: bash('npm run typecheck'),
      behavior: 'allow' as const,
      by: 'grant' as const,
      channel: 'grant:Bash(npm run typecheck *)',
      session: `typecheck-${name}`,
      ago: (i + 1) * DAY,
    })),
    ...Array.from({ length: 6 }, (_, i) => ({
      tool: 'Bash',
      input: bash('rm -rf /tmp/shop-cache'),
      behavior: 'allow' as const,
      by: 'console' as const,
      ago: (i + 1) * 7 * MINUTE,
    })),
  ];
  const history = createSqliteHistory(join(home, HISTORY_FILE));
  const now = Date.now();
  asks.forEach((ask, i) => {
    const request = {
      type: 'permission.request' as const,
      id: `proposal-${i}`,
      sessionId: ask.session ?? '8d2e4f60-1a7b-4c3d-9e85-0f6a2b7c1d94',
      cwd: project,
      tool: ask.tool,
      input: ask.input,
      mode: 'default' as const,
    };
    const receivedAt = now - ask.ago;
    history.record({
      request,
      agent: { name: 'claude-code', version: '2.1.328' },
      fingerprint: requestFingerprint(request),
      decision: {
        type: 'permission.decision',
        id: request.id,
        behavior: ask.behavior,
        by: ask.by,
        ...(ask.message ? { message: ask.message } : {}),
      },
      ...(ask.channel ? { channel: ask.channel } : {}),
      receivedAt,
      decidedAt: receivedAt + 2_000,
    });
  });
  history.close();
}
