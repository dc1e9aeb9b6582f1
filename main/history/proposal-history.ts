/**
 * What rule proposals read from history (main/rules/proposals/propose.ts): the last questions of the given
 * agents with what became of each, and the proposals a person dismissed, kept for good.
 */
import type { Database } from 'better-sqlite3';
import type { PastQuestion } from '../../common/proposals-contract';
import type { PermissionUpdate, RacerKind } from '../../common/protocol';

export interface Dismissal {
  readonly cwd: string;
  readonly rule: string;
}

export interface ProposalHistory {
  /** The last `limit` questions of these agents, newest first. */
  pastQuestions(agents: readonly string[], limit: number): PastQuestion[];
  dismissals(): Dismissal[];
  /** Idempotent: the first dismissal's time stays. */
  dismiss(dismissal: Dismissal, at: number): void;
}

interface Row {
  readonly id: string;
  readonly session_id: string;
  readonly agent: string;
  readonly tool: string;
  readonly input: string;
  readonly cwd: string;
  readonly suggestions: string | null;
  readonly received_at: number;
  readonly behavior: string | null;
  readonly decided_by: string | null;
  readonly channel: string | null;
  readonly not_taken: string | null;
}

/** What the agent did: the terminal's answer when it took that instead of the recorded one. */
function outcomeOf(row: Row): PastQuestion['outcome'] {
  if (row.not_taken === 'terminal-no') return 'deny';
  if (row.not_taken === 'terminal-yes') return 'allow';
  return (row.behavior ?? undefined) as PastQuestion['outcome'];
}

export function createProposalHistory(db: Database): ProposalHistory {
  const questions = db.prepare<{ agents: string; limit: number }, Row>(`
    SELECT r.id, r.session_id, a.name AS agent, r.tool, r.input, r.cwd, r.suggestions, r.received_at,
           d.behavior, d.decided_by, d.channel, d.not_taken
    FROM requests r
    JOIN sessions s ON s.id = r.session_id
    JOIN agents a ON a.id = s.agent_id
    LEFT JOIN decisions d ON d.request_id = r.id
    WHERE a.name IN (SELECT value FROM json_each(@agents))
    ORDER BY r.rowid DESC
    LIMIT @limit`);
  const listDismissals = db.prepare<[], Dismissal>('SELECT cwd, rule FROM proposal_dismissals');
  const insertDismissal = db.prepare<{ cwd: string; rule: string; at: number }>(
    'INSERT INTO proposal_dismissals (cwd, rule, dismissed_at) VALUES (@cwd, @rule, @at) ON CONFLICT DO NOTHING',
  );
  return {
    pastQuestions: (agents, limit) =>
      questions.all({ agents: JSON.stringify(agents), limit }).map((row) => {
        const outcome = outcomeOf(row);
        return {
          id: row.id,
          sessionId: row.session_id,
          agent: row.agent,
          tool: row.tool,
          input: JSON.parse(row.input) as Record<string, unknown>,
          cwd: row.cwd,
          ...(row.suggestions !== null
            ? { suggestions: JSON.parse(row.suggestions) as PermissionUpdate[] }
            : {}),
          receivedAt: row.received_at,
          ...(outcome ? { outcome } : {}),
          ...(row.decided_by !== null ? { by: row.decided_by as RacerKind } : {}),
          ...(row.channel !== null ? { channel: row.channel } : {}),
          ...(row.not_taken !== null ? { terminal: true } : {}),
        };
      }),
    dismissals: () => listDismissals.all(),
    dismiss: ({ cwd, rule }, at) => void insertDismissal.run({ cwd, rule, at }),
  };
}
