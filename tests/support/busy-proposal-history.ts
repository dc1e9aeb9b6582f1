/**
 * A busy Claude Code history of one project for the proposals worker's test and bench: `count` questions a
 * person answered in the console over the last three weeks, spread over many kinds of call (scripts, git
 * subcommands, edits of many files), so that a pass of rule proposals weighs many candidates on every one.
 */
import { join } from 'node:path';
import { createSqliteHistory, HISTORY_FILE } from '../../main/history';
import { requestFingerprint } from '../../main/history/request-fingerprint';

const MINUTE = 60_000;
const KINDS = 60;

function callOf(i: number, project: string): { tool: string; input: Record<string, unknown> } {
  const kind = i % KINDS;
  if (kind < 25) return { tool: 'Bash', input: { command: `npm run task-${kind} -- --page ${i}` } };
  if (kind < 40)
    return {
      tool: 'Bash',
      input: { command: `git ${['log', 'diff', 'show'][kind % 3]} -n ${i} src/m${kind}` },
    };
  return {
    tool: 'Edit',
    input: { file_path: join(project, `src/module-${kind}.ts`), old_string: `a${i}`, new_string: `b${i}` },
  };
}

export function fillBusyProposalHistory(home: string, project: string, count: number): void {
  const history = createSqliteHistory(join(home, HISTORY_FILE));
  const now = Date.now();
  for (let i = 0; i < count; i++) {
    const request = {
      type: 'permission.request' as const,
      id: `busy-${i}`,
      sessionId: `session-${Math.floor(i / 50)}`,
      cwd: project,
      ...callOf(i, project),
      mode: 'default' as const,
    };
    const receivedAt = now - (count - i) * 6 * MINUTE;
    history.record({
      request,
      agent: { name: 'claude-code', version: '2.1.328' },
      fingerprint: requestFingerprint(request),
      // Edits of the last few modules are sometimes denied, so those are never proposed.
      decision: {
        type: 'permission.decision',
        id: request.id,
        behavior: i % KINDS >= 55 && i % 3 === 0 ? 'deny' : 'allow',
        by: 'console',
      },
      receivedAt,
      decidedAt: receivedAt + 2_000,
    });
  }
  history.close();
}
